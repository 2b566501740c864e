// WebM/Opus → Ogg/Opus remux (voice notes): the packets must come out unchanged, in valid Ogg
// pages (CRC, BOS/EOS, OpusHead/OpusTags), with granules counting 48 kHz samples.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { oggCrc32 } from '../../../../src-main/core/media/ogg-writer';
import { oggFileName, opusPacketSamples, remuxWebmOpusToOgg } from '../../../../src-main/core/media/webm-to-ogg';
import { tempDir } from '../../helpers/temp-dir';
import { bitwiseOggCrc, indexOfAscii, oggPackets, readOggPages, webmBlocks } from './ogg-check';
import type { OggPage } from './ogg-check';

// Recorded by headless Chromium 156's MediaRecorder ('audio/webm;codecs=opus', fake microphone,
// start(250) as the app's recorder does, stopped after 1.5 s): unknown-size Segment and Clusters.
const FIXTURE = join(__dirname, '../../../fixtures/audio/chromium-voice-note.webm');
const chromiumWebm = new Uint8Array(readFileSync(FIXTURE));

function has(tool: string): boolean {
  return spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;
}
const HAVE_FFMPEG = has('ffmpeg');
const HAVE_FFPROBE = has('ffprobe');

/** Skips the test, saying why in the log, unless what it needs is there. */
function skipUnless(ctx: TestContext, ready: boolean, missing: string): void {
  if (ready) return;
  console.log(`skipped: ${missing}`);
  ctx.skip();
}

/** Checks every structural promise of the Ogg stream; returns its pages and packets. */
function checkOgg(ogg: Uint8Array, serial: number): { pages: OggPage[]; packets: Buffer[] } {
  expect(Buffer.from(ogg.subarray(0, 4)).toString('latin1')).toBe('OggS');
  const pages = readOggPages(ogg);
  expect(pages.length).toBeGreaterThanOrEqual(3);
  pages.forEach((page, index) => {
    expect(page.crcOk, `CRC of page ${index}`).toBe(true);
    expect(page.serial).toBe(serial);
    expect(page.sequence).toBe(index);
    expect(page.lacing.length).toBeLessThanOrEqual(255);
    expect(page.flags & 0x02, `BOS on page ${index}`).toBe(index === 0 ? 0x02 : 0);
    expect(page.flags & 0x04, `EOS on page ${index}`).toBe(index === pages.length - 1 ? 0x04 : 0);
  });
  const all = oggPackets(pages);
  // header pages: one packet each, granule 0
  expect(all[0]?.page).toBe(0);
  expect(all[1]?.page).toBe(1);
  expect(all[2]?.page).toBe(2);
  expect(pages[0]?.granule).toBe(0n);
  expect(pages[1]?.granule).toBe(0n);
  expect(all[0]?.data.subarray(0, 8).toString('latin1')).toBe('OpusHead');
  const tags = all[1]?.data ?? Buffer.alloc(0);
  expect(tags.subarray(0, 8).toString('latin1')).toBe('OpusTags');
  expect(tags.readUInt32LE(8)).toBe('crm-console'.length);
  expect(tags.subarray(12, 23).toString('latin1')).toBe('crm-console');
  expect(tags.readUInt32LE(23)).toBe(0);
  expect(tags.length).toBe(27);
  // audio page granules: samples up to the last packet ending on the page (-1 when none ends)
  const audio = all.slice(2);
  let samples = 0n;
  const granuleAt = new Map<number, bigint>();
  for (const packet of audio) {
    samples += BigInt(tocSamples(packet.data));
    granuleAt.set(packet.page, samples);
  }
  for (let index = 2; index < pages.length; index++)
    expect(pages[index]?.granule, `granule of page ${index}`).toBe(granuleAt.get(index) ?? -1n);
  return { pages, packets: audio.map((p) => p.data) };
}

/** RFC 6716 §3.1, written out again for the test */
function tocSamples(packet: Uint8Array): number {
  const toc = packet[0] ?? 0;
  const config = toc >> 3;
  const ms = config < 12 ? [10, 20, 40, 60][config & 3] : config < 16 ? [10, 20][config & 1] : [2.5, 5, 10, 20][config & 3];
  const frames = (toc & 3) === 0 ? 1 : (toc & 3) < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return (ms ?? 0) * 48 * frames;
}

