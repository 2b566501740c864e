// A file's mimetype when the dialect's body does not say it: from the file's first bytes (a
// base64 upload) or from the extension of its URL or file name. Only as much as the dialects
// need to tell image from document and to name an audio type; unknown is null and the caller
// decides (a document falls back to application/octet-stream, an image or audio is refused).
// The extension table repeats core/media/mimetypes.ts on purpose: the sandbox plays the service
// and may not import core/, so a mistake in the client's table is not mirrored by its test partner.
import { baseMimetype } from '../base-mimetype';

/** 64 base64 characters = the first 48 bytes: enough for every signature below. */
const SNIFF_CHARS = 64;

const BY_EXTENSION: Readonly<Record<string, string>> = {
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
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  weba: 'audio/webm',
  webm: 'audio/webm',
  mp4: 'video/mp4',
};

function ascii(b: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** The mimetype the first bytes of a file announce, or null. */
export function sniffBytes(b: Uint8Array): string | null {
  const b0 = b[0] ?? -1;
  const b1 = b[1] ?? -1;
  if (b0 === 0xff && b1 === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'image/gif';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'image/webp';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'audio/wav';
  if (ascii(b, 0, 'OggS')) return 'audio/ogg';
  if (ascii(b, 0, 'ID3')) return 'audio/mpeg';
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return 'audio/aac'; // ADTS: sync 0xFFF, layer 00
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0) return 'audio/mpeg'; // MPEG audio frame
  if (b0 === 0x1a && b1 === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'audio/webm'; // EBML (WebM)
  if (ascii(b, 4, 'ftyp')) return /^M4[AB] $/.test(String.fromCharCode(...b.subarray(8, 12))) ? 'audio/mp4' : 'video/mp4';
  if (ascii(b, 0, '%PDF-')) return 'application/pdf';
  if (ascii(b, 0, 'PK\x03\x04')) return 'application/zip';
  return null;
}

/** Sniffs the head of base64 text without decoding the rest; null when it is not base64 or says nothing. */
export function sniffBase64(text: string): string | null {
  const head = text.slice(0, SNIFF_CHARS);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(head)) return null;
  return sniffBytes(Buffer.from(head, 'base64'));
}

/** From the last extension of a file name: `report.PDF` -> application/pdf. */
export function mimetypeFromName(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? null : (BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null);
}

/** The last segment of a URL's path, decoded, when it looks like a file name. */
export function fileNameFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  let name: string;
  try {
    name = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  return name !== '' && name.length <= 255 && !/[\u0000-\u001f\u007f/\\]/.test(name) ? name : null;
}

/**
 * The mimetype of a media source as the dialects accept it: an http(s) URL (its extension) or
 * base64 bytes (their signature), then the file name's extension when one was given.
 */
export function detectMimetype(source: string, fileName?: unknown): string | null {
  const fromSource = /^https?:/i.test(source) ? mimetypeFromName(fileNameFromUrl(source) ?? '') : sniffBase64(source);
  if (fromSource !== null) return fromSource;
  return typeof fileName === 'string' ? mimetypeFromName(fileName) : null;
}

export function isImageMimetype(mimetype: string): boolean {
  return baseMimetype(mimetype).startsWith('image/');
}

/** `.pdf` for application/pdf; `.bin` when the type has no known extension. */
export function extensionFor(mimetype: string): string {
  const base = baseMimetype(mimetype);
  const found = Object.entries(BY_EXTENSION).find(([, type]) => type === base);
  return found ? `.${found[0]}` : '.bin';
}
