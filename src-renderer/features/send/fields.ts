// Which problems each field of a send panel shows, and why a file cannot be staged: pure
// functions over the draft and main's answers, so the store and the panels only call them.
// Main words every problem it finds; the window shows that sentence as it is.
import { fileSizeProblem } from '../../../src-main/shared/file-size-problem';
import type { SendLimits } from '../../../src-main/shared/limits';
import type { FieldDetail, FilePurpose } from '../../lib/api';
import { buildDraft, draftSignature } from './draft';
import type { DraftFields, FileKind, MediaDraftState, PreviewState, SendKind, SendPhase, TouchArea } from './send-types';

/** Which draft fields main's problems / the server's details may name, per panel area. */
export const NUMBER_FIELDS = ['number', 'recipient', 'to'];
export const TEXT_FIELDS = ['text', 'body', 'message'];
export const CAPTION_FIELDS = ['caption'];
export const MEDIA_SOURCE_FIELDS = ['media', 'source', 'url', 'file', 'fileId', 'fileName', 'mimetype', 'mediatype', 'size'];
export const AUDIO_SOURCE_FIELDS = ['audio', 'media', 'source', 'url', 'file', 'fileId', 'mimetype', 'size', 'ptt'];
/** a template's fields as template-rules.ts names them (`params.2`: the third parameter) */
export const TEMPLATE_NAME_FIELDS = ['name', 'template', 'template_name'];
export const TEMPLATE_LANGUAGE_FIELDS = ['language', 'template_language'];
export const TEMPLATE_PARAMS_FIELDS = ['params', 'template_param'];
export const templateParamFields = (index: number): string[] => [`params.${index}`];

const KNOWN: Record<SendKind, string[]> = {
  text: [...NUMBER_FIELDS, ...TEXT_FIELDS],
  media: [...NUMBER_FIELDS, ...CAPTION_FIELDS, ...MEDIA_SOURCE_FIELDS],
  audio: [...NUMBER_FIELDS, ...AUDIO_SOURCE_FIELDS],
  template: [...NUMBER_FIELDS, ...TEMPLATE_NAME_FIELDS, ...TEMPLATE_LANGUAGE_FIELDS, ...TEMPLATE_PARAMS_FIELDS],
};

export function isKnownField(kind: SendKind, field: string): boolean {
  return KNOWN[kind].includes(field) || (kind === 'template' && /^params\.\d+$/.test(field));
}

/** What a person reads for a problem: main's own sentence, or the service's message as the service wrote it. */
export function shownProblem(problem: FieldDetail): string {
  return problem.sentence ?? problem.message;
}

/** The panel is set to send a file and none is chosen yet (main would only see an empty URL). */
export function missingFile(s: Pick<DraftFields, 'media' | 'audio'>, kind: SendKind): boolean {
  if (kind === 'media') return s.media.mode === 'file' && !s.media.file;
  if (kind === 'audio') return s.audio.mode === 'file' && !s.audio.file;
  return false;
}

export const MISSING_FILE: Record<FileKind, string> = {
  media: 'Choose a file, or drop one on the panel.',
  audio: 'Choose an audio file, drop one on the panel, or record a voice note.',
};

/** What the problems of a panel are read from: its draft, what the person did, main's answers. */
export interface ProblemSources extends DraftFields {
  attempted: Record<SendKind, boolean>;
  touched: Partial<Record<TouchArea, true>>;
  preview: Record<SendKind, PreviewState>;
  send: Record<SendKind, SendPhase>;
}

/**
 * Problems for one field: the preview's (once the field was touched or a send was tried, so a
 * fresh form is not all red) and a failed send's field details.
 */
export function problemsFor(s: ProblemSources, kind: SendKind, fields: string[], area: TouchArea): string[] {
  const out: string[] = [];
  const show = s.attempted[kind] || s.touched[area] === true;
  if ((area === 'media-source' || area === 'audio-source') && (kind === 'media' || kind === 'audio') && missingFile(s, kind)) {
    // not the URL problems main reports for the empty URL that stands in for the file
    return show ? [MISSING_FILE[kind]] : [];
  }
  const add = (problem: FieldDetail) => {
    const sentence = shownProblem(problem);
    if (fields.includes(problem.field) && !out.includes(sentence)) out.push(sentence);
  };
  if (show) for (const p of currentProblems(s, kind)) add(p);
  const phase = s.send[kind];
  if (phase.phase === 'error') for (const d of phase.error.details ?? []) add(d);
  return out;
}

/**
 * The preview's problems while it still describes the draft on screen. Right after a change (the
 * next preview is on its way) there are none: a problem of the value before is never shown as
 * the new value's, and none appears at the moment a field is left for the Send button.
 */
function currentProblems(s: DraftFields & Pick<ProblemSources, 'preview'>, kind: SendKind): FieldDetail[] {
  const state = s.preview[kind];
  if (state.preview === null || state.signature !== draftSignature(buildDraft(s, kind))) return [];
  return state.preview.problems;
}

/** The preview's problems that name no field of the panel: shown under the preview once a send was tried. */
export function otherProblems(s: DraftFields & Pick<ProblemSources, 'attempted' | 'preview'>, kind: SendKind): string[] {
  if (!s.attempted[kind]) return [];
  return currentProblems(s, kind)
    .filter((p) => !isKnownField(kind, p.field))
    .map(shownProblem);
}

/** Which limit a dropped or recorded file is held to. */
export function stagingPurpose(kind: FileKind, mediatype: MediaDraftState['mediatype'], mimetype: string): FilePurpose {
  if (kind === 'audio') return 'audio';
  return mediaKindForFile(mediatype, mimetype.startsWith('image/') ? 'image' : 'document', mimetype);
}

/**
 * The kind a chosen file is sent as: the kind picked, when the file fits it (an image for Image,
 * a video for Video, a WebP for Sticker); anything else travels as a document.
 */
export function mediaKindForFile(
  picked: MediaDraftState['mediatype'],
  category: FilePurpose,
  mimetype: string,
): MediaDraftState['mediatype'] {
  const fits =
    (picked === 'image' && category === 'image') ||
    (picked === 'video' && mimetype.startsWith('video/')) ||
    (picked === 'sticker' && mimetype === 'image/webp');
  return fits ? picked : 'document';
}

/** null when a local file may be staged, else the sentence that says why not (checked before reading it). */
export function localFileProblem(file: { name: string; size: number }, purpose: FilePurpose, limits: SendLimits): string | null {
  return fileSizeProblem(file.name, file.size, purpose, limits);
}

export function unreadableFileMessage(name: string): string {
  return `${name} could not be read.`;
}