function lastGranule(pages: OggPage[]): bigint {
  return pages[pages.length - 1]?.granule ?? -1n;
}

describe('remuxWebmOpusToOgg on a Chromium recording', () => {
  it('the fixture is what Chromium writes: unknown-size Segment and Clusters', () => {
    const unknown = '01ffffffffffffff';
    const hex = Buffer.from(chromiumWebm).toString('hex');
    expect(hex).toContain(`18538067${unknown}`);
    expect(hex.split(`1f43b675${unknown}`).length - 1).toBeGreaterThan(1);
  });

  it('carries every Opus packet unchanged into valid Ogg pages', () => {
    const ogg = remuxWebmOpusToOgg(chromiumWebm, { serial: 0x12345678 });
    expect(ogg).not.toBeNull();
    const { pages, packets } = checkOgg(ogg as Uint8Array, 0x12345678);

    const blocks = webmBlocks(chromiumWebm);
    expect(blocks.length).toBeGreaterThanOrEqual(20); // ~1.5 s (Chromium writes 60 ms packets)
    expect(blocks.every((b) => b.track === 1)).toBe(true);
    expect(packets.length).toBe(blocks.length);
    packets.forEach((p, i) => expect(p.equals(blocks[i]?.data ?? Buffer.alloc(0)), `packet ${i}`).toBe(true));

    // OpusHead is the track's CodecPrivate, byte for byte
    const head = indexOfAscii(chromiumWebm, 'OpusHead');
    expect(Buffer.from(chromiumWebm.subarray(head, head + 19)).equals(Buffer.from(readOggPages(ogg as Uint8Array)[0]?.payload ?? []))).toBe(
      true,
    );

    // the last granule is where the WebM timeline ends (ms timecodes, TimecodeScale 1 ms)
    const last = blocks[blocks.length - 1];
    const endSamples = ((last?.time ?? 0) - (blocks[0]?.time ?? 0)) * 48 + tocSamples(last?.data ?? Buffer.alloc(1));
    const preSkip = Buffer.from(chromiumWebm.subarray(head + 10, head + 12)).readUInt16LE(0);
    expect(Math.abs(Number(lastGranule(pages)) - preSkip - endSamples)).toBeLessThanOrEqual(960);
    // and about the 1.5 s recorded
    expect(Math.abs(Number(lastGranule(pages)) - preSkip - 72_000)).toBeLessThanOrEqual(4_800);
  });

  it('is deterministic for a given serial', () => {
    const a = remuxWebmOpusToOgg(chromiumWebm, { serial: 7 });
    const b = remuxWebmOpusToOgg(chromiumWebm, { serial: 7 });
    expect(a && b && Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('ffprobe reads the result as Opus and ffmpeg decodes it', async (ctx) => {
    skipUnless(ctx, HAVE_FFPROBE && HAVE_FFMPEG, 'ffprobe/ffmpeg is not installed');
    const dir = await tempDir();
    const out = join(dir, 'out.ogg');
    await writeFile(out, remuxWebmOpusToOgg(chromiumWebm) as Uint8Array);
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,channels', '-of', 'json', out], { encoding: 'utf8' }),
    ) as { streams: { codec_name: string; channels: number }[] };
    expect(probe.streams).toEqual([{ codec_name: 'opus', channels: 1 }]);
    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', out, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.status).toBe(0);
    expect(decode.stderr).toBe('');
  });
});

describe('remuxWebmOpusToOgg on an ffmpeg WebM (known sizes, Cues, pre-skip 312)', () => {
  it('a 1.5 s sine ends at 72000 samples + pre-skip, within one frame', async (ctx) => {
    skipUnless(ctx, HAVE_FFMPEG, 'ffmpeg is not installed');
    const dir = await tempDir();
    const input = join(dir, 'in.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1.5',
      '-ac',
      '2',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      input,
    ]);
    const webm = new Uint8Array(await readFile(input));
    const ogg = remuxWebmOpusToOgg(webm, { serial: 1 });
    expect(ogg).not.toBeNull();
    const { pages, packets } = checkOgg(ogg as Uint8Array, 1);
    const blocks = webmBlocks(webm);
    expect(packets.map((p) => p.toString('hex'))).toEqual(blocks.map((b) => b.data.toString('hex')));
    const head = Buffer.from(readOggPages(ogg as Uint8Array)[0]?.payload ?? []);
    expect(head[9]).toBe(2);
    const preSkip = head.readUInt16LE(10);
    expect(preSkip).toBeGreaterThan(0);
    expect(Math.abs(Number(lastGranule(pages)) - (72_000 + preSkip))).toBeLessThan(960);
    if (HAVE_FFPROBE) {
      const out = join(dir, 'out.ogg');
      await writeFile(out, ogg as Uint8Array);
      const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,channels', '-of', 'json', out], {
        encoding: 'utf8',
      });
      expect(JSON.parse(probe)).toMatchObject({ streams: [{ codec_name: 'opus', channels: 2 }] });
    } else {
      console.log('ffprobe assertion skipped: ffprobe is not installed');
    }
  });

  it('a WebM in Vorbis gives null', async (ctx) => {
    skipUnless(ctx, HAVE_FFMPEG, 'ffmpeg is not installed');
    const dir = await tempDir();
    const input = join(dir, 'vorbis.webm');
    const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=0.5', '-c:a', 'libvorbis', '-f', 'webm', input]);
    skipUnless(ctx, made.status === 0, 'this ffmpeg has no libvorbis');
    expect(remuxWebmOpusToOgg(new Uint8Array(await readFile(input)))).toBeNull();
  });
});

