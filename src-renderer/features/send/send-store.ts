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
import type {
  AudioDraftState,
  CopyState,
  FileKind,
  FileState,
  MediaDraftState,
  PreviewState,
  Recipient,
  SendKind,
  SendPhase,
  TemplateDraftState,
  TextDraftState,
} from './send-types';

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
export const selectTab = (s: S): SendKind => s.tab;
export const selectRecipient = (s: S): Recipient => s.recipient;
export const selectTextDraft = (s: S): TextDraftState => s.text;
export const selectMediaDraft = (s: S): MediaDraftState => s.media;
export const selectAudioDraft = (s: S): AudioDraftState => s.audio;
export const selectTemplateDraft = (s: S): TemplateDraftState => s.template;
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
  (s: S): boolean =>
    needsAgain(s, kind);
/** the text box was cleared after the service accepted its text, and is still empty: Send has nothing to send, Undo is offered */
export const selectJustCleared =
  (kind: SendKind) =>
  (s: S): boolean => {
    const phase = s.send[kind];
    return kind === 'text' && phase.phase === 'sent' && phase.cleared !== null && s.text.text === '';
  };
export const selectCopy =
  (kind: SendKind) =>
  (s: S): CopyState =>
    s.copy[kind];
