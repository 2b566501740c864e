// The files a sandbox contact answers with when replyMedia is set, served publicly (no key) at
// GET /media/samples/<name>, as Twilio serves an incoming message's MediaUrl: a 2x2 PNG, a short
// silent WAV and a one-page PDF. Small and made here, so the sandbox ships no binary files.
import { deflateSync } from 'node:zlib';
import type { PublicRoute } from '../router';
import { pngFile } from './png-file';
import type { ReplyMediaKind } from './event-types';

export type { ReplyMediaKind };

export interface MediaSample {
  fileName: string;
  mimetype: string;
  bytes: Buffer;
}

/** a 2x2 red PNG */
function redPng(): Buffer {
  const row = [0, 255, 0, 0, 255, 0, 0]; // filter byte, two red pixels
  return pngFile(2, 2, 2, deflateSync(Buffer.from([...row, ...row])));
}

/** 0.1 s of 8 kHz 8-bit mono silence */
function silentWav(): Buffer {
  const samples = 800;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 ' +
    'obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * A sample whose bytes are made when first asked for: `crm` loads this module with its commands,
 * and a start that serves no sample should not pay for deflating and checksumming a picture.
 */
function madeOnUse(fileName: string, mimetype: string, make: () => Buffer): MediaSample {
  let bytes: Buffer | undefined;
  return {
    fileName,
    mimetype,
    get bytes() {
      bytes ??= make();
      return bytes;
    },
  };
}

export const MEDIA_SAMPLES: Record<ReplyMediaKind, MediaSample> = {
  image: madeOnUse('photo.png', 'image/png', redPng),
  audio: madeOnUse('voice-note.wav', 'audio/wav', silentWav),
  document: { fileName: 'invoice.pdf', mimetype: 'application/pdf', bytes: PDF },
};

export function mediaSampleUrl(origin: string, kind: ReplyMediaKind): string {
  return `${origin}/media/samples/${MEDIA_SAMPLES[kind].fileName}`;
}

export const mediaSampleRoute: PublicRoute = {
  method: 'GET',
  path: '/media/samples/:name',
  public: true,
  handle: ({ params }) => {
    const sample = Object.values(MEDIA_SAMPLES).find((m) => m.fileName === params.name);
    if (!sample) return { status: 404, body: { error: { code: 'not_found', message: 'no such sample' } } };
    return {
      status: 200,
      body: null,
      headers: { 'Content-Type': sample.mimetype, 'Content-Length': String(sample.bytes.length), 'Cache-Control': 'no-store' },
      stream: (res) => res.end(sample.bytes),
    };
  },
};
