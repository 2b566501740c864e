// A file being sent, read piece by piece from disk: the file body (base64 in JSON) and the
// multipart body both stream it this way, so a 100 MB upload never sits in memory, and both refuse
// the same way a file that grows, shrinks or cannot be read while it is sent.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { fsReason } from '../media/file-probe';
import { FileBodyError } from './network-error';

export async function* filePieces(filePath: string, fileSize: number, chunkBytes: number): AsyncGenerator<Buffer> {
  const name = basename(filePath);
  let read = 0;
  const stream = createReadStream(filePath, { highWaterMark: chunkBytes });
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      read += piece.length;
      if (read > fileSize) throw new FileBodyError(`${name} grew while it was being sent; choose it again`);
      yield piece;
    }
  } catch (err) {
    if (err instanceof FileBodyError) throw err;
    throw new FileBodyError(`${name} cannot be read (${fsReason(err)})`);
  } finally {
    stream.destroy();
  }
  if (read !== fileSize) throw new FileBodyError(`${name} shrank while it was being sent; choose it again`);
}

/** A body's pieces as the byte stream sent, telling `onSent` how many bytes went so far (the upload's progress). */
export function countedStream(pieces: AsyncIterable<Buffer>, onSent: (sentBytes: number) => void): Readable {
  return Readable.from(counted(pieces, onSent), { objectMode: false });
}

async function* counted(pieces: AsyncIterable<Buffer>, onSent: (sentBytes: number) => void): AsyncGenerator<Buffer> {
  let sent = 0;
  for await (const piece of pieces) {
    sent += piece.length;
    onSent(sent);
    yield piece;
  }
}
