import type { SendKind } from './send-store';

/** Which draft fields main's problems / the server's details may name, per panel area. */
export const NUMBER_FIELDS = ['number', 'recipient', 'to'];
export const TEXT_FIELDS = ['text', 'body', 'message'];
export const CAPTION_FIELDS = ['caption'];
export const MEDIA_SOURCE_FIELDS = ['media', 'source', 'url', 'file', 'fileId', 'fileName', 'mimetype', 'mediatype', 'size'];
export const AUDIO_SOURCE_FIELDS = ['audio', 'media', 'source', 'url', 'file', 'fileId', 'mimetype', 'size', 'ptt'];

const KNOWN: Record<SendKind, string[]> = {
  text: [...NUMBER_FIELDS, ...TEXT_FIELDS],
  media: [...NUMBER_FIELDS, ...CAPTION_FIELDS, ...MEDIA_SOURCE_FIELDS],
  audio: [...NUMBER_FIELDS, ...AUDIO_SOURCE_FIELDS],
};

export function isKnownField(kind: SendKind, field: string): boolean {
  return KNOWN[kind].includes(field);
}

/** Characters as people count them (code points, so an emoji is one). */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const FIELD_LABEL: Record<string, string> = {
  number: 'Number',
  text: 'Text',
  caption: 'Caption',
  source: 'Source',
  media: 'Media',
  audio: 'Audio',
  url: 'URL',
  mimetype: 'Mimetype',
  mediatype: 'Media type',
  fileName: 'File name',
};

/** Main's field problems read "is empty" after their label; whole sentences stay as they are. */
export function problemSentence(field: string, message: string): string {
  if (!/^(is|are|has|have|must|starts|needs?|does|cannot)\b/.test(message)) return message;
  return `${FIELD_LABEL[field] ?? field} ${message}`;
}
