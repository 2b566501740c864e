// Bodies of the send operations (docs/API.md, Messages; a template's route is the project's guess). Each check returns either the
// fields the Message echoes (never the base64 bytes: their decoded size instead) or every
// FieldError found.
import { baseMimetype } from './base-mimetype';
import type { FieldError } from './errors';
import type { Payload } from './payload';
import { MiB, payloadField } from './payload';
import { field } from './reply';
import type { Body } from './validate';
import { booleanField, charLength, numberField, stringField } from './validate';
import { checkMessageId } from './reaction-check';

export type MessageType = 'text' | 'media' | 'audio' | 'template';

export const LIMITS = {
  text: 4096,
  caption: 1024,
  templateName: 512,
  templateParams: 20,
  templateParam: 1024,
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
  // the message this one quotes (docs/API.md, Quoted replies and reactions)
  const replyTo = body.replyTo === undefined ? undefined : checkMessageId(body.replyTo, 'replyTo', errors);
  return done(errors, { number, text, ...(replyTo === undefined ? {} : { replyTo }) });
}

export function checkMedia(body: Body): Checked {
  const errors: FieldError[] = [];
  const number = numberField(body, errors);
  const mediatype = body.mediatype;
  const isKnownType = mediatype === 'image' || mediatype === 'document';
  if (!isKnownType) errors.push(field('mediatype', 'must be "image" or "document"'));
  const mimetype = stringField(body, 'mimetype', errors, { min: 1, max: 255 });
  if (mimetype !== undefined && !MIMETYPE.test(baseMimetype(mimetype)))
    errors.push(field('mimetype', 'must be a media type such as image/png'));
  const fileName = stringField(body, 'fileName', errors, { min: 1, max: 255 });
  if (fileName !== undefined && !isPlainFileName(fileName))
    errors.push(field('fileName', 'must be a file name, not a path, without control characters'));
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

const TEMPLATE_NAME = /^[a-z0-9_]+$/;
const TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2}|_[0-9]{3})?$/;

/**
 * `{"number","template":{"name","language","params":[...]}}`: the shape only. Whether the
 * template is approved, in that language and with that many parameters, is the route's to say
 * (templates.ts), after the body is valid.
 */
export function checkTemplate(body: Body): Checked {
  const errors: FieldError[] = [];
  const number = numberField(body, errors);
  const template = body.template;
  if (typeof template !== 'object' || template === null || Array.isArray(template)) {
    errors.push(field('template', 'is required: an object with "name", "language" and "params"'));
    return done(errors, {});
  }
  const t = template as Body;
  const name = typeof t.name === 'string' && t.name.length <= LIMITS.templateName && TEMPLATE_NAME.test(t.name) ? t.name : undefined;
  if (name === undefined)
    errors.push(field('template.name', `must be a template name: 1 to ${LIMITS.templateName} lower-case letters, digits and underscores`));
  const language = typeof t.language === 'string' && TEMPLATE_LANGUAGE.test(t.language) ? t.language : undefined;
  if (language === undefined) errors.push(field('template.language', 'must be a language code such as en_US or pt_BR'));
  const params = t.params === undefined ? [] : t.params;
  if (!Array.isArray(params) || params.length > LIMITS.templateParams) {
    errors.push(field('template.params', `must be a list of at most ${LIMITS.templateParams} strings`));
  } else {
    params.forEach((param: unknown, i) => {
      if (typeof param !== 'string' || param.trim() === '' || charLength(param) > LIMITS.templateParam)
        errors.push(field(`template.params[${i}]`, `must be a text of 1 to ${LIMITS.templateParam} characters`));
    });
  }
  return done(errors, { number, template: { name, language, params } });
}

/** docs/API.md's check of each send operation, by message type (the dialects translate into these). */
export const CHECKS: Readonly<Record<MessageType, (body: Body) => Checked>> = {
  text: checkText,
  media: checkMedia,
  audio: checkAudio,
  template: checkTemplate,
};
