// The shape of the one send store, slice by slice. Every slice is written against the whole
// SendState (its actions read and update the others' parts through get/set), so the shapes
// live here, apart from the slices, and no slice needs the store module itself.
import type { StateCreator } from 'zustand';
import type { ErrorInfo, SendProgressEvent } from '../../lib/api';
import type { ApprovedTemplate, TemplateList } from '../../../src-main/shared/approved-template';
import type {
  AudioDraftState,
  CopyState,
  DraftFields,
  FileKind,
  FileState,
  LocalFile,
  MediaDraftState,
  PreviewState,
  SendKind,
  SendPhase,
  TemplateDraftState,
  TouchArea,
} from './send-types';

/** The panels' fields and what the person did with them (draft-slice.ts). */
export interface DraftSlice extends DraftFields {
  tab: SendKind;
  touched: Partial<Record<TouchArea, true>>;
  /** the areas the person changed since the panel started (over): leaving one shows its problems */
  edited: Partial<Record<TouchArea, true>>;
  attempted: Record<SendKind, boolean>;

  setTab: (tab: SendKind) => void;
  /** the person left a field: its problems show from now on, and follow each change */
  touch: (area: TouchArea) => void;
  setNumber: (number: string) => void;
  pickRecipient: (number: string, name: string | null) => void;
  setText: (text: string) => void;
  setMedia: (patch: Partial<Pick<MediaDraftState, 'mediatype' | 'mode' | 'url' | 'urlType' | 'caption'>>) => void;
  setAudio: (patch: Partial<Pick<AudioDraftState, 'mode' | 'url' | 'urlType'>>) => void;
}

/** main's preview of each panel's request, and copying its cURL (preview-slice.ts). */
export interface PreviewSlice {
  preview: Record<SendKind, PreviewState>;
  copy: Record<SendKind, CopyState>;

  schedulePreview: (kind: SendKind) => void;
  runPreview: (kind: SendKind) => Promise<void>;
  copyCurl: (kind: SendKind, withKey: boolean) => Promise<void>;
}

/** Staged files: picked, dropped or recorded, and released when replaced (files-slice.ts). */
export interface FilesSlice {
  files: Record<FileKind, FileState>;

  /** keeps (and later revokes) the blob: URL of a recorded voice note */
  setRecordingUrl: (url: string | null) => void;
  pickFile: (kind: FileKind) => Promise<void>;
  stageLocalFile: (kind: FileKind, file: LocalFile) => Promise<boolean>;
  clearFile: (kind: FileKind) => void;
}

/** Sends in flight and their results (requests-slice.ts). */
export interface RequestsSlice {
  send: Record<SendKind, SendPhase>;
  /**
   * The draft (as text, see draftSignature) of each panel's last definite success. While the
   * panel still holds exactly that draft, Send is held: only an explicit "Send again" sends it
   * once more (main refuses it too). Kept when the result line is dismissed.
   */
  sentDraft: Record<SendKind, string | null>;

  /** `again`: the person chose "Send again" for the draft that was just sent */
  submit: (kind: SendKind, options?: { again?: boolean }) => Promise<void>;
  cancel: (kind: SendKind) => Promise<void>;
  onProgress: (event: SendProgressEvent) => void;
  dismissResult: (kind: SendKind) => void;
  /** puts back the text cleared after the service accepted it */
  undoClear: (kind: SendKind) => void;
  /** restarts the visible countdowns of restored results, `elapsedMs` after they were parked */
  resumeCountdowns: (elapsedMs: number) => void;
}

/** What one profile keeps while another is active: its drafts and results, not the visible tab. */
export type ParkedSend = Omit<DataOf<DraftSlice>, 'tab'> & DataOf<RequestsSlice> & { parkedAt: number };

/** Which profile the panels belong to, and what the other profiles left in them (profile-slice.ts). */
export interface ProfileSlice {
  profileId: string | null;
  /** by profile id: that profile's drafts and results while another profile is active */
  parked: Record<string, ParkedSend>;

  /** the active profile changed: park this profile's panels, bring back the other's */
  switchProfile: (to: string | null) => void;
}

/** the approved templates the service lists, asked once per profile; typed when it lists none */
export type TemplateCatalogueState =
  { status: 'idle' | 'loading' } | { status: 'ready'; list: TemplateList } | { status: 'failed'; error: ErrorInfo };

/** The Template panel's edits, the service's approved templates, and opening the panel for a number (template-slice.ts). */
export interface TemplateSlice {
  catalogue: TemplateCatalogueState;
  /** the template the person picked from the service's list, while the draft still names it: its body helps with the parameters */
  chosen: ApprovedTemplate | null;

  setTemplate: (patch: Partial<Pick<TemplateDraftState, 'name' | 'language'>>) => void;
  setTemplateParam: (index: number, text: string) => void;
  addTemplateParam: () => void;
  removeTemplateParam: (index: number) => void;
  /** fills the name, the language and one empty parameter per {{n}} from a listed template */
  chooseTemplate: (template: ApprovedTemplate) => void;
  loadTemplates: () => Promise<void>;
  /** the Template panel, for this recipient (the conversation's "send an approved template") */
  openTemplateFor: (number: string, name: string | null) => void;
}

export interface ResetSlice {
  reset: () => void;
}

export type SendState = DraftSlice & PreviewSlice & FilesSlice & RequestsSlice & ProfileSlice & TemplateSlice & ResetSlice;

/** One slice's part of the store, with the whole store in reach. */
export type SendSlice<T> = StateCreator<SendState, [], [], T>;

/** A slice's data without its actions: what `reset` puts back. */
export type DataOf<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };
