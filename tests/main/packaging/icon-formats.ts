// Readers for the three icon containers, just deep enough to tell a real file from a broken one:
// the PNG header (with its checksum), the ICO directory, the ICNS entry list. Each throws with
// what is wrong instead of returning a half-read result.
import { crc32 } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

/** the IHDR of a PNG, which must be the first chunk and carry a correct CRC */
export function readPngHeader(data: Buffer): PngHeader {
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG (signature)');
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG does not start with a 13-byte IHDR');
  if (crc32(data.subarray(12, 29)) !== data.readUInt32BE(29)) throw new Error('PNG IHDR checksum mismatch');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), bitDepth: data[24]!, colourType: data[25]! };
}

export interface IcoEntry {
  /** pixels; the format writes 256 as 0 */
  width: number;
  height: number;
  data: Buffer;
}

export function readIcoDirectory(data: Buffer): IcoEntry[] {
  if (data.length < 6 || data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('not an ICO (reserved/type)');
  const count = data.readUInt16LE(4);
  if (6 + 16 * count > data.length) throw new Error('ICO directory runs past the end of the file');
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = 6 + 16 * i;
    const size = data.readUInt32LE(at + 8);
    const offset = data.readUInt32LE(at + 12);
    if (offset < 6 + 16 * count || offset + size > data.length) throw new Error(`ICO entry ${i} points outside the image data`);
    entries.push({ width: data[at]! || 256, height: data[at + 1]! || 256, data: data.subarray(offset, offset + size) });
  }
  return entries;
}

export interface IcnsEntry {
  type: string;
  data: Buffer;
}

/** the entries of an .icns, whose header length must be the file's and whose entries must fill it */
export function readIcnsEntries(data: Buffer): IcnsEntry[] {
  if (data.length < 8 || data.toString('latin1', 0, 4) !== 'icns') throw new Error('not an ICNS (magic)');
  if (data.readUInt32BE(4) !== data.length) throw new Error(`ICNS header says ${data.readUInt32BE(4)} bytes, the file has ${data.length}`);
  const entries: IcnsEntry[] = [];
  let at = 8;
  while (at < data.length) {
    if (at + 8 > data.length) throw new Error('ICNS entry header cut off');
    const length = data.readUInt32BE(at + 4);
    if (length < 8 || at + length > data.length) throw new Error(`ICNS entry at ${at} has a bad length ${length}`);
    entries.push({ type: data.toString('latin1', at, at + 4), data: data.subarray(at + 8, at + length) });
    at += length;
  }
  return entries;
}
