// The few EBML (Matroska/WebM) reading primitives the WebM → Ogg remux needs. Every reader
// returns null on bytes it cannot make sense of; none throws.

/** An element header: its ID (marker bits kept, as the specs write IDs), where its data starts
 * and its size (null for the "unknown size" value, all ones, which live recorders write). */
export interface EbmlHeader {
  id: number;
  dataStart: number;
  size: number | null;
}

export interface Vint {
  value: number;
  length: number;
  /** every value bit set: the reserved "unknown size" */
  allOnes: boolean;
}

/** Reads a variable-length integer at pos (at most 8 bytes, not past end). */
export function readVint(bytes: Uint8Array, pos: number, end: number, keepMarker = false): Vint | null {
  if (pos >= end) return null;
  const first = bytes[pos] ?? 0;
  if (first === 0) return null; // longer than 8 bytes: not valid EBML
  const length = Math.clz32(first) - 23; // 1 for 0b1xxxxxxx … 8 for 0b00000001
  if (pos + length > end) return null;
  const mask = 0xff >> length;
  let value = keepMarker ? first : first & mask;
  let allOnes = (first & mask) === mask;
  for (let i = 1; i < length; i++) {
    const byte = bytes[pos + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, allOnes };
}

export function readHeader(bytes: Uint8Array, pos: number, end: number): EbmlHeader | null {
  const id = readVint(bytes, pos, end, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, pos + id.length, end);
  if (!size) return null;
  return { id: id.value, dataStart: pos + id.length + size.length, size: size.allOnes ? null : size.value };
}

/** An unsigned integer element's value (0 to 8 bytes, big-endian). */
export function readUint(bytes: Uint8Array, start: number, end: number): number | null {
  if (end - start > 8) return null;
  let value = 0;
  for (let i = start; i < end; i++) value = value * 256 + (bytes[i] ?? 0);
  return value;
}

/** A string element's value: ASCII, trailing NULs dropped. */
export function readString(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) {
    const byte = bytes[i] ?? 0;
    if (byte === 0) break;
    text += String.fromCharCode(byte);
  }
  return text;
}

/**
 * Calls visit for each child element of [start, end) whose size is known and fits. Returns
 * false when a child is malformed, has an unknown size or runs past end.
 */
export function eachChild(bytes: Uint8Array, start: number, end: number, visit: (header: EbmlHeader, dataEnd: number) => boolean): boolean {
  let pos = start;
  while (pos < end) {
    const header = readHeader(bytes, pos, end);
    if (!header || header.size === null) return false;
    const dataEnd = header.dataStart + header.size;
    if (dataEnd > end) return false;
    if (!visit(header, dataEnd)) return false;
    pos = dataEnd;
  }
  return true;
}
