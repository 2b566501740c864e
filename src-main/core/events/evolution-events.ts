// Evolution API v2's webhook events, read by their `event` name rather than guessed from field
// names, because two of them mislead a guess:
// - `messages.upsert` (a message on the chat) carries a `status` too, the ack the phone gave it,
//   so it looks like a delivery state; it is what a contact wrote unless `key.fromMe` says it is
//   our own send echoed back (ignored: the send is recorded already);
// - `messages.update` (a delivery state) carries `messageId`, Evolution's own row id, beside
//   `keyId`, the WhatsApp id a send answered with (key.id): only `keyId` matches a send.
// The body also carries the instance's `apikey`; nothing here reads it (body-apikey.ts checks it,
// nothing keeps it). Other events (connection.update, send.message...) hold no message event.
// Pure: the payload in, the events out; null when the payload is not Evolution's.
import { at, digitsOf, firstText, httpUrl, isObject, timeOf } from './event-finder';
import type { MessageEvent, ReceivedEvent, ReceivedLocation } from './event-finder';
import { deliveryStateOf } from './status-words';

type Json = Record<string, unknown>;

/** Baileys' message kinds this app shows, by the key of the message's content */
const FILE_MESSAGES: Readonly<Record<string, string>> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

/** `messages.upsert`, `MESSAGES_UPSERT` (the names of the global webhook) alike */
function eventName(payload: Json): string | null {
  return typeof payload.event === 'string' ? payload.event.toLowerCase().replace(/_/g, '.') : null;
}

/** the payload is Evolution's: a dotted event name and its `data` (one object, or a list) */
export function isEvolutionPayload(payload: unknown): payload is Json {
  if (!isObject(payload) || typeof payload.instance !== 'string') return false;
  const name = eventName(payload);
  return name !== null && /^[a-z]+\.[a-z.]+$/.test(name) && (isObject(payload.data) || Array.isArray(payload.data));
}

function items(data: unknown): Json[] {
  return (Array.isArray(data) ? data : [data]).filter(isObject);
}

/** a person's chat: a group's (@g.us) or a broadcast's messages are not a conversation here */
function personNumber(jid: string | null): string | null {
  return jid !== null && /@(s\.whatsapp\.net|c\.us)$/.test(jid) ? digitsOf(jid) : null;
}

/** a document sent with a caption comes wrapped once more */
function contentOf(item: Json): Json {
  const message = isObject(item.message) ? item.message : {};
  const wrapped = at(message, 'documentWithCaptionMessage.message');
  return isObject(wrapped) ? { ...message, ...wrapped } : message;
}

function locationOf(content: Json): ReceivedLocation | null {
  const place = content.locationMessage;
  if (!isObject(place)) return null;
  const latitude = Number(place.degreesLatitude);
  const longitude = Number(place.degreesLongitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude, name: firstText(place, ['name']), address: firstText(place, ['address']) };
}

function receivedOf(item: Json): ReceivedEvent | null {
  if (at(item, 'key.fromMe') === true) return null;
  const messageId = firstText(item, ['key.id']);
  const number = personNumber(firstText(item, ['key.remoteJid']));
  if (messageId === null || number === null) return null;
  const content = contentOf(item);
  const sentAt = timeOf(firstText(item, ['messageTimestamp']));
  const base = { kind: 'received' as const, messageId, number, at: sentAt, name: firstText(item, ['pushName']) };
  const fileKey = Object.keys(FILE_MESSAGES).find((key) => isObject(content[key]));
  if (fileKey !== undefined) {
    const file = content[fileKey] as Json;
    // with S3 storage on, Evolution adds the file's own address beside WhatsApp's encrypted one
    const url = httpUrl(firstText(content, ['mediaUrl']) ?? firstText(file, ['url']));
    const media = { url, mimetype: firstText(file, ['mimetype']), fileName: firstText(file, ['fileName', 'title']) };
    const caption = typeof file.caption === 'string' ? file.caption : null;
    return { ...base, type: FILE_MESSAGES[fileKey]!, text: caption, media };
  }
  const location = locationOf(content);
  if (location !== null) return { ...base, type: 'location', text: null, media: null, location };
  const text = firstText(content, ['conversation', 'extendedTextMessage.text']);
  return text === null ? null : { ...base, type: 'text', text, media: null };
}

function statusOf(item: Json): MessageEvent | null {
  const messageId = firstText(item, ['keyId', 'key.id']);
  const state = deliveryStateOf(item.status);
  if (messageId === null || state === null) return null;
  const number = personNumber(firstText(item, ['remoteJid', 'key.remoteJid']));
  return { kind: 'status', messageId, state, number, at: timeOf(firstText(item, ['messageTimestamp', 'datetime'])), reason: null };
}

/** the message events of an Evolution v2 webhook body; null: the body is not Evolution's */
export function evolutionEvents(payload: unknown): MessageEvent[] | null {
  if (!isEvolutionPayload(payload)) return null;
  const name = eventName(payload);
  const read = name === 'messages.upsert' ? receivedOf : name === 'messages.update' ? statusOf : null;
  if (read === null) return [];
  return items(payload.data).flatMap((item) => read(item) ?? []);
}
