// The send panels' one store, composed of its slices (drafts, previews, staged files, sends in
// flight), and the named selectors the panels read it with.
import { create } from 'zustand';
import { needsAgain } from './draft';
import { createDraftSlice, initialDraftState } from './draft-slice';
import { createFilesSlice, initialFilesState } from './files-slice';
import { cancelScheduledPreviews, createPreviewSlice, initialPreviewState } from './preview-slice';
import { createProfileSlice, initialProfileState } from './profile-slice';
import { createRequestsSlice, initialRequestsState, stopCountdowns } from './requests-slice';
import { createTemplateSlice, initialTemplateState } from './template-slice';
import type { ResetSlice, SendSlice, SendState } from './send-state';
import type { AudioDraftState, MediaDraftState, Recipient, SendKind, TemplateDraftState, TextDraftState } from './send-types';

export type {
  AudioDraftState,
  CopyState,
  Countdown,
  FileKind,
  FileState,
  LocalFile,
  MediaDraftState,
  PreviewState,
  Recipient,
  SendKind,
  SendPhase,
  SourceMode,
  TemplateDraftState,
  TextDraftState,
  TouchArea,
} from './send-types';
export type { SendState } from './send-state';
export { buildDraft, draftSignature } from './draft';
export { missingFile, MISSING_FILE, problemsFor } from './fields';
export { PREVIEW_DEBOUNCE_MS } from './preview-slice';

/** Back to a fresh window: no draft, no result, no timer left running. */
const createResetSlice: SendSlice<ResetSlice> = (set) => ({
  reset: () => {
    cancelScheduledPreviews();
    stopCountdowns();
    set({
      ...initialDraftState(),
      ...initialPreviewState(),
      ...initialFilesState(),
      ...initialRequestsState(),
      ...initialProfileState(),
      ...initialTemplateState(),
    });
  },
});

export const useSendStore = create<SendState>()((...a) => ({
  ...createDraftSlice(...a),
  ...createPreviewSlice(...a),
  ...createFilesSlice(...a),
  ...createRequestsSlice(...a),
  ...createProfileSlice(...a),
  ...createTemplateSlice(...a),
  ...createResetSlice(...a),
}));

type S = SendState;
/** the selector maker for one kind's entry of a record the state keeps per kind (a preview, a send, a file...) */
const selectOfKind =
  <K extends string, V>(record: (s: S) => Record<K, V>) =>
  (kind: K) =>
  (s: S): V =>
    record(s)[kind];
export const selectTab = (s: S): SendKind => s.tab;
export const selectRecipient = (s: S): Recipient => s.recipient;
export const selectTextDraft = (s: S): TextDraftState => s.text;
export const selectMediaDraft = (s: S): MediaDraftState => s.media;
export const selectAudioDraft = (s: S): AudioDraftState => s.audio;
export const selectTemplateDraft = (s: S): TemplateDraftState => s.template;
export const selectPreview = selectOfKind((s) => s.preview);
export const selectPhase = selectOfKind((s) => s.send);
export const selectFileState = selectOfKind((s) => s.files);
/** true while the panel holds exactly the draft it just sent: Send is held, "Send again" offered */
export const selectNeedsAgain =
  (kind: SendKind) =>
  (s: S): boolean =>
    needsAgain(s, kind);
/** the text box was cleared after the service accepted its text, and is still empty: Send has nothing to send, Undo is offered */
export const selectJustCleared =
  (kind: SendKind) =>
  (s: S): boolean => {
    const phase = s.send[kind];
    return kind === 'text' && phase.phase === 'sent' && phase.cleared !== null && s.text.text === '';
  };
export const selectCopy = selectOfKind((s) => s.copy);
