import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StagedFile } from '../../../src-renderer/lib/api';
import { useAppStore } from '../../../src-renderer/app/app-store';
import { useSendStore, type LocalFile } from '../../../src-renderer/features/send/send-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { appInfoRecord } from '../helpers/records';

const MB = 1024 * 1024;
let crm: FakeCrm;

function localFile(name: string, size: number, type: string): LocalFile & { arrayBuffer: ReturnType<typeof vi.fn> } {
  return { name, size, type, arrayBuffer: vi.fn(async () => new Uint8Array(Math.min(size, 16)).buffer) };
}

const staged = (name: string, category: StagedFile['category']): StagedFile => ({
  fileId: `f_${name}`,
  name,
  size: 16,
  mimetype: category === 'image' ? 'image/png' : 'application/pdf',
  category,
  previewDataUrl: null,
  temporary: true,
});

beforeEach(() => {
  vi.useFakeTimers();
  useSendStore.getState().reset();
  useAppStore.setState(useAppStore.getInitialState(), true);
  crm = installFakeCrm({
    'files:stage': ({ name, purpose }) => ok(staged(name, purpose === 'image' ? 'image' : 'document')),
    'files:release': () => ok(null),
    'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
  });
});
afterEach(() => {
  useSendStore.getState().reset();
  vi.useRealTimers();
});

describe('dropped files', () => {
  it('refuses an image over the limit before reading or staging it, naming the limit', async () => {
    const file = localFile('photo.png', Math.round(6.2 * MB), 'image/png');
    const accepted = await useSendStore.getState().stageLocalFile('media', file);
    expect(accepted).toBe(false);
    expect(file.arrayBuffer).not.toHaveBeenCalled();
    expect(crm.callsTo('files:stage')).toHaveLength(0);
    expect(useSendStore.getState().files.media).toEqual({ status: 'error', message: 'photo.png is 6.2 MB; images are limited to 5 MB' });
    expect(useSendStore.getState().media.file).toBeNull();
  });

  it('uses the limits main reports in app:info', async () => {
    useAppStore.setState({
      info: appInfoRecord({
        limits: {
          imageBytes: MB,
          documentBytes: 2 * MB,
          videoBytes: 2 * MB,
          stickerBytes: 2 * MB,
          audioBytes: 3 * MB,
          textChars: 10,
          captionChars: 5,
        },
      }),
    });
    const note = localFile('note.webm', 4 * MB, 'audio/webm');
    expect(await useSendStore.getState().stageLocalFile('audio', note)).toBe(false);
    expect(useSendStore.getState().files.audio).toEqual({ status: 'error', message: 'note.webm is 4 MB; voice notes are limited to 3 MB' });
    expect(note.arrayBuffer).not.toHaveBeenCalled();
  });

  it('stages a file within the limit with its bytes and uses it as the source', async () => {
    const file = localFile('photo.png', 4 * MB, 'image/png');
    expect(await useSendStore.getState().stageLocalFile('media', file)).toBe(true);
    const calls = crm.callsTo('files:stage');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('photo.png');
    expect(calls[0]!.purpose).toBe('image');
    expect(calls[0]!.bytes).toBeInstanceOf(Uint8Array);
    expect(useSendStore.getState().media).toMatchObject({ mode: 'file', file: { fileId: 'f_photo.png' } });
  });

  it('treats a non-image dropped on the image tab as a document (100 MB limit)', async () => {
    const pdf = localFile('contract.pdf', 20 * MB, 'application/pdf');
    expect(await useSendStore.getState().stageLocalFile('media', pdf)).toBe(true);
    expect(crm.callsTo('files:stage')[0]!.purpose).toBe('document');
    expect(useSendStore.getState().media.mediatype).toBe('document');
  });

  it('releases the previous staged file when another replaces it', async () => {
    await useSendStore.getState().stageLocalFile('media', localFile('a.png', 10, 'image/png'));
    await useSendStore.getState().stageLocalFile('media', localFile('b.png', 10, 'image/png'));
    expect(crm.callsTo('files:release')).toEqual([{ fileId: 'f_a.png' }]);
  });
});
