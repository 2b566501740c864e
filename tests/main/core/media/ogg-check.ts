// Test helpers for the WebM → Ogg remux, written independently of the code under test: an Ogg
// page reader with its own (bitwise) CRC, and a flat WebM walker that collects block payloads.

export interface OggPage {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  crcOk: boolean;
  lacing: number[];
  payload: Uint8Array;
}

/** Ogg CRC-32, bit by bit: polynomial 0x04C11DB7, MSB first, init 0, no final xor. */
export function bitwiseOggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
  }
  return crc >>> 0;
}

export function readOggPages(bytes: Uint8Array): OggPage[] {
  const pages: OggPage[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  while (pos < bytes.length) {
    if (Buffer.from(bytes.subarray(pos, pos + 4)).toString('latin1') !== 'OggS') throw new Error(`no OggS at ${pos}`);
    if (bytes[pos + 4] !== 0) throw new Error('Ogg version is not 0');
    const count = bytes[pos + 26] ?? 0;
    const lacing = [...bytes.subarray(pos + 27, pos + 27 + count)];
    const dataLength = lacing.reduce((a, b) => a + b, 0);
    const total = 27 + count + dataLength;
    const page = Uint8Array.from(bytes.subarray(pos, pos + total));
    const stored = view.getUint32(pos + 22, true);
    page.fill(0, 22, 26);
    pages.push({
      flags: bytes[pos + 5] ?? 0,
      granule: view.getBigInt64(pos + 6, true),
      serial: view.getUint32(pos + 14, true),
      sequence: view.getUint32(pos + 18, true),
      crcOk: bitwiseOggCrc(page) === stored,
      lacing,
      payload: bytes.subarray(pos + 27 + count, pos + total),
    });
    pos += total;
  }
  return pages;
}

/** Packets reassembled from the lacing values, with the index of the page each one ends on. */
export function oggPackets(pages: OggPage[]): { data: Buffer; page: number }[] {
  const packets: { data: Buffer; page: number }[] = [];
  let partial: Buffer[] = [];
  pages.forEach((page, index) => {
    let offset = 0;
    for (const value of page.lacing) {
      partial.push(Buffer.from(page.payload.subarray(offset, offset + value)));
      offset += value;
      if (value < 255) {
        packets.push({ data: Buffer.concat(partial), page: index });
        partial = [];
      }
    }
  });
  if (partial.length > 0) throw new Error('the stream ends inside a packet');
  return packets;
}

export interface WebmBlock {
  track: number;
  /** absolute time in TimecodeScale units (Cluster Timecode + block's relative timecode) */
  time: number;
  data: Buffer;
}

function vint(bytes: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[pos] ?? 0;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[pos + i] ?? 0);
  return { value, length };
}

/** Every (Simple)Block in file order, by a flat walk that steps into Segment, Cluster and
 * BlockGroup whatever their size says (so unknown sizes need no special case). */
export function webmBlocks(bytes: Uint8Array): WebmBlock[] {
  const containers = new Set([0x18538067, 0x1f43b675, 0xa0]);
  const blocks: WebmBlock[] = [];
  let clusterTime = 0;
  let pos = 0;
  while (pos < bytes.length) {
    const id = vint(bytes, pos, true);
    const size = vint(bytes, pos + id.length, false);
    const start = pos + id.length + size.length;
    if (containers.has(id.value)) {
      pos = start;
      continue;
    }
    const end = start + size.value;
    if (id.value === 0xe7) clusterTime = Number(Buffer.from(bytes.subarray(start, end)).readUIntBE(0, end - start));
    if (id.value === 0xa3 || id.value === 0xa1) {
      const track = vint(bytes, start, false);
      const relative = Buffer.from(bytes.subarray(start + track.length, start + track.length + 2)).readInt16BE(0);
      blocks.push({ track: track.value, time: clusterTime + relative, data: Buffer.from(bytes.subarray(start + track.length + 3, end)) });
    }
    pos = end;
  }
  return blocks;
}

/** offset of the first occurrence of an ASCII string */
export function indexOfAscii(bytes: Uint8Array, text: string): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(Buffer.from(text, 'latin1'));
}
