// File staging: bytes from the renderer become 0600 temp files under <dataDir>/staging/, limits
// are enforced before anything is written, the mimetype comes from the bytes.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrmError } from '../../../../src-main/core/errors';
import { FileStaging, PREVIEW_MAX_BYTES, sanitiseFileName } from '../../../../src-main/core/files/staging';
import { LIMITS } from '../../../../src-main/core/limits';
import { caught } from '../../helpers/secret-scan';
import { casesOf } from '../../helpers/cases';
import { tempDir } from '../../helpers/temp-dir';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);

async function staging(): Promise<{ files: FileStaging; dataDir: string }> {
  const dataDir = await tempDir();
  const files = new FileStaging(dataDir);
  await files.init();
  return { files, dataDir };
}

describe('file staging', () => {
  it('stages bytes as a 0600 file with a sanitised name, sniffed type and an image preview', async () => {
    const { files } = await staging();
    const staged = await files.stageFromBytes('../../etc/My:pic?.png', PNG, 'image');
    expect(staged).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'My_pic_.png',
      size: PNG.length,
      mimetype: 'image/png',
      category: 'image',
      previewDataUrl: `data:image/png;base64,${PNG.toString('base64')}`,
      temporary: true, // a copy under staging/, not the person's file
    });
    const path = files.resolve(staged.fileId);
    expect(path.startsWith(`${files.dir}/`)).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path)).toEqual(PNG);
    await files.release(staged.fileId);
    expect(await readdir(files.dir)).toEqual([]);
    expect(((await caught(async () => files.resolve(staged.fileId))) as CrmError).code).toBe('file_unreadable');
  });

  it('refuses bytes over the purpose limit before writing, naming the limit', async () => {
    const { files } = await staging();
    const big = new Uint8Array(LIMITS.imageBytes + 1);
    const err = (await caught(() => files.stageFromBytes('big.png', big, 'image'))) as CrmError;
    expect(err.code).toBe('file_too_large');
    expect(err.message).toBe('big.png is 5242881 bytes; images are limited to 5 MB (5242880 bytes).');
    const audio = (await caught(() =>
      files.stageFromBytes('note.ogg', new Uint8Array(LIMITS.audioBytes + 1024 * 1024), 'audio'),
    )) as CrmError;
    expect(audio.message).toMatch(/voice notes are limited to 16 MB/);
    expect(await readdir(files.dir)).toEqual([]);
    // a document of the same size is fine
    const doc = await files.stageFromBytes('big.bin', big, 'document');
    expect(doc).toMatchObject({ size: big.length, mimetype: 'application/octet-stream', category: 'document', previewDataUrl: null });
  });

  it('stages a file from a path without copying it; audio is recognised from its bytes', async () => {
    const { files, dataDir } = await staging();
    const path = join(dataDir, 'voice note.ogg');
    await writeFile(path, OGG);
    const staged = await files.stageFromPath(path, 'audio');
    expect(staged).toMatchObject({ name: 'voice note.ogg', size: OGG.length, mimetype: 'audio/ogg', category: 'audio', temporary: false });
    // playable in the renderer: the file's own bytes as a data: URL
    expect(staged.previewDataUrl).toBe(`data:audio/ogg;base64,${OGG.toString('base64')}`);
    expect(files.resolve(staged.fileId)).toBe(path);
    await files.release(staged.fileId);
    expect(await readFile(path)).toEqual(OGG); // the person's file is never deleted
    const png = join(dataDir, 'a.png');
    await writeFile(png, PNG);
    expect((await files.stageFromPath(png, 'image')).previewDataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a picked file over its purpose limit from its size alone, naming the limit', async () => {
    const { files, dataDir } = await staging();
    const big = join(dataDir, 'holiday photo.png');
    await writeFile(big, PNG);
    // sparse: 6 MiB on paper, a few bytes on disk; the limit check needs only its size
    const { truncate } = await import('node:fs/promises');
    await truncate(big, 6 * 1024 * 1024);
    const err = (await caught(() => files.stageFromPath(big, 'image'))) as CrmError;
    expect(err.toInfo()).toEqual({ code: 'file_too_large', message: 'holiday photo.png is 6 MB; images are limited to 5 MB.' });
    // the same file is fine as a document (limit 100 MB)
    expect((await files.stageFromPath(big, 'document')).size).toBe(6 * 1024 * 1024);
  });

  it('offers audio playback only up to the preview size; a larger voice note is still staged', async () => {
    const { files, dataDir } = await staging();
    const long = join(dataDir, 'long note.ogg');
    await writeFile(long, OGG);
    const { truncate } = await import('node:fs/promises');
    await truncate(long, PREVIEW_MAX_BYTES + 1); // sparse, still under the 16 MiB audio limit
    const staged = await files.stageFromPath(long, 'audio');
    expect(staged).toMatchObject({ mimetype: 'audio/ogg', size: PREVIEW_MAX_BYTES + 1, previewDataUrl: null });
    const fits = await files.stageFromBytes('short.ogg', Buffer.concat([OGG, Buffer.alloc(PREVIEW_MAX_BYTES - OGG.length)]), 'audio');
    expect(fits.previewDataUrl).toMatch(/^data:audio\/ogg;base64,T2dnU/);
  });

  it('reports unreadable paths', async () => {
    const { files, dataDir } = await staging();
    expect(((await caught(() => files.stageFromPath(join(dataDir, 'missing.png'), 'image'))) as CrmError).toInfo()).toEqual({
      code: 'file_unreadable',
      message: 'missing.png could not be read (ENOENT).',
    });
    expect(((await caught(() => files.stageFromPath(dataDir, 'document'))) as CrmError).code).toBe('file_unreadable');
  });

  it('at start removes the staging dirs of processes that are gone, never a live one', async () => {
    const dataDir = await tempDir();
    const root = join(dataDir, 'staging');
    for (const name of ['999999999.dead', 'garbage', `${process.ppid}.alive`]) {
      await mkdir(join(root, name, 'id'), { recursive: true });
      await writeFile(join(root, name, 'id', 'left.png'), PNG);
    }
    const files = new FileStaging(dataDir);
    await files.init();
    expect((await readdir(root)).sort()).toEqual([`${process.ppid}.alive`, files.dir.split('/').pop()].sort());
    await files.releaseAll();
    expect(await readdir(root)).toEqual([`${process.ppid}.alive`]);
  });

  it('pins a staged file for a queued send and sweeps it once the send is over', async () => {
    const { files, dataDir } = await staging();
    const staged = await files.stageFromBytes('dot.png', PNG, 'image');
    const pinned = await files.pinForOutbox(files.resolve(staged.fileId));
    expect(pinned?.path.startsWith(join(dataDir, 'outbox-files'))).toBe(true);
    await files.release(staged.fileId);
    expect(await readFile(pinned?.path as string)).toEqual(PNG);
    await pinned?.attach('ob_1');
    const other = await files.pinForOutbox(files.resolve((await files.stageFromBytes('b.png', PNG, 'image')).fileId));
    await other?.attach('ob_2');
    // a file the person named elsewhere is copied too: what is queued cannot change before it goes
    const own = join(dataDir, 'mine.png');
    await writeFile(own, PNG);
    const ownPin = await files.pinForOutbox(own);
    expect(await readFile(ownPin?.path as string)).toEqual(PNG);
    await ownPin?.discard();
    // a later process: ob_1 was sent, ob_2 failed (may be retried)
    const later = new FileStaging(dataDir);
    await later.init();
    await later.sweepPinned([
      { id: 'ob_1', state: 'sent' },
      { id: 'ob_2', state: 'failed' },
    ]);
    expect(await readdir(join(dataDir, 'outbox-files'))).toHaveLength(1);
    await files.onOutboxChanged([{ id: 'ob_2', state: 'cancelled' }]);
    expect(await readdir(join(dataDir, 'outbox-files'))).toEqual([]);
  });

  casesOf('sanitises %j to %j', sanitiseFileName, [
    ['photo.jpg', 'photo.jpg'],
    ['C:\\Users\\me\\doc.pdf', 'doc.pdf'],
    ['..', 'file'],
    ['', 'file'],
    ['a\u0000b.txt', 'a_b.txt'],
    ['.hidden', 'hidden'],
  ]);
});
