// The PNG container around deflated scanlines: the sandbox's sample picture and the tests' fixtures
// (tests/harness/media-containers.ts, pictures of many megabytes among them) are made by this one
// writer, with zlib's native CRC-32.
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of 8-bit samples; `color` 2 is RGB, 6 is RGBA; `idat` is the deflated scanlines. */
export function pngFile(width: number, height: number, color: 2 | 6, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = color;
  return Buffer.concat([SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}
