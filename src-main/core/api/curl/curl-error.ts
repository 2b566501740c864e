// The one error type of cURL import (shell splitting and option reading alike), and the helper
// that quotes a pasted value in its messages. Its own module so every scanner and reader can
// throw it without importing the entry points that call them.
import { shorten } from '../shorten';

/** A pasted command that cannot become a request; the message is one sentence a person can act on. */
export class CurlParseError extends Error {
  override name = 'CurlParseError';
}

/** A value quoted for a message, cut short: messages stay readable for a 200 KB argument. */
export function preview(value: string): string {
  return `"${shorten(value, '...')}"`;
}