// ---- synthetic WebMs, built here byte by byte ----

function size(n: number): Buffer {
  // 8-byte vint, always: simple and valid
  const b = Buffer.alloc(8);
  b.writeUIntBE(n, 2, 6);
  b[0] = 0x01;
  return b;
}
function el(id: string, ...body: (Buffer | Uint8Array)[]): Buffer {
  const data = Buffer.concat(body);
  return Buffer.concat([Buffer.from(id, 'hex'), size(data.length), data]);
}
function uint(id: string, value: number): Buffer {
  return el(id, Buffer.from([value]));
}
function str(id: string, value: string): Buffer {
  return el(id, Buffer.from(value, 'latin1'));
}
function block(track: number, data: Uint8Array, flags = 0x80): Buffer {
  return Buffer.concat([Buffer.from([0x80 | track, 0, 0, flags]), data]);
}
interface TrackSpec {
  number: number;
  type: number;
  codec: string;
  channels?: number;
  codecDelayNs?: number;
  codecPrivate?: Buffer;
}
function webm(tracks: TrackSpec[], clusterBody: Buffer[], unknownSizes = false): Uint8Array {
  const header = el('1a45dfa3', str('4282', 'webm'));
  const entries = tracks.map((t) =>
    el(
      'ae',
      uint('d7', t.number),
      uint('83', t.type),
      str('86', t.codec),
      ...(t.codecPrivate ? [el('63a2', t.codecPrivate)] : []),
      ...(t.codecDelayNs !== undefined ? [el('56aa', Buffer.from(t.codecDelayNs.toString(16).padStart(8, '0'), 'hex'))] : []),
      el('e1', uint('9f', t.channels ?? 1)),
    ),
  );
  const cluster = el('1f43b675', uint('e7', 0), ...clusterBody);
  const body = Buffer.concat([el('1549a966', uint('2ad7b1', 1)), el('1654ae6b', ...entries), cluster]);
  if (!unknownSizes) return Buffer.concat([header, el('18538067', body)]);
  // the same, with the Segment and Cluster sizes replaced by "unknown"
  const unknown = Buffer.from('01ffffffffffffff', 'hex');
  const clusterUnknown = Buffer.concat([Buffer.from('1f43b675', 'hex'), unknown, cluster.subarray(12)]);
  const bodyUnknown = Buffer.concat([el('1549a966', uint('2ad7b1', 1)), el('1654ae6b', ...entries), clusterUnknown, clusterUnknown]);
  return Buffer.concat([header, Buffer.from('18538067', 'hex'), unknown, bodyUnknown]);
}
function packet(toc: number, length: number, fill: number, second?: number): Buffer {
  const p = Buffer.alloc(length, fill);
  p[0] = toc;
  if (second !== undefined) p[1] = second;
  return p;
}
const OPUS: TrackSpec = { number: 1, type: 2, codec: 'A_OPUS', channels: 2, codecDelayNs: 6_500_000 };

