import { create } from 'zustand';
import type { ErrorInfo, RequestPreview, SendDraft, SendProgressEvent, SentMessage, StagedFile } from '../../lib/api';
import { invoke } from '../../lib/api';
import { newRequestId } from '../../lib/ids';
import { oversizeMessage, type FilePurpose } from '../../lib/limits';
import { problemSentence } from './fields';
import { currentLimits } from '../../app/app-store';

export type SendKind = 'text' | 'media' | 'audio';
export type FileKind = 'media' | 'audio';
export type SourceMode = 'file' | 'url';

export const PREVIEW_DEBOUNCE_MS = 150;

/** The parts of a draft whose problems are shown once the person has touched them (or tried to send). */
export type TouchArea = 'number' | 'text' | 'caption' | 'media-source' | 'audio-source';

export interface Recipient {
  number: string;
  /** the contact's name when picked from Contacts; cleared once the number is edited */
  name: string | null;
}

export interface TextDraftState {
  text: string;
}
export interface MediaDraftState {
  mediatype: 'image' | 'document';
  mode: SourceMode;
  file: StagedFile | null;
  url: string;
  caption: string;
}
export interface AudioDraftState {
  mode: SourceMode;
  file: StagedFile | null;
  url: string;
  /** blob: URL of the last voice note recorded here, for playback */
  recordingUrl: string | null;
}

export interface Countdown {
  secondsLeft: number;
}

export type SendPhase =
  | { phase: 'idle' }
  | {
      phase: 'sending';
      requestId: string;
      cancelling: boolean;
      upload: { sentBytes: number; totalBytes: number } | null;
      waiting: (Countdown & { attempt: number; maxAttempts: number }) | null;
    }
  /** `replayed`: the server gave back its earlier answer for this Idempotency-Key: nothing new was created */
  | { phase: 'sent'; message: SentMessage; durationMs: number; replayed: boolean }
  | { phase: 'queued'; outboxId: string; reason: string }
  | { phase: 'error'; error: ErrorInfo; retryIn: Countdown | null }
  | { phase: 'cancelled' };

export interface PreviewState {
  seq: number;
  loading: boolean;
  preview: RequestPreview | null;
  error: ErrorInfo | null;
}

export type FileState = { status: 'idle' } | { status: 'staging'; name: string } | { status: 'error'; message: string };

export type CopyState =
  | { status: 'idle' }
  | { status: 'copying'; withKey: boolean }
  | { status: 'copied'; withKey: boolean; clearsAfterMs: number | null }
  | { status: 'error'; error: ErrorInfo };

/** A dropped or recorded file: just what staging needs (a DOM File fits). */
export interface LocalFile {
  name: string;
  size: number;
  type: string;
  arrayBuffer: () => Promise<ArrayBuffer>;
}

interface SendStore {
  tab: SendKind;
  recipient: Recipient;
  text: TextDraftState;
  media: MediaDraftState;
  audio: AudioDraftState;
  preview: Record<SendKind, PreviewState>;
  send: Record<SendKind, SendPhase>;
  files: Record<FileKind, FileState>;
  copy: Record<SendKind, CopyState>;
  touched: Partial<Record<TouchArea, true>>;
  attempted: Record<SendKind, boolean>;
  /**
   * The draft (as text, see draftSignature) of each panel's last definite success. While the
   * panel still holds exactly that draft, Send is held: only an explicit "Send again" sends it
   * once more (main refuses it too). Kept when the result line is dismissed.
   */
  sentDraft: Record<SendKind, string | null>;

