// The evolution-v2 dialect's three send bodies (modelled on Evolution API v2), translated into
// docs/API.md's. `number` is digits, optionally with "+" or the `@s.whatsapp.net` JID suffix; media is
// an http(s) URL or base64, as in docs/API.md.
//   sendText          {number, text, delay?, linkPreview?}
//   sendMedia         {number, mediatype: image|video|document|audio, mimetype?, caption?, media, fileName?}
//   sendWhatsAppAudio {number, audio}: always a voice note
// docs/API.md has no video: a video is stored as a document with its video mimetype. Evolution
// converts any voice note to ogg/opus, so an audio whose type cannot be told is taken as ogg.
// Pure; the routes (evolution-routes.ts) store the messages.
import { baseMimetype } from '../base-mimetype';
import type { FieldError } from '../errors';
import { AUDIO_MIMETYPES } from '../message-validation';
import { field } from '../reply';
import type { Body } from '../validate';
import { detectMimetype, extensionFor, fileNameFromUrl, isImageMimetype } from './media-type';
import type { Translation } from './translated-send';
import { decoratedNumber } from './translated-send';

export const JID_SUFFIX = '@s.whatsapp.net';
export const EVOLUTION_MEDIA_TYPES = ['image', 'video', 'document', 'audio'] as const;

function undecorate(number: string): { digits: string } {
  const bare = number.endsWith(JID_SUFFIX) ? number.slice(0, -JID_SUFFIX.length) : number;
  return { digits: bare.startsWith('+') ? bare.slice(1) : bare };
}

function evolutionNumber(body: Body, errors: FieldError[]): string | undefined {
  return decoratedNumber(body, 'number', errors, undecorate, `a phone number, optionally with "+" or ${JID_SUFFIX}`);
}

/** Evolution's shared options: `delay` (milliseconds) and `linkPreview`, checked for their type. */
function options(body: Body, errors: FieldError[]): void {
  if (body.delay !== undefined && !Number.isSafeInteger(body.delay)) errors.push(field('delay', 'must be an integer (milliseconds)'));
  if (body.linkPreview !== undefined && typeof body.linkPreview !== 'boolean') errors.push(field('linkPreview', 'must be true or false'));
}

export function translateEvolutionText(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = evolutionNumber(body, errors);
  options(body, errors);
  return { type: 'text', body: { number, text: body.text }, errors, names: {}, reported: ['number'] };
}

function mediaMimetype(body: Body, fallback: string | undefined): unknown {
  if (body.mimetype !== undefined && body.mimetype !== null) return body.mimetype;
  return typeof body.media === 'string' ? (detectMimetype(body.media, body.fileName) ?? fallback) : undefined;
}

function sendMediaAudio(body: Body, number: string | undefined, errors: FieldError[]): Translation {
  if (body.caption !== undefined) errors.push(field('caption', 'cannot be sent with an audio: WhatsApp audio has no caption'));
  const mimetype = mediaMimetype(body, undefined);
  const typeErrors = mimetype === undefined ? [field('mimetype', 'is required: the audio type could not be told from the media')] : [];
  return {
    type: 'audio',
    body: { number, audio: body.media, mimetype, ptt: false },
    errors,
    names: { audio: 'media' },
    reported: ['number', ...(mimetype === undefined ? ['mimetype'] : [])],
    typeErrors,
    fileField: 'audio',
  };
}

export function translateEvolutionMedia(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = evolutionNumber(body, errors);
  options(body, errors);
  const mediatype = body.mediatype;
  if (mediatype === 'audio') return sendMediaAudio(body, number, errors);
  if (mediatype !== 'image' && mediatype !== 'video' && mediatype !== 'document') {
    errors.push(field('mediatype', `must be one of ${EVOLUTION_MEDIA_TYPES.join(', ')}`));
    return { type: undefined, body: {}, errors, names: {}, reported: [] };
  }
  const mimetype = mediaMimetype(
    body,
    mediatype === 'document' ? 'application/octet-stream' : mediatype === 'video' ? 'video/mp4' : undefined,
  );
  const typeErrors: FieldError[] = [];
  const reported = ['number'];
  if (mimetype === undefined) {
    typeErrors.push(field('mimetype', 'is required: the image type could not be told from the media'));
    reported.push('mimetype');
  } else if (typeof mimetype === 'string' && mediatype === 'image' && !isImageMimetype(mimetype)) {
    typeErrors.push(field('mimetype', `must be an image type for mediatype "image", not ${mimetype}`));
    reported.push('mimetype');
  } else if (typeof mimetype === 'string' && mediatype === 'video' && !baseMimetype(mimetype).startsWith('video/')) {
    typeErrors.push(field('mimetype', `must be a video type for mediatype "video", not ${mimetype}`));
    reported.push('mimetype');
  }
  const media = body.media;
  const fileName =
    body.fileName ??
    (typeof media === 'string' ? fileNameFromUrl(media) : null) ??
    `${mediatype}${extensionFor(typeof mimetype === 'string' ? mimetype : '')}`;
  const apiBody: Body = { number, mediatype: mediatype === 'image' ? 'image' : 'document', mimetype, fileName, media };
  if (body.caption !== undefined) apiBody.caption = body.caption;
  return { type: 'media', body: apiBody, errors, names: {}, reported, typeErrors, fileField: 'media' };
}

export function translateEvolutionAudio(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = evolutionNumber(body, errors);
  options(body, errors);
  const audio = body.audio;
  const detected = typeof audio === 'string' ? detectMimetype(audio) : null;
  const typeErrors =
    detected !== null && !AUDIO_MIMETYPES.includes(baseMimetype(detected))
      ? [field('audio', `must be an audio file, not ${detected}`)]
      : [];
  return {
    type: 'audio',
    body: { number, audio, mimetype: detected ?? 'audio/ogg', ptt: true },
    errors,
    names: {},
    reported: ['number', 'mimetype'],
    typeErrors,
    fileField: 'audio',
  };
}
