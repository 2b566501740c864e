// Mimetype rules of the API (docs/API.md, Messages) and guesses from a file name or URL, used when
// there are no bytes to sniff (a URL source) or the bytes say nothing useful.

import { AUDIO_MIMETYPES, IMAGE_MIMETYPES, type AudioMimetype } from '../../shared/media-types';

export { AUDIO_MIMETYPES, IMAGE_MIMETYPES, type AudioMimetype };

const AUDIO_ALIASES: Record<string, AudioMimetype> = {
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'application/ogg': 'audio/ogg',
  'audio/webm': 'audio/webm',
  'video/webm': 'audio/webm',
  'audio/mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/mp4': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'video/mp4': 'audio/mp4',
  'audio/aac': 'audio/aac',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
  'audio/wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** "Audio/WebM; codecs=opus" -> "audio/webm". */
export function baseMimetype(mimetype: string): string {
  return (mimetype.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The API's audio mimetype for what a recorder, a file or a person said, or null when the
 * API does not take it. Containers that also hold video (webm, mp4) map to their audio form.
 */
export function toAudioMimetype(mimetype: string): AudioMimetype | null {
  return AUDIO_ALIASES[baseMimetype(mimetype)] ?? null;
}

/** A syntactically sane mimetype: type/subtype from RFC 6838 token characters. */
export function isMimetype(value: string): boolean {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i.test(value);
}

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
  weba: 'audio/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
};

/** Guess from the extension of a file name or a URL's path; null when unknown. */
export function mimetypeFromName(name: string): string | null {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  if (!match?.[1]) return null;
  return BY_EXTENSION[match[1].toLowerCase()] ?? null;
}

/** A more specific type for generic sniff results (a ZIP named .docx, text named .csv). */
export function refineByName(sniffed: string, name: string): string {
  const guess = mimetypeFromName(name);
  if (guess === null) return sniffed;
  if (sniffed === 'application/zip' && guess.startsWith('application/vnd.')) return guess;
  if (sniffed === 'application/x-ole-storage' && /^application\/(msword|vnd\.ms-)/.test(guess)) return guess;
  if (sniffed === 'text/plain' && (guess.startsWith('text/') || guess === 'application/json')) return guess;
  if (sniffed === 'application/octet-stream' && !guess.startsWith('image/') && !guess.startsWith('audio/')) return guess;
  return sniffed;
}
