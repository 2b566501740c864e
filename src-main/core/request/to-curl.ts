// cURL export: a PreparedRequest -> a POSIX-shell command that sends exactly what the app's
// sender sends (same method, URL, headers and body bytes). It runs as printed in bash, zsh
// and dash.
//
// - Every literal is single-quoted; a ' inside becomes '\'' (close, escaped quote, reopen).
//   Inside single quotes no shell expands anything ($, `, \, !, newlines are literal).
// - The key is "$CRM_API_KEY" (double quotes: the shell expands the variable) unless the
//   caller passes the key itself ({ key: { literal } }), which is then single-quoted. It goes
//   where the request's credential placement says: a header, `-u user:key` (curl encodes
//   Basic itself, so the variable works there too), or a query parameter (then the URL is
//   closed, the variable follows in double quotes; a literal key is percent-encoded).
// - Bodies go through --data-binary (never -d: no newline stripping) and a JSON body never
//   starts with "@", so curl never reads a file by accident. A file body is streamed from
//   stdin (--data-binary @-): printf the JSON before and after, base64 the file in between
//   when the command runs. GNU base64 wraps lines and macOS's does not; `tr -d '\n'` makes
//   both one line. The file's bytes are never inlined.
// - No --fail-with-body, -sS or -i: the plain request, so a person can add their own flags.
import { randomUUID } from 'node:crypto';
import { basicPair } from '../http/basic-pair';
import { BEARER, credentialHeaderName, withQueryCredential } from '../http/credential';
import type { PreparedRequest } from '../http/prepared-request';
import { wireHref } from '../http/wire-url';

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
  const credential = request.credential ?? BEARER;
  const key = options.key;
  const head = curlHead(request.url, credential.in === 'query' ? credential : null, key);
  const inferredPost = request.method === 'POST' && request.body !== null;
  if (request.method !== 'GET' && !inferredPost) args.push(`-X ${request.method}`);
  const credentialHeader = credentialHeaderName(credential);
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === credentialHeader) continue; // never part of a PreparedRequest; ignore if it is
    // -F makes curl write the multipart Content-Type with a boundary of its own
    if (lower === 'content-type' && request.body?.kind === 'multipart') continue;
    args.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (credential.in === 'header') {
    const prefix = `${credential.name}: ${credential.scheme === '' ? '' : `${credential.scheme} `}`;
    args.push(key === undefined ? `-H ${withKeyVariable(prefix)}` : `-H ${shellQuote(`${prefix}${key.literal}`)}`);
  } else if (credential.in === 'basic') {
    // a literal key written USER:SECRET brings its own user (basic-pair.ts); the variable holds the secret alone
    const pair = key === undefined ? withKeyVariable(`${credential.username}:`) : shellQuote(basicPair(credential.username, key.literal));
    args.push(`-u ${pair}`);
  }

  const body = request.body;
  if (body === null) return joinLines(head, args);
  if (body.kind === 'json' || body.kind === 'form') {
    args.push(`--data-binary ${shellQuote(body.text)}`);
    return joinLines(head, args);
  }
  if (body.kind === 'multipart') {
    // text parts with --form-string (curl reads nothing into them: no @file, no ;type=), file
    // parts by path; curl streams the file as the app does
    for (const part of body.parts) {
      if (!('filePath' in part)) args.push(`--form-string ${shellQuote(`${part.name}=${part.value}`)}`);
      else
        args.push(
          `-F ${shellQuote(`${part.name}=@${formQuoted(part.filePath)};type=${part.contentType};filename=${formQuoted(part.fileName)}`)}`,
        );
    }
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

/**
 * `curl '<url>'`, exactly the URL the sender asks for (same normalisation: wire-url.ts), with a
 * query credential at its place: the key itself percent-encoded, or the variable outside the
 * quotes (the URL is closed before it and reopened after it: still one shell word).
 */
function curlHead(rawUrl: string, query: { name: string; at?: number } | null, key: { literal: string } | undefined): string {
  let quoted: string;
  if (query === null) quoted = shellQuote(wireHref(rawUrl));
  else if (key !== undefined) quoted = shellQuote(wireHref(withQueryCredential(rawUrl, { ...query, value: key.literal })));
  else {
    // a marker of letters and digits alone, which no encoding changes, stands where the variable goes
    const marker = `crmkeyvariable${randomUUID().replace(/-/g, '')}`;
    const [before = '', after = ''] = wireHref(withQueryCredential(rawUrl, { ...query, value: marker })).split(marker);
    quoted = `${shellQuote(before)}"$${CURL_KEY_VARIABLE}"${after === '' ? '' : shellQuote(after)}`;
  }
  // curl treats [] and {} in a URL as glob patterns unless told not to
  const glob = /[[\]{}]/.test(quoted) ? '--globoff ' : '';
  return `curl ${glob}${quoted}`;
}

/**
 * One shell word: `text` followed by the key variable's value. `"text$CRM_API_KEY"` when the
 * text has nothing a double-quoted string would expand, else `'text'"$CRM_API_KEY"`.
 */
function withKeyVariable(text: string): string {
  if (/[$`\\"!]/.test(text)) return `${shellQuote(text)}"$${CURL_KEY_VARIABLE}"`;
  return `"${text}$${CURL_KEY_VARIABLE}"`;
}

/** A file name inside curl's -F syntax: double-quoted, with `\\` and `"` escaped, so `;` and `,` stay in it. */
function formQuoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function joinLines(head: string, args: string[]): string {
  return [head, ...args].join(' \\\n  ');
}
