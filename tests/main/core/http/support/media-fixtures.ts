// Small, structurally valid media files built in code (no binary fixtures in the repo): PNG,
// WAV, Ogg/Opus, and magic-number heads of the other formats the sniffer knows.
import { crc32, deflateSync } from 'node:zlib';
import { createRandom } from '../../../../../src-main/sandbox/seed';
import { pngFile, toneWav } from '../../../../harness/media-containers';

/** Deterministic pseudo-random bytes (mulberry32). */
export function seededBytes(length: number, seed: number): Buffer {
  const random = createRandom(seed);
  const out = Buffer.alloc(length);
  // the low byte of each 32-bit draw (random() is that draw / 2^32)
  for (let i = 0; i < length; i += 1) out[i] = (random() * 0x1_0000_0000) & 0xff;
  return out;
}

/** An RGB PNG of noise (so it does not compress much): about width*height*3 bytes. */
export function makePng(width: number, height: number, seed = 1): Buffer {
  const noise = seededBytes(width * height * 3, seed);
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) noise.copy(raw, y * (1 + width * 3) + 1, y * width * 3, (y + 1) * width * 3);
  return pngFile(width, height, 2, deflateSync(raw));
}

/** 16-bit mono PCM WAV of a tone. */
export function makeWav(samples: number, rate = 8000): Buffer {
  return toneWav(samples, rate, 8000);
}

const OGG_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let r = i << 24;
    for (let k = 0; k < 8; k += 1) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ (OGG_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc >>> 0;
}

function oggPage(packet: Buffer, sequence: number, headerType: number, granule: bigint): Buffer {
  const segments: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = headerType;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(0x1234abcd, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  segments.forEach((s, i) => (header[27 + i] = s));
  const page = Buffer.concat([header, packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Ogg/Opus: OpusHead and OpusTags pages, then `extraPages` pages of filler packets. */
export function makeOgg(extraPages = 2, seed = 7): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48000, 12);
  const vendor = Buffer.from('crm-console tests', 'latin1');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage(head, 0, 2, 0n), oggPage(tags, 1, 0, 0n)];
  for (let i = 0; i < extraPages; i += 1) {
    pages.push(
      oggPage(Buffer.concat([Buffer.from([0xf8]), seededBytes(400, seed + i)]), i + 2, i === extraPages - 1 ? 4 : 0, BigInt((i + 1) * 960)),
    );
  }
  return Buffer.concat(pages);
}

function ebmlHeader(docType: string): Buffer {
  const dt = Buffer.from(docType, 'latin1');
  const body = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | dt.length]), dt]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
}

/** A WebM file: the EBML header, a Segment, then a track whose CodecID element is `codecId` (latin1 bytes). */
function webmWithCodec(codecId: string): Buffer {
  return Buffer.concat([ebmlHeader('webm'), Buffer.from([0x18, 0x53, 0x80, 0x67]), Buffer.from(codecId, 'latin1'), seededBytes(100, 4)]);
}

