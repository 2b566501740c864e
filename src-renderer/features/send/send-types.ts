// The values the send panels hold and show: drafts, staged files, the state of a send. Types
// only, so the pure helpers (fields.ts, draft.ts) and the store's slices share them without
// importing the store.
import type { ErrorInfo, MediaType, RequestPreview, SentMessage, StagedFile } from '../../lib/api';

export type SendKind = 'text' | 'media' | 'audio' | 'template';
export type FileKind = 'media' | 'audio';
export type SourceMode = 'file' | 'url';

/** The parts of a draft whose problems are shown once the person has touched them (or tried to send). */
export type TouchArea = 'number' | 'text' | 'caption' | 'media-source' | 'audio-source' | 'template';

export interface Recipient {
  number: string;
  /** the contact's name when picked from Contacts; cleared once the number is edited */
  name: string | null;
}

export interface TextDraftState {
  text: string;
}
export interface MediaDraftState {
  mediatype: MediaType;
  mode: SourceMode;
  file: StagedFile | null;
  url: string;
  /** for a URL: '' = from its name; else the type the person chose or the server named */
  urlType: string;
  caption: string;
}
export interface AudioDraftState {
  mode: SourceMode;
  file: StagedFile | null;
  url: string;
  /** for a URL: '' = from its name; else the type the person chose or the server named */
  urlType: string;
  /** blob: URL of the last voice note recorded here, for playback */
  recordingUrl: string | null;
}

/** An approved template: its name, the language of its translation, its body parameters in order. */
export interface TemplateDraftState {
  name: string;
  language: string;
  params: string[];
}

/** What a panel sends: the recipient and the panels' own fields. */
export interface DraftFields {
  recipient: Recipient;
  text: TextDraftState;
  media: MediaDraftState;
  audio: AudioDraftState;
  template: TemplateDraftState;
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
  /**
   * `replayed`: the server gave back its earlier answer for this Idempotency-Key: nothing new was created.
   * `cleared`: the text taken out of the text box once the service accepted it, for Undo (null: nothing to undo)
   */
  | { phase: 'sent'; message: SentMessage; durationMs: number; replayed: boolean; cleared: string | null }
  | { phase: 'queued'; outboxId: string; reason: string }
  | { phase: 'error'; error: ErrorInfo; retryIn: Countdown | null }
  | { phase: 'cancelled' };

export interface PreviewState {
  seq: number;
  loading: boolean;
  preview: RequestPreview | null;
  /** the draft (draftSignature) the preview was made for: its problems are about that draft only */
  signature: string | null;
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