  setTab: (tab: SendKind) => void;
  setNumber: (number: string) => void;
  pickRecipient: (number: string, name: string | null) => void;
  setText: (text: string) => void;
  setMedia: (patch: Partial<Pick<MediaDraftState, 'mediatype' | 'mode' | 'url' | 'caption'>>) => void;
  setAudio: (patch: Partial<Pick<AudioDraftState, 'mode' | 'url'>>) => void;
  /** keeps (and later revokes) the blob: URL of a recorded voice note */
  setRecordingUrl: (url: string | null) => void;
  schedulePreview: (kind: SendKind) => void;
  runPreview: (kind: SendKind) => Promise<void>;
  pickFile: (kind: FileKind) => Promise<void>;
  stageLocalFile: (kind: FileKind, file: LocalFile) => Promise<boolean>;
  clearFile: (kind: FileKind) => void;
  /** `again`: the person chose "Send again" for the draft that was just sent */
  submit: (kind: SendKind, options?: { again?: boolean }) => Promise<void>;
  cancel: (kind: SendKind) => Promise<void>;
  onProgress: (event: SendProgressEvent) => void;
  copyCurl: (kind: SendKind, withKey: boolean) => Promise<void>;
  dismissResult: (kind: SendKind) => void;
  reset: () => void;
}

const KINDS: SendKind[] = ['text', 'media', 'audio'];

const previewTimers: Partial<Record<SendKind, ReturnType<typeof setTimeout>>> = {};
const countdownTimers: Partial<Record<SendKind, ReturnType<typeof setInterval>>> = {};

function perKind<T>(make: () => T): Record<SendKind, T> {
  return { text: make(), media: make(), audio: make() };
}

function initialState() {
  return {
    tab: 'text' as SendKind,
    recipient: { number: '', name: null } as Recipient,
    text: { text: '' } as TextDraftState,
    media: { mediatype: 'image', mode: 'file', file: null, url: '', caption: '' } as MediaDraftState,
    audio: { mode: 'file', file: null, url: '', recordingUrl: null } as AudioDraftState,
    preview: perKind<PreviewState>(() => ({ seq: 0, loading: false, preview: null, error: null })),
    send: perKind<SendPhase>(() => ({ phase: 'idle' })),
    files: { media: { status: 'idle' }, audio: { status: 'idle' } } as Record<FileKind, FileState>,
    copy: perKind<CopyState>(() => ({ status: 'idle' })),
    touched: {} as Partial<Record<TouchArea, true>>,
    attempted: perKind(() => false),
    sentDraft: perKind<string | null>(() => null),
  };
}

type DraftSlice = Pick<SendStore, 'recipient' | 'text' | 'media' | 'audio'>;

/** What makes two drafts the same message: the exact SendDraft main would get, as text. */
export function draftSignature(draft: SendDraft): string {
  return JSON.stringify(draft);
}

/** The SendDraft main previews, copies and sends for one panel. */
export function buildDraft(s: DraftSlice, kind: SendKind): SendDraft {
  const number = s.recipient.number;
  if (kind === 'text') return { kind: 'text', number, text: s.text.text };
  if (kind === 'media') {
    const m = s.media;
    const useFile = m.mode === 'file' && m.file;
    return {
      kind: 'media',
      number,
      mediatype: m.mediatype,
      source: useFile && m.file ? { kind: 'file', fileId: m.file.fileId } : { kind: 'url', url: m.url.trim() },
      ...(m.caption ? { caption: m.caption } : {}),
      ...(useFile && m.file ? { fileName: m.file.name } : {}),
    };
  }
  const a = s.audio;
  return {
    kind: 'audio',
    number,
    source: a.mode === 'file' && a.file ? { kind: 'file', fileId: a.file.fileId } : { kind: 'url', url: a.url.trim() },
  };
}

function purposeFor(kind: FileKind, s: DraftSlice, mimetype: string): FilePurpose {
  if (kind === 'audio') return 'audio';
  // An image drop on the image tab counts as an image; anything else travels as a document.
  return s.media.mediatype === 'image' && mimetype.startsWith('image/') ? 'image' : 'document';
}

