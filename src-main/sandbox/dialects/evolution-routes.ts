// The evolution-v2 dialect's routes (modelled on Evolution API v2), all under the one sandbox
// instance, `sandbox`; another instance name is 404 before the key is looked at, as in Evolution:
//   POST /chat/findContacts/{instance}       {"where":{...}}       -> 200 bare array of contacts
//   POST /message/sendText/{instance}        {number, text}        -> 201 {key, message, messageTimestamp, status: "PENDING"}
//   POST /message/sendMedia/{instance}       {number, mediatype, media, ...} -> 201 the same
//   POST /message/sendWhatsAppAudio/{instance} {number, audio}     -> 201 the same
// The key is the `apikey` header. The stored message's id is the key.id the send answered.
import { randomBytes } from 'node:crypto';
import type { CredentialPlacement } from '../auth';
import { MESSAGE_BODY_LIMITS } from '../message-routes';
import type { Message } from '../messages';
import type { Route } from '../router';
import type { Body } from '../validate';
import { SANDBOX_INSTANCE_ID, findContactsRoute } from './evolution-contacts';
import { JID_SUFFIX, translateEvolutionAudio, translateEvolutionMedia, translateEvolutionText } from './evolution-send';
import { translatedSendRoute } from './translated-route';

export const SANDBOX_INSTANCE = 'sandbox';

export const EVOLUTION_CREDENTIALS: CredentialPlacement = { kind: 'header', name: 'apikey' };

const unknownInstance = (params: Record<string, string>): string | null =>
  params.instance === SANDBOX_INSTANCE ? null : `The "${params.instance}" instance does not exist`;

/** Baileys' message ids: 3EB0 and upper-case hex. */
export function newEvolutionMessageId(): string {
  return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
}

const MEDIA_KEYS: Readonly<Record<string, string>> = {
  image: 'imageMessage',
  video: 'videoMessage',
  document: 'documentMessage',
  audio: 'audioMessage',
};

/** The WhatsApp message the send made, in Baileys' proto shape (only the fields the sandbox knows). */
function content(message: Message, body: Body): { messageType: string; message: Record<string, unknown> } {
  const url = typeof message.media === 'string' ? message.media : typeof message.audio === 'string' ? message.audio : undefined;
  if (message.type === 'text') return { messageType: 'extendedTextMessage', message: { extendedTextMessage: { text: message.text } } };
  const kind = message.type === 'audio' ? 'audio' : String(body.mediatype);
  const messageType = MEDIA_KEYS[kind] ?? 'documentMessage';
  const fields: Record<string, unknown> = { ...(url ? { url } : {}), mimetype: message.mimetype };
  if (message.type === 'audio') fields.ptt = message.ptt;
  if (kind === 'document') Object.assign(fields, { fileName: message.fileName, title: message.fileName });
  if (message.caption !== undefined) fields.caption = message.caption;
  return { messageType, message: { [messageType]: fields } };
}

function answer(message: Message, body: Body): Record<string, unknown> {
  const { messageType, message: sent } = content(message, body);
  return {
    key: { remoteJid: `${message.number}${JID_SUFFIX}`, fromMe: true, id: message.id },
    message: sent,
    messageType,
    messageTimestamp: String(Math.floor(Date.parse(message.created_at) / 1000)),
    instanceId: SANDBOX_INSTANCE_ID,
    status: 'PENDING',
  };
}

function sendRoute(path: string, maxBody: number, translate: typeof translateEvolutionText): Route {
  return { ...translatedSendRoute(path, maxBody, translate, newEvolutionMessageId, answer, { status: 201 }), unknown: unknownInstance };
}

export const evolutionRoutes: Route[] = [
  findContactsRoute('/chat/findContacts/:instance', unknownInstance),
  sendRoute('/message/sendText/:instance', MESSAGE_BODY_LIMITS.text, translateEvolutionText),
  sendRoute('/message/sendMedia/:instance', MESSAGE_BODY_LIMITS.media, translateEvolutionMedia),
  sendRoute('/message/sendWhatsAppAudio/:instance', MESSAGE_BODY_LIMITS.audio, translateEvolutionAudio),
];
