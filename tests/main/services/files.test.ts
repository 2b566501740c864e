// File staging: bytes from the renderer become 0600 temp files under <dataDir>/staging/, limits
// are enforced before anything is written, the mimetype comes from the bytes.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrmError } from '../../../src-main/core/errors';
import { FileStaging, sanitiseFileName } from '../../../src-main/core/files/staging';
import { LIMITS } from '../../../src-main/core/limits';
import { caught } from '../helpers/secret-scan';
import { tempDir } from '../helpers/temp-dir';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);

async function staging(): Promise<{ files: FileStaging; dataDir: string }> {
  const dataDir = await tempDir();
  const files = new FileStaging(dataDir);
  await files.init();
  return { files, dataDir };
}

describe('file staging', () => {
  it('stages bytes as a 0600 file with a sanitised name, sniffed type and an image preview', async () => {
    const { files, dataDir } = await staging();
    const staged = await files.stageFromBytes('../../etc/My:pic?.png', PNG, 'image');
    expect(staged).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'My_pic_.png',
      size: PNG.length,
      mimetype: 'image/png',
      category: 'image',
      previewDataUrl: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    const path = files.resolve(staged.fileId);
    expect(path.startsWith(join(dataDir, 'staging'))).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path)).toEqual(PNG);
    await files.release(staged.fileId);
    expect(await readdir(join(dataDir, 'staging'))).toEqual([]);
    expect(((await caught(async () => files.resolve(staged.fileId))) as CrmError).code).toBe('file_unreadable');
  });

  it('refuses bytes over the purpose limit before writing, naming the limit', async () => {
    const { files, dataDir } = await staging();
    const big = new Uint8Array(LIMITS.imageBytes + 1);
    const err = (await caught(() => files.stageFromBytes('big.png', big, 'image'))) as CrmError;
    expect(err.code).toBe('file_too_large');
    expect(err.message).toBe('big.png is 5242881 bytes; images are limited to 5 MB (5242880 bytes).');
    const audio = (await caught(() => files.stageFromBytes('note.ogg', new Uint8Array(LIMITS.audioBytes + 1024 * 1024), 'audio'))) as CrmError;
    expect(audio.message).toMatch(/voice notes are limited to 16 MB/);
    expect(await readdir(join(dataDir, 'staging'))).toEqual([]);
    // a document of the same size is fine
    const doc = await files.stageFromBytes('big.bin', big, 'document');
    expect(doc).toMatchObject({ size: big.length, mimetype: 'application/octet-stream', category: 'document', previewDataUrl: null });
  });

  it('stages a file from a path without copying it; audio is recognised from its bytes', async () => {
    const { files, dataDir } = await staging();
    const path = join(dataDir, 'voice note.ogg');
    await writeFile(path, OGG);
    const staged = await files.stageFromPath(path, 'audio');
    expect(staged).toMatchObject({ name: 'voice note.ogg', size: OGG.length, mimetype: 'audio/ogg', category: 'audio', previewDataUrl: null });
    expect(files.resolve(staged.fileId)).toBe(path);
    await files.release(staged.fileId);
    expect(await readFile(path)).toEqual(OGG); // the person's file is never deleted
    const png = join(dataDir, 'a.png');
    await writeFile(png, PNG);
    expect((await files.stageFromPath(png, 'image')).previewDataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('reports unreadable paths', async () => {
    const { files, dataDir } = await staging();
    expect(((await caught(() => files.stageFromPath(join(dataDir, 'missing.png'), 'image'))) as CrmError).toInfo()).toEqual({
      code: 'file_unreadable',
      message: 'missing.png could not be read (ENOENT).',
    });
    expect(((await caught(() => files.stageFromPath(dataDir, 'document'))) as CrmError).code).toBe('file_unreadable');
  });

  it('empties the staging dir at start', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'staging', 'old-id'), { recursive: true });
    await writeFile(join(dataDir, 'staging', 'old-id', 'left.png'), PNG);
    await new FileStaging(dataDir).init();
    expect(await readdir(join(dataDir, 'staging'))).toEqual([]);
  });

  it.each([
    ['photo.jpg', 'photo.jpg'],
    ['C:\\Users\\me\\doc.pdf', 'doc.pdf'],
    ['..', 'file'],
    ['', 'file'],
    ['a\u0000b.txt', 'a_b.txt'],
    ['.hidden', 'hidden'],
  ])('sanitises %j to %j', (raw, expected) => {
    expect(sanitiseFileName(raw)).toBe(expected);
  });
});