export const useSendStore = create<SendStore>()((set, get) => {
  const setPhase = (kind: SendKind, phase: SendPhase) => set((s) => ({ send: { ...s.send, [kind]: phase } }));
  const setSentDraft = (kind: SendKind, signature: string | null) => set((s) => ({ sentDraft: { ...s.sentDraft, [kind]: signature } }));

  const stopCountdown = (kind: SendKind) => {
    clearInterval(countdownTimers[kind]);
    delete countdownTimers[kind];
  };

  /** Ticks the visible countdown (a 429 wait or a retry-after on error) once a second. */
  const startCountdown = (kind: SendKind) => {
    stopCountdown(kind);
    countdownTimers[kind] = setInterval(() => {
      const cur = get().send[kind];
      const tick = (c: Countdown | null): Countdown | null => (c ? { secondsLeft: Math.max(0, c.secondsLeft - 1) } : null);
      if (cur.phase === 'sending' && cur.waiting) {
        const waiting = { ...cur.waiting, secondsLeft: Math.max(0, cur.waiting.secondsLeft - 1) };
        setPhase(kind, { ...cur, waiting });
        if (waiting.secondsLeft === 0) stopCountdown(kind);
      } else if (cur.phase === 'error' && cur.retryIn) {
        const retryIn = tick(cur.retryIn);
        setPhase(kind, { ...cur, retryIn });
        if (!retryIn || retryIn.secondsLeft === 0) stopCountdown(kind);
      } else {
        stopCountdown(kind);
      }
    }, 1000);
  };

  const touch = (area: TouchArea) => {
    if (!get().touched[area]) set((s) => ({ touched: { ...s.touched, [area]: true } }));
  };

  const setFileState = (kind: FileKind, state: FileState) => set((s) => ({ files: { ...s.files, [kind]: state } }));

  const releaseIfUnused = (file: StagedFile | null) => {
    if (file) void invoke('files:release', { fileId: file.fileId });
  };

  const adoptStagedFile = (kind: FileKind, file: StagedFile) => {
    touch(kind === 'media' ? 'media-source' : 'audio-source');
    const previous = get()[kind].file;
    if (kind === 'media') {
      set((s) => ({
        media: { ...s.media, file, mode: 'file', mediatype: file.category === 'image' ? s.media.mediatype : 'document' },
      }));
    } else {
      // a new audio file replaces any earlier recording's playback (the recorder sets its own after this)
      get().setRecordingUrl(null);
      set((s) => ({ audio: { ...s.audio, file, mode: 'file' } }));
    }
    setFileState(kind, { status: 'idle' });
    if (previous && previous.fileId !== file.fileId) releaseIfUnused(previous);
    get().schedulePreview(kind);
  };

  return {
    ...initialState(),

    setTab: (tab) => {
      set({ tab });
      get().schedulePreview(tab);
    },

    setNumber: (number) => {
      touch('number');
      set({ recipient: { number, name: null } });
      get().schedulePreview(get().tab);
    },

    pickRecipient: (number, name) => {
      touch('number');
      set({ recipient: { number, name } });
      get().schedulePreview(get().tab);
    },

    setText: (text) => {
      touch('text');
      set({ text: { text } });
      get().schedulePreview('text');
    },

    setMedia: (patch) => {
      if (patch.caption !== undefined) touch('caption');
      if (patch.url !== undefined) touch('media-source');
      set((s) => ({ media: { ...s.media, ...patch } }));
      get().schedulePreview('media');
    },

    setAudio: (patch) => {
      if (patch.url !== undefined) touch('audio-source');
      set((s) => ({ audio: { ...s.audio, ...patch } }));
      get().schedulePreview('audio');
    },

    setRecordingUrl: (url) => {
      const old = get().audio.recordingUrl;
      if (old && old !== url) URL.revokeObjectURL(old);
      set((s) => ({ audio: { ...s.audio, recordingUrl: url } }));
    },

    schedulePreview: (kind) => {
      clearTimeout(previewTimers[kind]);
      previewTimers[kind] = setTimeout(() => {
        delete previewTimers[kind];
        void get().runPreview(kind);
      }, PREVIEW_DEBOUNCE_MS);
    },

    runPreview: async (kind) => {
      const seq = get().preview[kind].seq + 1;
      set((s) => ({ preview: { ...s.preview, [kind]: { ...s.preview[kind], seq, loading: true } } }));
      const r = await invoke('send:preview', { draft: buildDraft(get(), kind) });
      if (get().preview[kind].seq !== seq) return; // a newer preview is on its way
      set((s) => ({
        preview: {
          ...s.preview,
          [kind]: r.ok
            ? { seq, loading: false, preview: r.value, error: null }
            : { seq, loading: false, preview: s.preview[kind].preview, error: r.error },
        },
      }));
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
      const purpose = purposeFor(kind, get(), file.type);
      // Refuse before reading or staging anything: the limit is known here.
      const tooLarge = oversizeMessage(file.name, file.size, purpose, currentLimits());
      if (tooLarge) {
        setFileState(kind, { status: 'error', message: tooLarge });
        return false;
      }
      setFileState(kind, { status: 'staging', name: file.name });
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch {
        setFileState(kind, { status: 'error', message: `${file.name} could not be read.` });
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
      releaseIfUnused(file);
      get().schedulePreview(kind);
    },

    submit: async (kind, options = {}) => {
      const again = options.again === true;
      if (get().send[kind].phase === 'sending') return;
      // the same draft right after its success is a second message: only "Send again" sends it
      if (!again && selectNeedsAgain(kind)(get())) return;
      stopCountdown(kind);
      if (!get().attempted[kind]) set((s) => ({ attempted: { ...s.attempted, [kind]: true } }));
      if (missingFile(get(), kind)) {
        // nothing to send: the panel says to choose a file (and an earlier result is not left showing)
        setPhase(kind, { phase: 'idle' });
        return;
      }
      const requestId = newRequestId();
      const draft = buildDraft(get(), kind);
      const signature = draftSignature(draft);
      setPhase(kind, { phase: 'sending', requestId, cancelling: false, upload: null, waiting: null });
      const r = await invoke('send:submit', { draft, requestId, ...(again ? { again: true } : {}) });
      const cur = get().send[kind];
      if (cur.phase !== 'sending' || cur.requestId !== requestId) return;
      stopCountdown(kind);
      // The draft is never touched here: an error or a queue keeps everything the person typed.
      if (r.ok) {
        const o = r.value;
        if (o.status === 'sent') {
          setPhase(kind, { phase: 'sent', message: o.message, durationMs: o.durationMs, replayed: o.replayed === true });
          // an answer the app could not read is not a definite success: main keeps the draft's
          // Idempotency-Key, so pressing Send again replays instead of making a second message
          setSentDraft(kind, o.message.understood ? signature : null);
        } else {
          setPhase(kind, { phase: 'queued', outboxId: o.outboxId, reason: o.reason });
          setSentDraft(kind, null);
        }
        return;
      }
      // main refuses the same draft right after its success even when this store forgot it
      // (a reloaded window): from now on this draft needs "Send again" here too
      setSentDraft(kind, r.error.code === 'conflict' && !again ? signature : null);
      if (r.error.code === 'cancelled') {
        setPhase(kind, { phase: 'cancelled' });
        return;
      }
      const retryIn = r.error.retryAfterMs != null ? { secondsLeft: Math.max(1, Math.ceil(r.error.retryAfterMs / 1000)) } : null;
      setPhase(kind, { phase: 'error', error: r.error, retryIn });
      if (retryIn) startCountdown(kind);
    },

    cancel: async (kind) => {
      const cur = get().send[kind];
      if (cur.phase !== 'sending' || cur.cancelling) return;
      setPhase(kind, { ...cur, cancelling: true });
      await invoke('send:cancel', { requestId: cur.requestId });
    },

    onProgress: (event) => {
      const kind = KINDS.find((k) => {
        const p = get().send[k];
        return p.phase === 'sending' && p.requestId === event.requestId;
      });
      if (!kind) return;
      const cur = get().send[kind];
      if (cur.phase !== 'sending') return;
      if (event.kind === 'upload') {
        setPhase(kind, { ...cur, upload: { sentBytes: event.sentBytes, totalBytes: event.totalBytes }, waiting: null });
        stopCountdown(kind);
      } else {
        const secondsLeft = Math.max(1, Math.ceil(event.retryAfterMs / 1000));
        setPhase(kind, { ...cur, waiting: { secondsLeft, attempt: event.attempt, maxAttempts: event.maxAttempts } });
        startCountdown(kind);
      }
    },

    copyCurl: async (kind, withKey) => {
      set((s) => ({ copy: { ...s.copy, [kind]: { status: 'copying', withKey } } }));
      const r = await invoke('send:copy-curl', { draft: buildDraft(get(), kind), withKey });
      set((s) => ({
        copy: {
          ...s.copy,
          [kind]: r.ok ? { status: 'copied', withKey, clearsAfterMs: r.value.clearsAfterMs } : { status: 'error', error: r.error },
        },
      }));
    },

    dismissResult: (kind) => {
      if (get().send[kind].phase === 'sending') return;
      stopCountdown(kind);
      setPhase(kind, { phase: 'idle' });
    },

    reset: () => {
      for (const k of KINDS) {
        clearTimeout(previewTimers[k]);
        delete previewTimers[k];
        stopCountdown(k);
      }
      set(initialState());
    },
  };
});

type S = SendStore;
export const selectTab = (s: S): SendKind => s.tab;
export const selectRecipient = (s: S): Recipient => s.recipient;
export const selectTextDraft = (s: S): TextDraftState => s.text;
export const selectMediaDraft = (s: S): MediaDraftState => s.media;
export const selectAudioDraft = (s: S): AudioDraftState => s.audio;
export const selectPreview =
  (kind: SendKind) =>
  (s: S): PreviewState =>
    s.preview[kind];
export const selectPhase =
  (kind: SendKind) =>
  (s: S): SendPhase =>
    s.send[kind];
export const selectFileState =
  (kind: FileKind) =>
  (s: S): FileState =>
    s.files[kind];
/** true while the panel holds exactly the draft it just sent: Send is held, "Send again" offered */
export const selectNeedsAgain =
  (kind: SendKind) =>
  (s: S): boolean => {
    const sent = s.sentDraft[kind];
    return sent !== null && sent === draftSignature(buildDraft(s, kind));
  };
export const selectCopy =
  (kind: SendKind) =>
  (s: S): CopyState =>
    s.copy[kind];

/**
 * Problems for one field: the preview's (once the field was touched or a send was tried, so a
 * fresh form is not all red) and a failed send's field details.
 */
/** The panel is set to send a file and none is chosen yet (main would only see an empty URL). */
export function missingFile(s: DraftSlice, kind: SendKind): boolean {
  if (kind === 'media') return s.media.mode === 'file' && !s.media.file;
  if (kind === 'audio') return s.audio.mode === 'file' && !s.audio.file;
  return false;
}

export const MISSING_FILE: Record<FileKind, string> = {
  media: 'Choose a file, or drop one on the panel.',
  audio: 'Choose an audio file, drop one on the panel, or record a voice note.',
};

export function problemsFor(s: S, kind: SendKind, fields: string[], area: TouchArea): string[] {
  const out: string[] = [];
  const show = s.attempted[kind] || s.touched[area] === true;
  if ((area === 'media-source' || area === 'audio-source') && (kind === 'media' || kind === 'audio') && missingFile(s, kind)) {
    // not the URL problems main reports for the empty URL that stands in for the file
    return show ? [MISSING_FILE[kind]] : [];
  }
  const add = (field: string, message: string) => {
    const sentence = problemSentence(field, message);
    if (fields.includes(field) && !out.includes(sentence)) out.push(sentence);
  };
  if (show) for (const p of s.preview[kind].preview?.problems ?? []) add(p.field, p.message);
  const phase = s.send[kind];
  if (phase.phase === 'error') for (const d of phase.error.details ?? []) add(d.field, d.message);
  return out;
}
