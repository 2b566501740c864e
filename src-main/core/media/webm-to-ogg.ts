// Voice notes: Chromium's MediaRecorder records audio/webm;codecs=opus, WhatsApp-style APIs want
// Ogg/Opus. The Opus packets are the same in both, so this moves them from one container to
// the other without decoding: read just enough WebM (EBML) to find the Opus track and its
// blocks, write them as an Ogg Opus stream (RFC 7845). Anything unexpected gives null, never
// an exception: the caller then keeps the WebM.
import { randomBytes } from 'node:crypto';
import { eachChild, readHeader, readString, readUint, readVint } from './ebml';
import { OggWriter } from './ogg-writer';

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  Audio: 0xe1,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  Cues: 0x1c53bb6b,
  Chapters: 0x1043a770,
  Tags: 0x1254c367,
  Attachments: 0x1941a469,
} as const;

/** IDs that can only appear at Segment level: one of them ends an unknown-size Cluster */
const SEGMENT_LEVEL = new Set<number>([
  ID.SeekHead,
  ID.Info,
  ID.Tracks,
  ID.Cluster,
  ID.Cues,
  ID.Chapters,
  ID.Tags,
  ID.Attachments,
  ID.EBML,
  ID.Segment,
]);

const TRACK_TYPE_AUDIO = 2;
const OPUS_HEAD = [0x4f, 0x70, 0x75, 0x73, 0x48, 0x65, 0x61, 0x64]; // "OpusHead"
const VENDOR = 'crm-console';

export interface RemuxOptions {
  /** the Ogg stream serial number (random when absent) */
  serial?: number;
}

interface Track {
  number: number | null;
  type: number | null;
  codecId: string;
  codecPrivate: Uint8Array | null;
  channels: number;
  codecDelayNs: number;
}

interface Parsed {
  tracks: Track[];
  /** frames of every track, in file order */
  blocks: { track: number; data: Uint8Array }[];
}

/** Ogg/Opus bytes carrying the WebM's Opus packets, or null when the bytes are not a WebM
 * with exactly one audio track, in Opus, without laced blocks. */
export function remuxWebmOpusToOgg(bytes: Uint8Array, options: RemuxOptions = {}): Uint8Array | null {
  try {
    return remux(bytes, options);
  } catch {
    return null;
  }
}

/** `voice.webm` → `voice.ogg`; any other name gets `.ogg` appended. */
export function oggFileName(name: string): string {
  if (/\.webm$/i.test(name)) return name.replace(/\.webm$/i, '.ogg');
  return `${name.slice(0, 116)}.ogg`;
}

function remux(bytes: Uint8Array, options: RemuxOptions): Uint8Array | null {
  const parsed = parseWebm(bytes);
  if (!parsed) return null;
  const audio = parsed.tracks.filter((t) => t.type === TRACK_TYPE_AUDIO || (t.type === null && t.codecId.startsWith('A_')));
  if (audio.length !== 1) return null;
  const track = audio[0];
  if (!track || track.codecId !== 'A_OPUS' || track.number === null) return null;
  const head = opusHead(track);
  if (!head) return null;
  const packets = parsed.blocks.filter((b) => b.track === track.number).map((b) => b.data);
  if (packets.length === 0) return null;

  const serial = options.serial ?? randomBytes(4).readUInt32LE(0);
  const ogg = new OggWriter(serial);
  ogg.addHeaderPacket(head);
  ogg.addHeaderPacket(opusTags());
  let granule = 0n;
  for (const data of packets) {
    const samples = opusPacketSamples(data);
    if (samples === null) return null;
    granule += BigInt(samples);
    ogg.addAudioPacket({ data, granule });
  }
  return ogg.finish();
}

