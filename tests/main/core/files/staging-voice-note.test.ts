// The staging hook: a voice note recorded as WebM/Opus is staged as Ogg/Opus; anything the
// remux declines is staged exactly as before.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStaging } from '../../../../src-main/core/files/staging';
import { tempDir } from '../../helpers/temp-dir';
import { readOggPages } from '../media/ogg-check';

const WEBM = readFileSync(join(__dirname, '../../../fixtures/audio/chromium-voice-note.webm'));

async function staging(): Promise<FileStaging> {
  const files = new FileStaging(await tempDir());
  await files.init();
  return files;
}

describe('staging a recorded voice note', () => {
  it("stages Chromium's WebM/Opus as an .ogg file in audio/ogg", async () => {
    const files = await staging();
    const staged = await files.stageFromBytes('voice-note.webm', WEBM, 'audio');
    expect(staged).toMatchObject({ name: 'voice-note.ogg', mimetype: 'audio/ogg', category: 'audio' });
    const path = files.resolve(staged.fileId);
    expect(path.endsWith('/voice-note.ogg')).toBe(true);
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(staged.size).toBe(bytes.length);
    // the playback offered to the renderer is the remuxed Ogg, not the WebM that was handed over
    expect(staged.previewDataUrl).toBe(`data:audio/ogg;base64,${bytes.toString('base64')}`);
    const pages = readOggPages(bytes);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(
      Buffer.from(pages[0]?.payload ?? [])
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('OpusHead');
  });

  it('appends .ogg to a name without .webm', async () => {
    const files = await staging();
    const staged = await files.stageFromBytes('recording', WEBM, 'audio');
    expect(staged).toMatchObject({ name: 'recording.ogg', mimetype: 'audio/ogg' });
  });

  it('keeps a WebM the remux declines (truncated) as it is', async () => {
    const files = await staging();
    const truncated = WEBM.subarray(0, Math.floor(WEBM.length / 2) + 1);
    const staged = await files.stageFromBytes('voice-note.webm', truncated, 'audio');
    expect(staged).toMatchObject({ name: 'voice-note.webm', mimetype: 'audio/webm', category: 'audio', size: truncated.length });
    expect((await readFile(files.resolve(staged.fileId))).equals(truncated)).toBe(true);
  });

  it('garbage labelled .webm is staged as before, untouched', async () => {
    const files = await staging();
    const garbage = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 0xff));
    const staged = await files.stageFromBytes('voice-note.webm', garbage, 'audio');
    expect(staged).toMatchObject({ name: 'voice-note.webm', size: garbage.length, mimetype: 'application/octet-stream' });
    expect((await readFile(files.resolve(staged.fileId))).equals(garbage)).toBe(true);
  });

  it('only voice notes are remuxed: the same WebM as a document stays WebM', async () => {
    const files = await staging();
    const staged = await files.stageFromBytes('clip.webm', WEBM, 'document');
    expect(staged).toMatchObject({ name: 'clip.webm', mimetype: 'audio/webm', size: WEBM.length });
    expect((await readFile(files.resolve(staged.fileId))).equals(WEBM)).toBe(true);
  });
});
