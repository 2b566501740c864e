// The twilio dialect's send body (modelled on Twilio's Programmable Messaging for WhatsApp), a
// form translated into docs/API.md's: To and From are `whatsapp:+<E.164>`; Body alone is a text;
// MediaUrl (one public http(s) URL: Twilio fetches media, it takes no uploads) is a file with
// Body as its caption, or an audio when the URL names an audio type (audio has no caption).
// The type is told from the URL's extension; an unknown one is sent as a document.
// Pure; the route (twilio-routes.ts) stores the message.
import { baseMimetype } from '../base-mimetype';
import type { FieldError } from '../errors';
import { AUDIO_MIMETYPES } from '../message-validation';
import { field } from '../reply';
import type { Body } from '../validate';
import { charLength, isValidNumber } from '../validate';
import { extensionFor, fileNameFromUrl, isImageMimetype, mimetypeFromName } from './media-type';
import type { Translation } from './translated-send';
import { contentSend } from './twilio-content';

const CHANNEL = 'whatsapp:';
/** Twilio's limit for Body (docs/API.md's 4096 is larger; a caption's 1024 smaller and still applies). */
export const TWILIO_BODY_LIMIT = 1600;

/** One value of a form field: a name repeated is refused where Twilio takes it once. */
function single(body: Body, name: string, errors: FieldError[]): string | undefined {
  const value = body[name];
  if (Array.isArray(value)) {
    errors.push(field(name, 'must be given once'));
    return undefined;
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `whatsapp:+5511999990000` -> its digits. */
function address(body: Body, name: 'To' | 'From', errors: FieldError[]): string | undefined {
  if (Array.isArray(body[name])) return single(body, name, errors);
  const value = single(body, name, errors);
  if (value === undefined) {
    errors.push(field(name, 'is required: whatsapp:+ and the number in E.164'));
    return undefined;
  }
  const number = value.startsWith(CHANNEL) ? value.slice(CHANNEL.length) : null;
  if (number === null) {
    errors.push(field(name, 'is not a WhatsApp address: write whatsapp:+ and the number in E.164'));
    return undefined;
  }
  const digits = number.startsWith('+') ? number.slice(1) : '';
  if (!isValidNumber(digits)) {
    errors.push(field(name, 'is not a valid phone number: whatsapp:+ then 8 to 15 digits, country code first'));
    return undefined;
  }
  return digits;
}

function mediaUrl(body: Body, errors: FieldError[]): string | undefined {
  const value = body.MediaUrl;
  if (Array.isArray(value)) {
    if (value.length > 1) errors.push(field('MediaUrl', 'takes at most one URL per WhatsApp message'));
    return undefined;
  }
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) {
    errors.push(field('MediaUrl', 'must be a public http(s) URL: media is fetched by URL, never uploaded'));
    return undefined;
  }
  return value;
}

const NAMES = {
  number: 'To',
  text: 'Body',
  caption: 'Body',
  media: 'MediaUrl',
  audio: 'MediaUrl',
  fileName: 'MediaUrl',
  mimetype: 'MediaUrl',
  mediatype: 'MediaUrl',
};

export function translateTwilioSend(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = address(body, 'To', errors);
  address(body, 'From', errors);
  if (body.ContentSid !== undefined) return templateSend(body, number, errors);
  if (body.ContentVariables !== undefined)
    errors.push(field('ContentSid', 'is required with ContentVariables: they fill a Content template'));
  const text = single(body, 'Body', errors);
  if (text !== undefined && charLength(text) > TWILIO_BODY_LIMIT)
    errors.push(field('Body', `exceeds the ${TWILIO_BODY_LIMIT} character limit`));
  const hadMedia = body.MediaUrl !== undefined;
  const url = mediaUrl(body, errors);
  const reported = ['number', 'text'];
  if (!hadMedia) {
    if (text === undefined && !Array.isArray(body.Body)) errors.push(field('Body', 'is required: send Body, MediaUrl or both'));
    return { type: 'text', body: { number, text }, errors, names: NAMES, reported };
  }
  if (url === undefined) return { type: undefined, body: {}, errors, names: NAMES, reported };
  const mimetype = mimetypeFromName(fileNameFromUrl(url) ?? '') ?? 'application/octet-stream';
  if (AUDIO_MIMETYPES.includes(baseMimetype(mimetype))) {
    if (text !== undefined) errors.push(field('Body', 'must be empty with an audio MediaUrl: WhatsApp audio has no caption'));
    return { type: 'audio', body: { number, audio: url, mimetype, ptt: false }, errors, names: NAMES, reported };
  }
  const apiBody: Body = {
    number,
    mediatype: isImageMimetype(mimetype) ? 'image' : 'document',
    mimetype,
    fileName: fileNameFromUrl(url) ?? `file${extensionFor(mimetype)}`,
    media: url,
  };
  if (text !== undefined) apiBody.caption = text;
  return { type: 'media', body: apiBody, errors, names: NAMES, reported: ['number'] };
}

/** A Content template send (twilio-content.ts), as docs/API.md's template body. */
function templateSend(body: Body, number: string | undefined, errors: FieldError[]): Translation {
  const names = { ...NAMES, template: 'ContentSid', 'template.name': 'ContentSid', 'template.params': 'ContentVariables' };
  const content = contentSend(body, errors);
  if (content === undefined) return { type: undefined, body: {}, errors, names, reported: ['number'] };
  return { type: 'template', body: { number, template: content }, errors, names, reported: ['number'] };
}
