// The cloud dialect's one send body (modelled on Meta's WhatsApp Cloud API), translated into
// docs/API.md's: {"messaging_product":"whatsapp","to":"+5511...","type":T, T:{...}} where T is text
// ({body, preview_url?}), image / document ({link, caption?, filename?, mime_type?}) or audio
// ({link, mime_type?, voice?}). `link` is an http(s) URL or the file in base64, as in docs/API.md.
// Pure; the route (cloud-routes.ts) stores the message.
import type { FieldError } from '../errors';
import { field } from '../reply';
import type { Body } from '../validate';
import { detectMimetype, extensionFor, fileNameFromUrl, isImageMimetype } from './media-type';
import type { Translation } from './translated-send';
import { decoratedNumber, isObject } from './translated-send';

export const CLOUD_TYPES = ['text', 'image', 'document', 'audio'] as const;

const UNDETECTED = 'is required: the type could not be told from the link or the file';

/** `+5511999990000` or `5511999990000`. */
function undecorate(to: string): { digits: string } {
  return { digits: to.startsWith('+') ? to.slice(1) : to };
}

type Part = Pick<Translation, 'body' | 'names' | 'reported' | 'typeErrors' | 'fileField'>;

/** a Graph-shaped `text` object (Meta's Cloud API and its sandbox dialects share it) */
export function translateText(text: unknown, errors: FieldError[]): Part {
  if (!isObject(text)) {
    errors.push(field('text', 'is required: an object with "body"'));
    return { body: {}, names: {}, reported: ['text'] };
  }
  if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
    errors.push(field('text.preview_url', 'must be true or false'));
  return { body: { text: text.body }, names: { text: 'text.body' }, reported: [] };
}

function translateMedia(type: 'image' | 'document', media: unknown, errors: FieldError[]): Part {
  if (!isObject(media)) {
    errors.push(field(type, 'is required: an object with "link"'));
    return { body: {}, names: {}, reported: ['media', 'mediatype', 'mimetype', 'fileName'] };
  }
  const names = {
    media: `${type}.link`,
    mimetype: `${type}.mime_type`,
    fileName: `${type}.filename`,
    caption: `${type}.caption`,
    mediatype: 'type',
  };
  const link = media.link;
  const reported: string[] = [];
  const typeErrors: FieldError[] = [];
  let mimetype: unknown = media.mime_type;
  if (mimetype === undefined || mimetype === null) {
    mimetype =
      typeof link === 'string'
        ? (detectMimetype(link, media.filename) ?? (type === 'document' ? 'application/octet-stream' : undefined))
        : undefined;
    if (mimetype === undefined) {
      typeErrors.push(field(`${type}.mime_type`, UNDETECTED));
      reported.push('mimetype');
    }
  }
  if (type === 'image' && typeof mimetype === 'string' && !isImageMimetype(mimetype)) {
    typeErrors.push(
      field(
        'image.mime_type',
        `must be an image type such as image/jpeg or image/png, not ${mimetype}; send other files as type "document"`,
      ),
    );
    reported.push('mimetype');
  }
  // docs/API.md needs a file name; Meta's image has none, so one is made from the URL or the type
  const fileName =
    media.filename ??
    (typeof link === 'string' ? fileNameFromUrl(link) : null) ??
    `${type}${extensionFor(typeof mimetype === 'string' ? mimetype : '')}`;
  const body: Body = { mediatype: type, mimetype, fileName, media: link };
  if (media.caption !== undefined) body.caption = media.caption;
  return { body, names, reported, typeErrors, fileField: 'media' };
}

function translateAudio(audio: unknown, errors: FieldError[]): Part {
  if (!isObject(audio)) {
    errors.push(field('audio', 'is required: an object with "link"'));
    return { body: {}, names: {}, reported: ['audio', 'mimetype'] };
  }
  const link = audio.link;
  let mimetype: unknown = audio.mime_type;
  const reported: string[] = [];
  const typeErrors: FieldError[] = [];
  if (mimetype === undefined || mimetype === null) {
    mimetype = typeof link === 'string' ? (detectMimetype(link) ?? undefined) : undefined;
    if (mimetype === undefined) {
      typeErrors.push(field('audio.mime_type', UNDETECTED));
      reported.push('mimetype');
    }
  }
  // Meta's `voice: true` marks a voice note (docs/API.md's ptt); without it the audio is a plain file
  return {
    body: { audio: link, mimetype, ptt: audio.voice ?? false },
    names: { audio: 'audio.link', mimetype: 'audio.mime_type', ptt: 'audio.voice' },
    reported,
    typeErrors,
    fileField: 'audio',
  };
}

/** The Cloud API envelope both Cloud-shaped dialects check: `messaging_product` and `recipient_type`. */
export function checkCloudEnvelope(body: Body, errors: FieldError[], individualNote = ''): void {
  if (body.messaging_product !== 'whatsapp') {
    errors.push(
      field('messaging_product', body.messaging_product === undefined ? 'is required and must be "whatsapp"' : 'must be "whatsapp"'),
    );
  }
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
    errors.push(field('recipient_type', `must be "individual"${individualNote}`));
}

export function translateCloudSend(body: Body): Translation {
  const errors: FieldError[] = [];
  checkCloudEnvelope(body, errors);
  const number = decoratedNumber(body, 'to', errors, undecorate, 'a phone number with an optional "+"');
  const type = body.type;
  let part: Part;
  if (type === 'text') part = translateText(body.text, errors);
  else if (type === 'image' || type === 'document') part = translateMedia(type, body[type], errors);
  else if (type === 'audio') part = translateAudio(body.audio, errors);
  else {
    errors.push(field('type', `must be one of ${CLOUD_TYPES.join(', ')}`));
    return { type: undefined, body: {}, errors, names: {}, reported: [] };
  }
  return {
    ...part,
    type: type === 'text' ? 'text' : type === 'audio' ? 'audio' : 'media',
    body: { ...part.body, number },
    errors,
    names: { ...part.names, number: 'to' },
    // `to` was checked here, with the dialect's own wording
    reported: [...part.reported, 'number'],
  };
}