/** Samples (at 48 kHz) an Opus packet decodes to, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Uint8Array): number | null {
  const toc = packet[0];
  if (toc === undefined) return null;
  const config = toc >> 3;
  let frameSamples: number;
  if (config < 12)
    frameSamples = [480, 960, 1920, 2880][config % 4] ?? 0; // SILK: 10/20/40/60 ms
  else if (config < 16)
    frameSamples = [480, 960][config % 2] ?? 0; // Hybrid: 10/20 ms
  else frameSamples = [120, 240, 480, 960][config % 4] ?? 0; // CELT: 2.5/5/10/20 ms
  let frames: number;
  switch (toc & 3) {
    case 0:
      frames = 1;
      break;
    case 1:
    case 2:
      frames = 2;
      break;
    default: {
      const count = packet[1];
      if (count === undefined) return null;
      frames = count & 0x3f;
    }
  }
  const samples = frames * frameSamples;
  // at most 120 ms per packet
  return samples > 0 && samples <= 5760 ? samples : null;
}

function opusHead(track: Track): Uint8Array | null {
  const priv = track.codecPrivate;
  if (priv) {
    if (priv.length < 19 || OPUS_HEAD.some((b, i) => priv[i] !== b)) return null;
    return priv;
  }
  // No CodecPrivate: a mapping-family-0 head, which covers mono and stereo only.
  if (track.channels < 1 || track.channels > 2) return null;
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set(OPUS_HEAD, 0);
  head[8] = 1; // version
  head[9] = track.channels;
  view.setUint16(10, Math.round((track.codecDelayNs * 48_000) / 1e9), true); // pre-skip
  view.setUint32(12, 48_000, true); // input sample rate
  view.setInt16(16, 0, true); // output gain
  head[18] = 0; // channel mapping family
  return head;
}

function opusTags(): Uint8Array {
  const vendor = new TextEncoder().encode(VENDOR);
  const tags = new Uint8Array(8 + 4 + vendor.length + 4);
  const view = new DataView(tags.buffer);
  tags.set(new TextEncoder().encode('OpusTags'), 0);
  view.setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  view.setUint32(12 + vendor.length, 0, true); // no comments
  return tags;
}

function parseWebm(bytes: Uint8Array): Parsed | null {
  const end = bytes.length;
  const ebml = readHeader(bytes, 0, end);
  if (!ebml || ebml.id !== ID.EBML || ebml.size === null) return null;
  const ebmlEnd = ebml.dataStart + ebml.size;
  if (ebmlEnd > end) return null;
  let docType = '';
  const ok = eachChild(bytes, ebml.dataStart, ebmlEnd, (h, dataEnd) => {
    if (h.id === ID.DocType) docType = readString(bytes, h.dataStart, dataEnd);
    return true;
  });
  if (!ok || (docType !== 'webm' && docType !== 'matroska')) return null;

  // the first Segment after the header; Void and the like before it are skipped
  let pos = ebmlEnd;
  while (pos < end) {
    const header = readHeader(bytes, pos, end);
    if (!header) return null;
    if (header.id === ID.Segment) {
      const segmentEnd = header.size === null ? end : header.dataStart + header.size;
      if (segmentEnd > end) return null; // truncated
      return parseSegment(bytes, header.dataStart, segmentEnd);
    }
    if (header.size === null || header.dataStart + header.size > end) return null;
    pos = header.dataStart + header.size;
  }
  return null;
}

function parseSegment(bytes: Uint8Array, start: number, end: number): Parsed | null {
  const parsed: Parsed = { tracks: [], blocks: [] };
  let pos = start;
  while (pos < end) {
    const header = readHeader(bytes, pos, end);
    if (!header) return null;
    if (header.id === ID.Cluster) {
      const clusterEnd = parseCluster(bytes, header.dataStart, header.size === null ? null : header.dataStart + header.size, end, parsed);
      if (clusterEnd === null) return null;
      pos = clusterEnd;
      continue;
    }
    if (header.size === null) return null; // only Segment and Cluster may have an unknown size
    const dataEnd = header.dataStart + header.size;
    if (dataEnd > end) return null;
    if (header.id === ID.Tracks && !parseTracks(bytes, header.dataStart, dataEnd, parsed)) return null;
    pos = dataEnd;
  }
  return parsed;
}

/**
 * Reads a Cluster's blocks into parsed. knownEnd is null for an unknown-size Cluster, which
 * ends at the next Segment-level element or at the Segment's end. Returns where the Cluster
 * ends, or null on anything malformed.
 */
function parseCluster(bytes: Uint8Array, start: number, knownEnd: number | null, segmentEnd: number, parsed: Parsed): number | null {
  if (knownEnd !== null && knownEnd > segmentEnd) return null;
  const end = knownEnd ?? segmentEnd;
  let pos = start;
  while (pos < end) {
    const header = readHeader(bytes, pos, end);
    if (!header) return null;
    if (SEGMENT_LEVEL.has(header.id)) {
      if (knownEnd === null) return pos; // the next sibling of an unknown-size Cluster
      return null;
    }
    if (header.size === null) return null;
    const dataEnd = header.dataStart + header.size;
    if (dataEnd > end) return null;
    if (header.id === ID.SimpleBlock) {
      if (!parseBlock(bytes, header.dataStart, dataEnd, parsed)) return null;
    } else if (header.id === ID.BlockGroup) {
      const ok = eachChild(
        bytes,
        header.dataStart,
        dataEnd,
        (h, childEnd) => h.id !== ID.Block || parseBlock(bytes, h.dataStart, childEnd, parsed),
      );
      if (!ok) return null;
    }
    pos = dataEnd;
  }
  return end;
}

/** A (Simple)Block: track number (vint), 16-bit relative timecode, flags, then one frame. */
function parseBlock(bytes: Uint8Array, start: number, end: number, parsed: Parsed): boolean {
  const track = readVint(bytes, start, end);
  if (!track || start + track.length + 3 > end) return false;
  const length = track.length;
  const flags = bytes[start + length + 2] ?? 0;
  if ((flags & 0x06) !== 0) return false; // laced: not what Chromium writes
  parsed.blocks.push({ track: track.value, data: bytes.subarray(start + length + 3, end) });
  return true;
}

function parseTracks(bytes: Uint8Array, start: number, end: number, parsed: Parsed): boolean {
  return eachChild(bytes, start, end, (entry, entryEnd) => {
    if (entry.id !== ID.TrackEntry) return true;
    const track: Track = { number: null, type: null, codecId: '', codecPrivate: null, channels: 1, codecDelayNs: 0 };
    const ok = eachChild(bytes, entry.dataStart, entryEnd, (h, dataEnd) => {
      switch (h.id) {
        case ID.TrackNumber:
          track.number = readUint(bytes, h.dataStart, dataEnd);
          return track.number !== null;
        case ID.TrackType:
          track.type = readUint(bytes, h.dataStart, dataEnd);
          return track.type !== null;
        case ID.CodecID:
          track.codecId = readString(bytes, h.dataStart, dataEnd);
          return true;
        case ID.CodecPrivate:
          track.codecPrivate = bytes.subarray(h.dataStart, dataEnd);
          return true;
        case ID.CodecDelay:
          track.codecDelayNs = readUint(bytes, h.dataStart, dataEnd) ?? 0;
          return true;
        case ID.Audio:
          return eachChild(bytes, h.dataStart, dataEnd, (a, aEnd) => {
            if (a.id === ID.Channels) track.channels = readUint(bytes, a.dataStart, aEnd) ?? 0;
            return true;
          });
        default:
          return true;
      }
    });
    if (!ok) return false;
    parsed.tracks.push(track);
    return true;
  });
}