describe('remuxWebmOpusToOgg on synthetic WebMs', () => {
  it('without CodecPrivate builds a 48 kHz OpusHead from the channels and CodecDelay', () => {
    const ogg = remuxWebmOpusToOgg(webm([OPUS], [el('a3', block(1, packet(0xf8, 40, 1)))]), { serial: 3 });
    expect(ogg).not.toBeNull();
    const { pages } = checkOgg(ogg as Uint8Array, 3);
    const head = Buffer.from(pages[0]?.payload ?? []);
    expect(head.toString('hex')).toBe(
      Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 2, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]).toString('hex'),
    );
    expect(lastGranule(pages)).toBe(960n);
  });

  it('splits long packets into 255 lacing values, keeps pages at ≤ 255 segments and spans pages', () => {
    const packets: Buffer[] = [];
    // 2.5 ms CELT packets: 400 of them is one second, more than one page's 255 segments
    for (let i = 0; i < 400; i++) packets.push(packet(0x80, 3 + (i % 7), i & 0xff));
    packets.push(packet(0xf8, 510, 0xaa)); // exactly 2 × 255: lacing 255, 255, 0
    packets.push(packet(0xf8, 600, 0xbb)); // 255, 255, 90
    packets.push(packet(0x83, 140_000, 0xcc, 0x05)); // code 3, 5 frames × 2.5 ms; spans three pages
    packets.push(packet(0x19, 10, 0xdd)); // SILK 60 ms, code 1: 2 frames
    const blocks = packets.map((p, i) => (i % 2 ? el('a3', block(1, p)) : el('a0', el('a1', block(1, p, 0)))));
    const ogg = remuxWebmOpusToOgg(webm([OPUS], blocks), { serial: 9 });
    expect(ogg).not.toBeNull();
    const { pages, packets: out } = checkOgg(ogg as Uint8Array, 9);
    expect(out.map((p) => p.toString('hex'))).toEqual(packets.map((p) => p.toString('hex')));
    expect(pages.some((p) => p.lacing.length === 255)).toBe(true);
    expect(pages.some((p) => p.flags & 0x01)).toBe(true); // a continued page
    expect(pages.some((p) => p.granule === -1n)).toBe(true); // a page on which no packet ends
    expect(lastGranule(pages)).toBe(BigInt(400 * 120 + 960 + 960 + 600 + 2 * 2880));
  });

  it('reads unknown-size Segment and Clusters (a Cluster ID ends the previous one)', () => {
    const body = [el('a3', block(1, packet(0xf8, 20, 1))), el('a3', block(1, packet(0xf8, 30, 2)))];
    const ogg = remuxWebmOpusToOgg(webm([OPUS], body, true), { serial: 5 });
    expect(ogg).not.toBeNull();
    const { pages, packets } = checkOgg(ogg as Uint8Array, 5);
    expect(packets.map((p) => p.length)).toEqual([20, 30, 20, 30]); // two Clusters of two blocks
    expect(lastGranule(pages)).toBe(4n * 960n);
  });

  it('ignores the blocks of a video track next to the Opus one', () => {
    const tracks = [
      { number: 1, type: 1, codec: 'V_VP8' },
      { ...OPUS, number: 2 },
    ];
    const body = [el('a3', block(1, Buffer.from('video'))), el('a3', block(2, packet(0xf8, 20, 1)))];
    const ogg = remuxWebmOpusToOgg(webm(tracks, body), { serial: 5 });
    expect(checkOgg(ogg as Uint8Array, 5).packets.map((p) => p.length)).toEqual([20]);
  });

  it('gives null for several audio tracks, a non-Opus track, lacing, a bad TOC or no packets', () => {
    const one = [el('a3', block(1, packet(0xf8, 20, 1)))];
    expect(remuxWebmOpusToOgg(webm([OPUS, { ...OPUS, number: 2 }], one))).toBeNull();
    expect(remuxWebmOpusToOgg(webm([{ number: 1, type: 2, codec: 'A_VORBIS' }], one))).toBeNull();
    expect(remuxWebmOpusToOgg(webm([OPUS], [el('a3', block(1, packet(0xf8, 20, 1), 0x82))]))).toBeNull(); // Xiph lacing
    expect(remuxWebmOpusToOgg(webm([OPUS], [el('a3', block(1, packet(0xfb, 20, 1, 0)))]))).toBeNull(); // code 3, 0 frames
    expect(remuxWebmOpusToOgg(webm([OPUS], [el('a3', block(1, Buffer.alloc(0)))]))).toBeNull(); // empty packet
    expect(remuxWebmOpusToOgg(webm([OPUS], []))).toBeNull();
    expect(remuxWebmOpusToOgg(webm([{ ...OPUS, codecPrivate: Buffer.from('NotAHead-----------') }], one))).toBeNull();
    expect(remuxWebmOpusToOgg(webm([{ ...OPUS, channels: 6 }], one))).toBeNull(); // no CodecPrivate, > 2 channels
  });
});

