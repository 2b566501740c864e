// Staged files of the media and audio panels: picked in main's dialog, dropped, or recorded.
// main keeps the bytes; the draft holds only the staged file's id, and main is told to release
// a file once it is removed or replaced.
import { currentLimits } from '../../app/app-port';
import type { FilePurpose, StagedFile } from '../../lib/api';
import { invoke } from '../../lib/api';
import { localFileProblem, mediaKindForFile, stagingPurpose, unreadableFileMessage } from './fields';
import { shownNow } from './field-lifecycle';
import type { DataOf, FilesSlice, SendSlice } from './send-state';
import type { FileKind, FileState } from './send-types';

export function initialFilesState(): DataOf<FilesSlice> {
  return { files: { media: { status: 'idle' }, audio: { status: 'idle' } } };
}

function release(file: StagedFile | null): void {
  if (file) void invoke('files:release', { fileId: file.fileId });
}

export const createFilesSlice: SendSlice<FilesSlice> = (set, get) => {
  const setFileState = (kind: FileKind, state: FileState) => set((s) => ({ files: { ...s.files, [kind]: state } }));

  /** Makes a staged file the panel's source, releasing the one it replaces. */
  const adoptStagedFile = (kind: FileKind, file: StagedFile) => {
    set((s) => shownNow(s, kind === 'media' ? 'media-source' : 'audio-source'));
    const previous = get()[kind].file;
    if (kind === 'media') {
      set((s) => ({
        media: { ...s.media, file, mode: 'file', mediatype: mediaKindForFile(s.media.mediatype, file.category, file.mimetype) },
      }));
    } else {
      // a new audio file replaces any earlier recording's playback (the recorder sets its own after this)
      get().setRecordingUrl(null);
      set((s) => ({ audio: { ...s.audio, file, mode: 'file' } }));
    }
    setFileState(kind, { status: 'idle' });
    if (previous && previous.fileId !== file.fileId) release(previous);
    get().schedulePreview(kind);
  };

  return {
    ...initialFilesState(),

    setRecordingUrl: (url) => {
      const old = get().audio.recordingUrl;
      if (old && old !== url) URL.revokeObjectURL(old);
      set((s) => ({ audio: { ...s.audio, recordingUrl: url } }));
    },

    pickFile: async (kind) => {
      const purpose: FilePurpose = kind === 'audio' ? 'audio' : get().media.mediatype;
      const r = await invoke('files:pick', { purpose });
      if (!r.ok) {
        setFileState(kind, { status: 'error', message: r.error.message });
        return;
      }
      if (r.value) adoptStagedFile(kind, r.value);
    },

    stageLocalFile: async (kind, file) => {
      const purpose = stagingPurpose(kind, get().media.mediatype, file.type);
      // Refuse before reading or staging anything: the limit is known here.
      const problem = localFileProblem(file, purpose, currentLimits());
      if (problem) {
        setFileState(kind, { status: 'error', message: problem });
        return false;
      }
      setFileState(kind, { status: 'staging', name: file.name });
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch {
        setFileState(kind, { status: 'error', message: unreadableFileMessage(file.name) });
        return false;
      }
      const r = await invoke('files:stage', { name: file.name, bytes, purpose });
      if (!r.ok) {
        setFileState(kind, { status: 'error', message: r.error.message });
        return false;
      }
      adoptStagedFile(kind, r.value);
      return true;
    },

    clearFile: (kind) => {
      const file = get()[kind].file;
      if (kind === 'media') set((s) => ({ media: { ...s.media, file: null } }));
      else {
        get().setRecordingUrl(null);
        set((s) => ({ audio: { ...s.audio, file: null } }));
      }
      setFileState(kind, { status: 'idle' });
      release(file);
      get().schedulePreview(kind);
    },
  };
};
