// `media` / `audio`: an http(s) URL (kept, never fetched) or the file's bytes in base64 with no
// `data:` prefix. Base64 is checked by hand (a regex over 134 MiB risks the regexp stack) and
// its decoded size computed from the length, without decoding.
import type { FieldError } from './errors';
import { field } from './reply';
import { stringValue } from './validate';

export type Payload = { kind: 'url'; url: string } | { kind: 'bytes'; bytes: number };

export const MiB = 1024 * 1024;
const MAX_URL_LENGTH = 8192;

const BASE64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') BASE64_CHAR[c.charCodeAt(0)] = 1;

/** Decoded size of padded standard base64, or -1 when `text` is not that. */
export function base64DecodedSize(text: string): number {
  if (text.length % 4 !== 0) return -1;
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  const end = text.length - padding;
  for (let i = 0; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || BASE64_CHAR[code] !== 1) return -1;
  }
  return (text.length / 4) * 3 - padding;
}

function httpUrl(text: string): string | null {
  if (!/^https?:\/\//i.test(text) || text.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? text : null;
  } catch {
    return null;
  }
}

function formatLimit(bytes: number): string {
  return `${bytes / MiB} MiB (${bytes} bytes)`;
}

export function payloadField(
  body: Record<string, unknown>,
  name: string,
  maxBytes: number,
  what: string,
  errors: FieldError[],
): Payload | undefined {
  const value = stringValue(body, name, errors, {
    missing: 'is required: an http(s) URL or the file in base64',
    notString: 'must be a string: an http(s) URL or the file in base64',
  });
  if (value === undefined) return undefined;
  if (value === '') {
    errors.push(field(name, 'must not be empty'));
    return undefined;
  }
  if (/^https?:/i.test(value)) {
    const url = httpUrl(value);
    if (url === null) errors.push(field(name, `is not a valid http(s) URL (at most ${MAX_URL_LENGTH} characters)`));
    return url === null ? undefined : { kind: 'url', url };
  }
  if (/^data:/i.test(value)) {
    errors.push(field(name, 'must be plain base64 without a "data:" prefix, or an http(s) URL'));
    return undefined;
  }
  const bytes = base64DecodedSize(value);
  if (bytes < 0) {
    errors.push(field(name, 'is neither an http(s) URL nor valid base64 (standard alphabet, padded, no white space)'));
    return undefined;
  }
  if (bytes === 0) {
    errors.push(field(name, 'decodes to an empty file'));
    return undefined;
  }
  if (bytes > maxBytes) {
    errors.push(field(name, `decodes to ${bytes} bytes; ${what} may be at most ${formatLimit(maxBytes)}`));
    return undefined;
  }
  return { kind: 'bytes', bytes };
}