describe('remuxWebmOpusToOgg refuses what is not a whole WebM/Opus, without throwing', () => {
  it('garbage, empty, Ogg, truncated WebM and a patched non-Opus codec give null', () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) & 0xff);
    expect(remuxWebmOpusToOgg(garbage)).toBeNull();
    expect(remuxWebmOpusToOgg(new Uint8Array(0))).toBeNull();
    expect(remuxWebmOpusToOgg(Buffer.from('OggS\0\x02'))).toBeNull();
    expect(remuxWebmOpusToOgg(Buffer.from('1a45dfa3', 'hex'))).toBeNull();
    // cut inside the EBML header, inside the Tracks, inside a block
    for (const at of [20, 150, Math.floor(chromiumWebm.length / 2) + 1, chromiumWebm.length - 3]) {
      expect(remuxWebmOpusToOgg(chromiumWebm.subarray(0, at)), `cut at ${at}`).toBeNull();
    }
    const patched = Uint8Array.from(chromiumWebm);
    const codec = indexOfAscii(patched, 'A_OPUS');
    patched.set(Buffer.from('A_AAC\0'), codec);
    expect(remuxWebmOpusToOgg(patched)).toBeNull();
    // a laced first block
    const laced = Uint8Array.from(chromiumWebm);
    const cluster = indexOfAscii(laced, '\x1f\x43\xb6\x75');
    const simple = laced.indexOf(0xa3, cluster);
    laced[simple + 2 + 3] = (laced[simple + 2 + 3] ?? 0) | 0x06; // id, 1-byte size, track, timecode, flags
    expect(remuxWebmOpusToOgg(laced)).toBeNull();
  });
});

describe('Ogg and Opus details', () => {
  it("the page CRC is Ogg's (not zlib's) and matches a bitwise computation", () => {
    expect(oggCrc32(Buffer.from('123456789'))).toBe(0x89a1897f); // CRC-32/MPEG-2 without init/xorout
    const random = Uint8Array.from({ length: 1000 }, (_, i) => (i * 31 + 7) & 0xff);
    expect(oggCrc32(random)).toBe(bitwiseOggCrc(random));
  });

  it('counts samples from the TOC byte', () => {
    expect(opusPacketSamples(Buffer.from([0xf8]))).toBe(960); // CELT 20 ms
    expect(opusPacketSamples(Buffer.from([0x80]))).toBe(120); // CELT 2.5 ms
    expect(opusPacketSamples(Buffer.from([0x18]))).toBe(2880); // SILK 60 ms
    expect(opusPacketSamples(Buffer.from([0x61]))).toBe(960); // Hybrid 10 ms, 2 frames
    expect(opusPacketSamples(Buffer.from([0xfb, 0x03]))).toBe(2880); // CELT 20 ms × 3
    expect(opusPacketSamples(Buffer.from([0x1b, 0x03]))).toBeNull(); // 180 ms: too long
    expect(opusPacketSamples(Buffer.from([0xfb]))).toBeNull();
    expect(opusPacketSamples(new Uint8Array(0))).toBeNull();
  });

  it('names the Ogg file', () => {
    expect(oggFileName('voice-note.webm')).toBe('voice-note.ogg');
    expect(oggFileName('Note.WEBM')).toBe('Note.ogg');
    expect(oggFileName('recording')).toBe('recording.ogg');
    expect(oggFileName('x'.repeat(120))).toBe(`${'x'.repeat(116)}.ogg`);
  });
});
