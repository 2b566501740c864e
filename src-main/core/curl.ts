// cURL export: a PreparedRequest -> a POSIX-shell command that sends exactly what the app's
// sender sends (same method, URL, headers and body bytes). It runs as printed in bash, zsh
// and dash.
//
// - Every literal is single-quoted; a ' inside becomes '\'' (close, escaped quote, reopen).
//   Inside single quotes no shell expands anything ($, `, \, !, newlines are literal).
// - The key is "$CRM_API_KEY" (double quotes: the shell expands the variable) unless the
//   caller passes the key itself ({ key: { literal } }), which is then single-quoted.
// - Bodies go through --data-binary (never -d: no newline stripping) and a JSON body never
//   starts with "@", so curl never reads a file by accident. A file body is streamed from
//   stdin (--data-binary @-): printf the JSON before and after, base64 the file in between
//   when the command runs. GNU base64 wraps lines and macOS's does not; `tr -d '\n'` makes
//   both one line. The file's bytes are never inlined.
// - No --fail-with-body, -sS or -i: the plain request, so a person can add their own flags.
import type { PreparedRequest } from './http/prepared-request';
import { wireHref } from './http/wire-url';

export interface CurlOptions {
  /** put the real key into the command; without it the command reads $CRM_API_KEY */
  key?: { literal: string };
}

/** Environment variable the exported command reads the key from. */
export const CURL_KEY_VARIABLE = 'CRM_API_KEY';

/** POSIX single-quoting of any text. */
export function shellQuote(text: string): string {
  if (text.includes('\u0000')) throw new RangeError('A shell argument cannot contain a NUL character');
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(request: PreparedRequest, options: CurlOptions = {}): string {
  const args: string[] = [];
  // exactly the URL the sender asks for (same normalisation: wire-url.ts)
  const url = wireHref(request.url);
  // curl treats [] and {} in a URL as glob patterns unless told not to
  const head = /[[\]{}]/.test(url) ? `curl --globoff ${shellQuote(url)}` : `curl ${shellQuote(url)}`;
  const inferredPost = request.method === 'POST' && request.body !== null;
  if (request.method !== 'GET' && !inferredPost) args.push(`-X ${request.method}`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization') continue; // never part of a PreparedRequest; ignore if it is
    args.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  const key = options.key;
  args.push(key === undefined ? `-H "Authorization: Bearer $${CURL_KEY_VARIABLE}"` : `-H ${shellQuote(`Authorization: Bearer ${key.literal}`)}`);

  const body = request.body;
  if (body === null) return joinLines(head, args);
  if (body.kind === 'json') {
    args.push(`--data-binary ${shellQuote(body.text)}`);
    return joinLines(head, args);
  }
  args.push('--data-binary @-');
  const producer = [
    `{ printf '%s' ${shellQuote(body.prefix)}`,
    `base64 < ${shellQuote(body.filePath)} | tr -d '\\n'`,
    `printf '%s' ${shellQuote(body.suffix)}; }`,
  ].join('; ');
  return `${producer} | \\\n  ${joinLines(head, args)}`;
}

function joinLines(head: string, args: string[]): string {
  return [head, ...args].join(' \\\n  ');
}
