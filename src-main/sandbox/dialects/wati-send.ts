// The wati dialect's two sends (Wati's v1 session API), translated into docs/API.md's bodies so
// docs/API.md's own checks apply. Both put the recipient in the path (digits, country code first, no
// "+") and their words in the query string:
//   POST /api/v1/sendSessionMessage/{whatsappNumber}?messageText=   (no body)       -> a text
//   POST /api/v1/sendSessionFile/{whatsappNumber}?caption=          (multipart file) -> a file
// A file's type is its part's Content-Type unless that is the generic octet-stream (what curl
// sends for most extensions), else its first bytes, else its name; audio types become docs/API.md
// audio, image/* an image, the rest a document. The bytes never enter docs/API.md's body: a stand-in
// passes its payload check, the size is checked here against docs/API.md's limits and the route
// stores the real size. Pure: the route (wati-send-route.ts) reads the request and stores.
import { baseMimetype } from '../base-mimetype';
import type { FieldError } from '../errors';
import { AUDIO_MIMETYPES, LIMITS } from '../message-validation';
import { field } from '../reply';
import type { Body } from '../validate';
import { isValidNumber } from '../validate';
import { extensionFor, isImageMimetype, mimetypeFromName, sniffBytes } from './media-type';
import type { Translation } from './translated-send';

/** Valid base64 of 3 bytes: docs/API.md's payload check passes it; the route stores the file's real size. */
export const FILE_STAND_IN = 'AAAA';

const SNIFF_BYTES = 48;
const MiB = 1024 * 1024;

/** The multipart part named `file`, as the route found it. */
export interface WatiFile {
  data: Buffer;
  fileName: string | null;
  contentType: string | null;
}

/** The number in the path: Wati takes digits only, country code first. */
function pathNumber(value: string, errors: FieldError[]): string | undefined {
  if (isValidNumber(value)) return value;
  const problem = value.startsWith('+') ? 'must be digits only, without "+"' : 'must be a WhatsApp number';
  errors.push(field('whatsappNumber', `${problem}: country code first, 8 to 15 digits (e.g. 5511999990000)`));
  return undefined;
}

/** One query parameter, at most once. */
function queryValue(query: URLSearchParams, name: string, errors: FieldError[]): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) errors.push(field(name, 'must be given once'));
  return values.length === 1 ? values[0] : undefined;
}

export function translateWatiText(whatsappNumber: string, query: URLSearchParams): Translation {
  const errors: FieldError[] = [];
  const number = pathNumber(whatsappNumber, errors);
  const text = queryValue(query, 'messageText', errors);
  const missing = text === undefined && query.getAll('messageText').length === 0;
  if (missing) errors.push(field('messageText', 'is required in the query string: ?messageText=<text>'));
  return {
    type: 'text',
    body: { number, text },
    errors,
    names: { text: 'messageText' },
    reported: ['number', ...(text === undefined ? ['text'] : [])],
  };
}

/** The file's type: what the part declares, unless that says nothing, then its bytes, then its name. */
export function fileMimetype(file: WatiFile): string {
  const declared = file.contentType === null ? '' : baseMimetype(file.contentType);
  if (declared !== '' && declared !== 'application/octet-stream') return declared;
  return sniffBytes(file.data.subarray(0, SNIFF_BYTES)) ?? mimetypeFromName(file.fileName ?? '') ?? 'application/octet-stream';
}

type FileKind = 'image' | 'document' | 'audio';

function kindOf(mimetype: string): FileKind {
  if (AUDIO_MIMETYPES.includes(mimetype)) return 'audio';
  return isImageMimetype(mimetype) ? 'image' : 'document';
}

function sizeProblem(file: WatiFile, kind: FileKind): string | null {
  if (file.data.length === 0) return 'is empty';
  const limit = LIMITS[kind];
  return file.data.length > limit
    ? `is ${file.data.length} bytes; ${kind === 'audio' ? 'audio' : `a ${kind}`} may be at most ${limit / MiB} MiB`
    : null;
}

const FILE_NAMES = {
  number: 'whatsappNumber',
  media: 'file',
  audio: 'file',
  mimetype: 'file',
  mediatype: 'file',
  fileName: 'file',
  caption: 'caption',
};

export interface WatiFileSend {
  translation: Translation;
  kind?: FileKind;
}

export function translateWatiFile(whatsappNumber: string, query: URLSearchParams, file: WatiFile | undefined): WatiFileSend {
  const errors: FieldError[] = [];
  const number = pathNumber(whatsappNumber, errors);
  const caption = queryValue(query, 'caption', errors);
  if (file === undefined) {
    errors.push(field('file', 'is required: one multipart/form-data part named "file" (curl --form file=@/path/to/file)'));
    return { translation: { type: undefined, body: {}, errors, names: FILE_NAMES, reported: [] } };
  }
  const mimetype = fileMimetype(file);
  const kind = kindOf(mimetype);
  const size = sizeProblem(file, kind);
  if (size !== null) errors.push(field('file', size));
  const reported = ['number', ...(size === null ? [] : ['media', 'audio'])];
  if (kind === 'audio') {
    // WhatsApp audio has no caption: like Wati, a caption on an audio file is not sent
    const body: Body = { number, audio: FILE_STAND_IN, mimetype, ptt: false };
    return { translation: { type: 'audio', body, errors, names: FILE_NAMES, reported, fileField: 'audio' }, kind };
  }
  const body: Body = {
    number,
    mediatype: kind,
    mimetype,
    fileName: file.fileName ?? `file${extensionFor(mimetype)}`,
    media: FILE_STAND_IN,
  };
  if (caption !== undefined) body.caption = caption;
  return { translation: { type: 'media', body, errors, names: FILE_NAMES, reported, fileField: 'media' }, kind };
}
