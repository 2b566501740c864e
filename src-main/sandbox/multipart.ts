// multipart/form-data (RFC 7578) over a body body.ts has already buffered within the route's
// limit. Parts are views into that buffer, never copies, so a 100 MiB file part costs no more
// memory than the body itself. Bounded: at most MAX_PARTS parts and MAX_HEADER_BYTES of headers
// per part; every malformed body is a problem to answer 400 with, never a throw.
import { baseMimetype } from './base-mimetype';

export interface MultipartPart {
  /** the form field's name (Content-Disposition `name`) */
  name: string;
  /** the file name when the part is a file (Content-Disposition `filename`), else null */
  fileName: string | null;
  /** the part's own Content-Type, null when it has none */
  contentType: string | null;
  data: Buffer;
}

export type MultipartResult = { ok: true; parts: MultipartPart[] } | { ok: false; problem: string };

export const MAX_PARTS = 16;
export const MAX_HEADER_BYTES = 8 * 1024;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const DASH = 0x2d;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The boundary a multipart/form-data Content-Type names, or why there is none. */
export function boundaryOf(contentType: string | undefined): { ok: true; boundary: string } | { ok: false; problem: string } {
  if (contentType === undefined || baseMimetype(contentType) !== 'multipart/form-data') {
    return { ok: false, problem: 'must be multipart/form-data with a boundary' };
  }
  const boundary = parameters(contentType.slice(contentType.indexOf(';') + 1)).get('boundary');
  // RFC 2046: 1 to 70 characters
  if (boundary === undefined || boundary.length < 1 || boundary.length > 70) {
    return { ok: false, problem: 'must name a boundary of 1 to 70 characters (multipart/form-data; boundary=...)' };
  }
  return { ok: true, boundary };
}

/** `; name="file"; filename="a b.png"` -> name -> value; quoted strings unescaped, names lower case. */
export function parameters(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    while (i < text.length && (text[i] === ';' || text[i] === ' ' || text[i] === '\t')) i += 1;
    const eq = text.indexOf('=', i);
    if (eq < 0) break;
    const name = text.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    let value = '';
    if (text[i] === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i += 1;
        value += text[i];
        i += 1;
      }
      i += 1;
    } else {
      const end = text.indexOf(';', i);
      value = text.slice(i, end < 0 ? text.length : end).trim();
      i = end < 0 ? text.length : end;
    }
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/** RFC 8187 `UTF-8''caf%C3%A9.png`; null when it is not that. */
function extendedValue(value: string): string | null {
  const match = /^utf-8''(.*)$/i.exec(value);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

type PartHead = { ok: true; name: string; fileName: string | null; contentType: string | null } | { ok: false; problem: string };

function readHead(bytes: Buffer): PartHead {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, problem: "a part's headers are not valid UTF-8" };
  }
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { ok: false, problem: `a part has a malformed header line: ${JSON.stringify(line.slice(0, 80))}` };
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (disposition === null || baseMimetype(disposition) !== 'form-data') {
    return { ok: false, problem: 'every part needs "Content-Disposition: form-data; name=..."' };
  }
  const params = parameters(disposition.slice(disposition.indexOf(';') + 1));
  const name = params.get('name');
  if (name === undefined || name === '') return { ok: false, problem: "a part's Content-Disposition has no name" };
  const extended = params.get('filename*');
  const fileName = (extended === undefined ? null : extendedValue(extended)) ?? params.get('filename') ?? null;
  return { ok: true, name, fileName, contentType: contentType === '' ? null : contentType };
}

/** Where the part's headers start after the delimiter at `at`, the end of the body, or a problem. */
function afterDelimiter(bytes: Buffer, at: number): number | 'end' | null {
  let i = at;
  if (bytes[i] === DASH && bytes[i + 1] === DASH) return 'end';
  // RFC 2046 allows linear white space after a delimiter
  while (bytes[i] === 0x20 || bytes[i] === 0x09) i += 1;
  return bytes[i] === 0x0d && bytes[i + 1] === 0x0a ? i + 2 : null;
}

export function parseMultipart(bytes: Buffer, boundary: string): MultipartResult {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let at = bytes.indexOf(delimiter);
  // the first delimiter opens the body, or ends a preamble line
  if (at < 0 || (at > 0 && (bytes[at - 2] !== 0x0d || bytes[at - 1] !== 0x0a))) {
    return { ok: false, problem: 'the body does not contain the boundary its Content-Type names' };
  }
  const closing = Buffer.concat([CRLF, delimiter]);
  const parts: MultipartPart[] = [];
  for (;;) {
    const start = afterDelimiter(bytes, at + delimiter.length);
    if (start === 'end') return parts.length > 0 ? { ok: true, parts } : { ok: false, problem: 'the body has no parts' };
    if (start === null) return { ok: false, problem: 'a boundary line is not followed by a line break' };
    if (parts.length === MAX_PARTS) return { ok: false, problem: `the body has more than ${MAX_PARTS} parts` };
    let dataStart: number;
    let head: PartHead;
    if (bytes[start] === 0x0d && bytes[start + 1] === 0x0a) {
      head = readHead(Buffer.alloc(0));
      dataStart = start + 2;
    } else {
      const window = bytes.subarray(start, start + MAX_HEADER_BYTES + HEADER_END.length);
      const end = window.indexOf(HEADER_END);
      if (end < 0) return { ok: false, problem: `a part's headers do not end within ${MAX_HEADER_BYTES} bytes` };
      head = readHead(window.subarray(0, end));
      dataStart = start + end + HEADER_END.length;
    }
    if (!head.ok) return head;
    const next = bytes.indexOf(closing, dataStart);
    if (next < 0) return { ok: false, problem: 'a part is not closed by the boundary: the body is cut short or its boundary is wrong' };
    parts.push({ name: head.name, fileName: head.fileName, contentType: head.contentType, data: bytes.subarray(dataStart, next) });
    at = next + CRLF.length;
  }
}
