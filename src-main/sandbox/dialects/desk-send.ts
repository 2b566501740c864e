// The desk dialect's three send bodies (modelled on green-api / WPPConnect), translated into
// docs/API.md's. The recipient is a chat id, `<digits>@c.us`; files are an http(s) URL or base64,
// their type told from the bytes, the URL or the file name (never sent by the client).
// Pure; the routes (desk-routes.ts) store the messages.
import type { FieldError } from '../errors';
import { AUDIO_MIMETYPES } from '../message-validation';
import { field } from '../reply';
import type { Body } from '../validate';
import { detectMimetype, isImageMimetype } from './media-type';
import type { Translation } from './translated-send';
import { decoratedNumber } from './translated-send';

export const CHAT_SUFFIX = '@c.us';

/** What Laravel's `mimes:` rule would list for sendVoice. */
const VOICE_EXTENSIONS = 'ogg, webm, mp3, m4a, aac, wav';

function undecorate(chatId: string): { digits: string } | { problem: string } {
  return chatId.endsWith(CHAT_SUFFIX) ? { digits: chatId.slice(0, -CHAT_SUFFIX.length) } : { problem: `must end with ${CHAT_SUFFIX}` };
}

function chatNumber(body: Body, errors: FieldError[]): string | undefined {
  return decoratedNumber(body, 'chatId', errors, undecorate, `a chat id, the phone number followed by ${CHAT_SUFFIX}`);
}

export function translateDeskText(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = chatNumber(body, errors);
  return { type: 'text', body: { number, text: body.message }, errors, names: { text: 'message' }, reported: ['number'] };
}

export function translateDeskFile(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = chatNumber(body, errors);
  const file = body.file;
  // an unknown type is still a file: green-api sends it as a document
  const mimetype = typeof file === 'string' ? (detectMimetype(file, body.fileName) ?? 'application/octet-stream') : undefined;
  const apiBody: Body = {
    number,
    mediatype: mimetype !== undefined && isImageMimetype(mimetype) ? 'image' : 'document',
    mimetype,
    fileName: body.fileName,
    media: file,
  };
  if (body.caption !== undefined) apiBody.caption = body.caption;
  return {
    type: 'media',
    body: apiBody,
    errors,
    names: { media: 'file', mimetype: 'file', mediatype: 'file' },
    // without a file there is no type to tell: the file's own problem says it all
    reported: ['number', ...(mimetype === undefined ? ['mimetype'] : [])],
  };
}

export function translateDeskVoice(body: Body): Translation {
  const errors: FieldError[] = [];
  const number = chatNumber(body, errors);
  const audio = body.audio;
  const mimetype = typeof audio === 'string' ? detectMimetype(audio) : null;
  const typeErrors =
    mimetype === null || !AUDIO_MIMETYPES.includes(mimetype) ? [field('audio', `must be a file of type: ${VOICE_EXTENSIONS}`)] : [];
  return {
    type: 'audio',
    body: { number, audio, mimetype: mimetype ?? undefined, ptt: true },
    errors,
    names: {},
    reported: ['number', 'mimetype'],
    typeErrors,
    fileField: 'audio',
  };
}
