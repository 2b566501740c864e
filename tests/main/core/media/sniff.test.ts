import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeFile } from '../../../../src-main/core/media/file-probe';
import { baseMimetype, mimetypeFromName, toAudioMimetype } from '../../../../src-main/core/media/mimetypes';
import { SNIFF_BYTES, sniffMimetype } from '../../../../src-main/core/media/sniff';
import { tempDir } from '../../helpers/temp-dir';
import { expectResults } from '../../helpers/cases';
import { SAMPLES, makePng, seededBytes } from '../http/support/media-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await tempDir('crm-sniff-');
});

describe('mimetype sniffing', () => {
  it.each(SAMPLES.map((s) => [s.name, s] as const))('detects %s from its bytes', async (_name, sample) => {
    const path = join(dir, sample.name);
    await writeFile(path, sample.bytes());
    const probe = await probeFile(path);
    expect(probe).toMatchObject({ ok: true, mimetype: sample.mimetype, category: sample.category, tooLarge: false });
  });

  it('trusts bytes over the extension', async () => {
    const path = join(dir, 'really-a-png.jpg');
    await writeFile(path, makePng(2, 2));
    expect(await probeFile(path)).toMatchObject({ ok: true, mimetype: 'image/png', category: 'image' });
    const fake = join(dir, 'fake.png');
    await writeFile(fake, '%PDF-1.4\n');
    expect(await probeFile(fake)).toMatchObject({ ok: true, mimetype: 'application/pdf', category: 'document' });
  });

  it('looks only at the head: a PNG signature followed by megabytes of noise is a PNG', () => {
    const head = Buffer.concat([makePng(1, 1).subarray(0, 16), seededBytes(SNIFF_BYTES, 3)]).subarray(0, SNIFF_BYTES);
    expect(sniffMimetype(head)).toEqual({ mimetype: 'image/png', category: 'image', recognised: true });
  });

  it('does not call truncated UTF-8 at the end of the head binary', () => {
    const text = Buffer.from('a'.repeat(SNIFF_BYTES - 2) + '€', 'utf8').subarray(0, SNIFF_BYTES); // € is 3 bytes, cut after 2
    expect(sniffMimetype(text).mimetype).toBe('text/plain');
  });

  it('falls back to application/octet-stream for empty or unknown bytes', () => {
    expect(sniffMimetype(new Uint8Array())).toEqual({ mimetype: 'application/octet-stream', category: 'document', recognised: false });
    expect(sniffMimetype(Buffer.from([0xff, 0x00, 0x13, 0x37]))).toMatchObject({ mimetype: 'application/octet-stream', recognised: false });
  });

  it('reports a missing file or a folder as unreadable', async () => {
    expect(await probeFile(join(dir, 'missing.png'))).toEqual({
      ok: false,
      path: join(dir, 'missing.png'),
      name: 'missing.png',
      code: 'file_unreadable',
      message: 'missing.png cannot be read (it does not exist)',
    });
    expect(await probeFile(dir)).toMatchObject({
      ok: false,
      code: 'file_unreadable',
      message: expect.stringContaining('is not a regular file'),
    });
  });

  it('maps recorder and alias mimetypes to the API audio list', () => {
    expectResults(toAudioMimetype, [
      ['audio/webm;codecs=opus', 'audio/webm'],
      ['Audio/MP3', 'audio/mpeg'],
      ['audio/x-wav', 'audio/wav'],
      ['audio/x-m4a', 'audio/mp4'],
      ['video/mp4', 'audio/mp4'],
      ['audio/flac', null],
      ['image/png', null],
    ]);
    expect(baseMimetype(' Text/Plain ; charset=utf-8')).toBe('text/plain');
    expect(mimetypeFromName('https://cdn.example/a/b/Photo.JPEG')).toBe('image/jpeg');
    expect(mimetypeFromName('noext')).toBeNull();
  });
});
