// Bodies of the three send operations (API.md, Messages). Each check returns either the
// fields the Message echoes (never the base64 bytes: their decoded size instead) or every
// FieldError found.
import { baseMimetype } from './base-mimetype';
import type { FieldError } from './errors';
import type { Payload } from './payload';
import { MiB, payloadField } from './payload';
import { field } from './reply';
import type { Body } from './validate';
import { booleanField, numberField, stringField } from './validate';

export type MessageType = 'text' | 'media' | 'audio';

export const LIMITS = {
  text: 4096,
  caption: 1024,
  image: 5 * MiB,
  document: 100 * MiB,
  audio: 16 * MiB,
} as const;

export const AUDIO_MIMETYPES: readonly string[] = ['audio/ogg', 'audio/webm', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav'];

const MIMETYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

export type Checked = { ok: true; fields: Record<string, unknown> } | { ok: false; details: FieldError[] };

function done(errors: FieldError[], fields: Record<string, unknown>): Checked {
  return errors.length > 0 ? { ok: false, details: errors } : { ok: true, fields };
}

function payloadFields(name: string, payload: Payload | undefined): Record<string, unknown> {
  if (!payload) return {};
  return payload.kind === 'url' ? { [name]: payload.url } : { bytes: payload.bytes };
}

/** No path separators, no control characters. */
function isPlainFileName(name: string): boolean {
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || name[i] === '/' || name[i] === '\\') return false;
  }
  return true;
}

export function checkText(body: Body): Checked {
  const errors: FieldError[] = [];
  const number = numberField(body, errors);
  const text = stringField(body, 'text', errors, { min: 1, max: LIMITS.text });
  return done(errors, { number, text });
}

export function checkMedia(body: Body): Checked {
  const errors: FieldError[] = [];
  const number = numberField(body, errors);
  const mediatype = body.mediatype;
  const isKnownType = mediatype === 'image' || mediatype === 'document';
  if (!isKnownType) errors.push(field('mediatype', 'must be "image" or "document"'));
  const mimetype = stringField(body, 'mimetype', errors, { min: 1, max: 255 });
  if (mimetype !== undefined && !MIMETYPE.test(baseMimetype(mimetype))) errors.push(field('mimetype', 'must be a media type such as image/png'));
  const fileName = stringField(body, 'fileName', errors, { min: 1, max: 255 });
  if (fileName !== undefined && !isPlainFileName(fileName)) errors.push(field('fileName', 'must be a file name, not a path, without control characters'));
  const caption = stringField(body, 'caption', errors, { min: 0, max: LIMITS.caption, optional: true });
  // The size limit depends on mediatype; with an unknown mediatype the larger one applies so
  // `media` is still checked for its own problems.
  const limit = mediatype === 'image' ? LIMITS.image : LIMITS.document;
  const payload = payloadField(body, 'media', limit, mediatype === 'image' ? 'an image' : 'a document', errors);
  return done(errors, {
    number,
    mediatype,
    mimetype,
    fileName,
    ...(caption !== undefined ? { caption } : {}),
    ...payloadFields('media', payload),
  });
}

export function checkAudio(body: Body): Checked {
  const errors: FieldError[] = [];
  const number = numberField(body, errors);
  const mimetype = stringField(body, 'mimetype', errors, { min: 1, max: 255 });
  if (mimetype !== undefined && !AUDIO_MIMETYPES.includes(baseMimetype(mimetype))) {
    errors.push(field('mimetype', `must be one of ${AUDIO_MIMETYPES.join(', ')} (parameters such as ;codecs=opus are allowed)`));
  }
  const ptt = booleanField(body, 'ptt', errors);
  const payload = payloadField(body, 'audio', LIMITS.audio, 'audio', errors);
  return done(errors, { number, mimetype, ptt: ptt ?? true, ...payloadFields('audio', payload) });
}

/** API.md's check of each send operation, by message type (the dialects translate into these). */
export const CHECKS: Readonly<Record<MessageType, (body: Body) => Checked>> = { text: checkText, media: checkMedia, audio: checkAudio };
