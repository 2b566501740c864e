// Streams a `json-with-file` body: prefix, the file's base64 (encoded in 3-byte-aligned
// chunks, so the pieces concatenate to one valid base64 text), suffix. The length is known up
// front (exact Content-Length) and the file is never held in memory whole.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { fsReason } from '../media/file-probe';
import type { PreparedBody } from './prepared-request';
import { FileBodyError } from './network-error';
import { countedStream, filePieces } from './file-pieces';

type FileBody = Extract<PreparedBody, { kind: 'json-with-file' }>;

/** bytes read from the file per step: a multiple of 3 */
const READ_CHUNK = 3 * 64 * 1024;

export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

export function fileBodyLength(body: FileBody): number {
  return Buffer.byteLength(body.prefix, 'utf8') + base64Length(body.fileSize) + Buffer.byteLength(body.suffix, 'utf8');
}

/** Checks the file is still there with the size it had when the request was prepared. */
export async function checkFileUnchanged(body: { filePath: string; fileSize: number }): Promise<void> {
  const name = basename(body.filePath);
  let size: number;
  try {
    size = (await stat(body.filePath)).size;
  } catch (err) {
    throw new FileBodyError(`${name} cannot be read (${fsReason(err)})`);
  }
  if (size !== body.fileSize)
    throw new FileBodyError(`${name} changed since it was chosen (${body.fileSize} bytes then, ${size} now); choose it again`);
}

export function fileBodyStream(body: FileBody, onSent: (sentBytes: number) => void): Readable {
  return countedStream(generate(body), onSent);
}

async function* generate(body: FileBody): AsyncGenerator<Buffer> {
  yield Buffer.from(body.prefix, 'utf8');
  // 3-byte-aligned pieces, the rest carried to the next, so the base64 pieces join into one text
  let carry: Buffer = Buffer.alloc(0);
  for await (const piece of filePieces(body.filePath, body.fileSize, READ_CHUNK)) {
    const data: Buffer = carry.length === 0 ? piece : Buffer.concat([carry, piece]);
    const aligned = data.length - (data.length % 3);
    carry = data.subarray(aligned);
    if (aligned > 0) yield Buffer.from(data.subarray(0, aligned).toString('base64'), 'latin1');
  }
  if (carry.length > 0) yield Buffer.from(carry.toString('base64'), 'latin1');
  yield Buffer.from(body.suffix, 'utf8');
}