/** A stored (uncompressed) ZIP with the given entries. */
export function makeZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const size = entry.data.length;
    // version 20, stored: what a ZIP reader needs to find and check each entry
    const local = zipRecord(30, [
      [0, 4, 0x04034b50],
      [4, 2, 20],
      [14, 4, crc],
      [18, 4, size],
      [22, 4, size],
      [26, 2, name.length],
    ]);
    const central = zipRecord(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      [16, 4, crc],
      [20, 4, size],
      [24, 4, size],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + size;
  }
  const centralDir = Buffer.concat(centrals);
  const end = zipRecord(22, [
    [0, 4, 0x06054b50],
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, centralDir.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A ZIP header of `size` bytes: each field is [offset, width in bytes, value], little-endian; the rest zero. */
function zipRecord(size: number, fields: [number, 2 | 4, number][]): Buffer {
  const record = Buffer.alloc(size);
  for (const [at, width, value] of fields) {
    if (width === 2) record.writeUInt16LE(value, at);
    else record.writeUInt32LE(value, at);
  }
  return record;
}

const xml = (text: string): Buffer => Buffer.from(`<?xml version="1.0"?>${text}`, 'utf8');

/** Heads (or whole small files) of every format the sniffer knows, with the expected result. */
export const SAMPLES: { name: string; bytes: () => Buffer; mimetype: string; category: 'image' | 'audio' | 'document' }[] = [
  {
    name: 'photo.jpg',
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), seededBytes(200, 1)]),
    mimetype: 'image/jpeg',
    category: 'image',
  },
  { name: 'pic.png', bytes: () => makePng(4, 4), mimetype: 'image/png', category: 'image' },
  {
    name: 'anim.gif',
    bytes: () => Buffer.concat([Buffer.from('GIF89a', 'latin1'), seededBytes(50, 2)]),
    mimetype: 'image/gif',
    category: 'image',
  },
  {
    name: 'old.gif',
    bytes: () => Buffer.concat([Buffer.from('GIF87a', 'latin1'), seededBytes(50, 2)]),
    mimetype: 'image/gif',
    category: 'image',
  },
  {
    name: 'pic.webp',
    bytes: () => Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), seededBytes(40, 3)]),
    mimetype: 'image/webp',
    category: 'image',
  },
  {
    name: 'doc.pdf',
    bytes: () => Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
    mimetype: 'application/pdf',
    category: 'document',
  },
  {
    name: 'report.docx',
    bytes: () =>
      makeZip([
        { name: '[Content_Types].xml', data: xml('<Types/>') },
        { name: '_rels/.rels', data: xml('<Relationships/>') },
        { name: 'word/document.xml', data: xml('<w:document/>') },
      ]),
    mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    category: 'document',
  },
  {
    name: 'sheet.bin',
    bytes: () =>
      makeZip([
        { name: '[Content_Types].xml', data: xml('<Types/>') },
        { name: 'xl/workbook.xml', data: xml('<workbook/>') },
      ]),
    mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    category: 'document',
  },
  {
    name: 'archive.zip',
    bytes: () => makeZip([{ name: 'a.txt', data: Buffer.from('hello') }]),
    mimetype: 'application/zip',
    category: 'document',
  },
  {
    name: 'text.odt',
    bytes: () =>
      makeZip([
        { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text') },
        { name: 'content.xml', data: xml('<office/>') },
      ]),
    mimetype: 'application/vnd.oasis.opendocument.text',
    category: 'document',
  },
  { name: 'voice.ogg', bytes: () => makeOgg(), mimetype: 'audio/ogg', category: 'audio' },
  {
    name: 'voice.webm',
    bytes: () => webmWithCodec('\x86\x86A_OPUS'),
    mimetype: 'audio/webm',
    category: 'audio',
  },
  {
    name: 'clip.webm',
    bytes: () => webmWithCodec('\x86\x85V_VP9'),
    mimetype: 'video/webm',
    category: 'document',
  },
  {
    name: 'song.mp3',
    bytes: () => Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), seededBytes(100, 5)]),
    mimetype: 'audio/mpeg',
    category: 'audio',
  },
  {
    name: 'bare.mp3',
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), seededBytes(100, 6)]),
    mimetype: 'audio/mpeg',
    category: 'audio',
  },
  {
    name: 'note.aac',
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), seededBytes(100, 7)]),
    mimetype: 'audio/aac',
    category: 'audio',
  },
  {
    name: 'memo.m4a',
    bytes: () =>
      Buffer.concat([Buffer.from('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42isom\x00\x00\x00\x00', 'latin1'), seededBytes(64, 8)]),
    mimetype: 'audio/mp4',
    category: 'audio',
  },
  {
    name: 'rec.mp4',
    bytes: () =>
      Buffer.concat([
        Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso6', 'latin1'),
        Buffer.from('\x00\x00\x00\x21hdlr\x00\x00\x00\x00\x00\x00\x00\x00soun\x00\x00\x00\x00', 'latin1'),
        seededBytes(64, 9),
      ]),
    mimetype: 'audio/mp4',
    category: 'audio',
  },
  {
    name: 'movie.mp4',
    bytes: () =>
      Buffer.concat([
        Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso6', 'latin1'),
        Buffer.from('\x00\x00\x00\x21hdlr\x00\x00\x00\x00\x00\x00\x00\x00vide\x00\x00\x00\x00', 'latin1'),
        Buffer.from('\x00\x00\x00\x21hdlr\x00\x00\x00\x00\x00\x00\x00\x00soun', 'latin1'),
      ]),
    mimetype: 'video/mp4',
    category: 'document',
  },
  { name: 'tone.wav', bytes: () => makeWav(100), mimetype: 'audio/wav', category: 'audio' },
  {
    name: 'notes.txt',
    bytes: () => Buffer.from('Olá, mundo! 👋\nLine two\ttabbed\n', 'utf8'),
    mimetype: 'text/plain',
    category: 'document',
  },
  { name: 'data.csv', bytes: () => Buffer.from('name,number\nAna,5511999990000\n', 'utf8'), mimetype: 'text/csv', category: 'document' },
  {
    name: 'blob',
    bytes: () => Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xfd, 0x10, 0x00]),
    mimetype: 'application/octet-stream',
    category: 'document',
  },
];
