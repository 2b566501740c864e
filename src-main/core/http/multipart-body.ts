// Streams a multipart/form-data body (RFC 7578): each text part whole, each file part read from
// disk in chunks, so a 100 MB upload never sits in memory. The length is known up front (exact
// Content-Length, as curl sends it) and a file that changed since it was chosen is refused.
import type { Readable } from 'node:stream';
import { checkFileUnchanged } from './file-body';
import { countedStream, filePieces } from './file-pieces';
import type { PreparedBody, PreparedPart } from './prepared-request';

type MultipartBody = Extract<PreparedBody, { kind: 'multipart' }>;
type FilePart = Extract<PreparedPart, { filePath: string }>;

const READ_CHUNK = 64 * 1024;

export function isFilePart(part: PreparedPart): part is FilePart {
  return 'filePath' in part;
}

export function multipartContentType(body: MultipartBody): string {
  return `multipart/form-data; boundary=${body.boundary}`;
}

/** A quoted-string for a part's name or file name: `"` and line breaks written as %22/%0D/%0A, as browsers do. */
function quoted(text: string): string {
  return `"${text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function partHead(body: MultipartBody, part: PreparedPart): string {
  const disposition = `Content-Disposition: form-data; name=${quoted(part.name)}${isFilePart(part) ? `; filename=${quoted(part.fileName)}` : ''}`;
  const type = isFilePart(part) ? `\r\nContent-Type: ${part.contentType}` : '';
  return `--${body.boundary}\r\n${disposition}${type}\r\n\r\n`;
}

function closing(body: MultipartBody): string {
  return `--${body.boundary}--\r\n`;
}

export function multipartLength(body: MultipartBody): number {
  let total = Buffer.byteLength(closing(body), 'utf8');
  for (const part of body.parts) {
    total += Buffer.byteLength(partHead(body, part), 'utf8') + 2; // the CRLF after the content
    total += isFilePart(part) ? part.fileSize : Buffer.byteLength(part.value, 'utf8');
  }
  return total;
}

/** Each file part is still there with the size it had when the request was prepared. */
export async function checkPartsUnchanged(body: MultipartBody): Promise<void> {
  for (const part of body.parts) if (isFilePart(part)) await checkFileUnchanged(part);
}

export function multipartStream(body: MultipartBody, onSent: (sentBytes: number) => void): Readable {
  return countedStream(generate(body), onSent);
}

async function* generate(body: MultipartBody): AsyncGenerator<Buffer> {
  for (const part of body.parts) {
    yield Buffer.from(partHead(body, part), 'utf8');
    if (isFilePart(part)) yield* filePieces(part.filePath, part.fileSize, READ_CHUNK);
    else yield Buffer.from(part.value, 'utf8');
    yield Buffer.from('\r\n', 'latin1');
  }
  yield Buffer.from(closing(body), 'utf8');
}
