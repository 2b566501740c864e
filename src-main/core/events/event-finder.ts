// Finds the message events in a payload a service sent (a webhook body, an event of a stream, a
// status answer), whatever its vendor's shape: Meta's nested entries, a flat Twilio form, a
// WhatsApp Web bridge's `key` objects, this app's default shape. Every object in the payload is
// looked at; one that carries a message id and a delivery state is a status, one that carries a
// sender and a text (and is not our own echo) is a message received. Nothing is assumed about
// where in the payload they sit, so a shape never seen before still works when its field names
// are the usual ones. Pure: the payload in, the events out.
import { pathParts } from './path-parts';
import { deliveryStateOf, type DeliveryState } from './status-words';

export interface StatusEvent {
  kind: 'status';
  messageId: string;
  state: DeliveryState;
  /** the recipient in digits, when the payload says */
  number: string | null;
  at: string | null;
  /** the service's reason for a failure, as it worded it */
  reason: string | null;
  /** other ids the service gives the same message (Wati: its own id and WhatsApp's): the one this app recorded is used */
  aliases?: string[];
}

export interface ReceivedEvent {
  kind: 'received';
  messageId: string;
  number: string;
  text: string | null;
  /** 'text', or the media kind the payload names ('image', 'audio'...) */
  type: string;
  at: string | null;
  /** the contact's name, when the payload carries one */
  name: string | null;
  /** the file the contact sent, when the message is one */
  media: ReceivedMedia | null;
  /** the service's id of that file, to download it with the key (Meta names a file by id only) */
  mediaId?: string | null;
  /** the place the contact shared (Meta's `location` message) */
  location?: ReceivedLocation | null;
  /** the contact cards the contact shared (Meta's `contacts` message) */
  sharedContacts?: SharedContact[] | null;
}

/** a contact card a contact shared: a name, and the numbers, addresses and company it lists */
export interface SharedContact {
  name: string;
  phones: string[];
  emails: string[];
  company: string | null;
}

/** how many shared cards of one message are kept, and how many numbers and addresses of each */
const SHARED_CONTACTS_LIMIT = 20;
const CARD_ENTRIES_LIMIT = 10;

/** a place a contact shared: its coordinates, and its name and address when the service gives them */
export interface ReceivedLocation {
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
}

/** a file a contact sent: where to download it when the payload says (Meta gives only an id), its type and name */
export interface ReceivedMedia {
  url: string | null;
  mimetype: string | null;
  fileName: string | null;
}

export type MessageEvent = StatusEvent | ReceivedEvent;

const ID_FIELDS = ['id', 'message_id', 'messageId', 'MessageSid', 'SmsSid', 'msgId', 'wamid', 'key.id', 'keyId'];
const STATE_FIELDS = ['status', 'MessageStatus', 'SmsStatus', 'message_status', 'messageStatus', 'ack', 'state', 'delivery_status'];
const RECIPIENT_FIELDS = ['recipient_id', 'recipient', 'to', 'To', 'number', 'phone', 'key.remoteJid', 'remoteJid', 'chatId', 'wa_id'];
const SENDER_FIELDS = ['from', 'From', 'number', 'phone', 'sender', 'author', 'key.remoteJid', 'remoteJid', 'chatId', 'wa_id'];
const TEXT_FIELDS = [
  'text.body',
  'text',
  'body',
  'Body',
  'message.conversation',
  'message.extendedTextMessage.text',
  'caption',
  'image.caption',
  'document.caption',
  'video.caption',
  'content',
];
const TIME_FIELDS = ['timestamp', 'at', 'created_at', 'createdAt', 'date', 'DateCreated', 'messageTimestamp', 'time'];
const REASON_FIELDS = [
  'errors.0.error_data.details',
  'errors.0.message',
  'errors.0.title',
  'error.message',
  'error.title',
  'ErrorMessage',
  'reason',
  'error',
];
const CODE_FIELDS = ['errors.0.code', 'error.code', 'ErrorCode', 'code'];
const NAME_FIELDS = ['profile.name', 'pushName', 'ProfileName', 'name', 'senderName'];
const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts'];
/** the kinds that are a file to download */
const FILE_KINDS = ['image', 'video', 'audio', 'document', 'sticker'];
// where each shape puts a file's address, type and name: the default API's `media`, Twilio's
// first MediaUrl0 / MediaContentType0, Meta's `<kind>.mime_type` (Meta sends an id, no URL),
// a bridge's `<kind>Message.url` / `mimetype`
const MEDIA_URL_FIELDS = ['media.url', 'MediaUrl0', 'mediaUrl', 'media_url'];
const MEDIA_TYPE_FIELDS = ['media.mimetype', 'media.mime_type', 'media.contentType', 'MediaContentType0', 'mimetype', 'mime_type'];
const MEDIA_NAME_FIELDS = ['media.fileName', 'media.filename', 'fileName', 'filename'];
/** how deep a payload is walked: far past any vendor's nesting, short of a hostile one's */
const MAX_DEPTH = 12;

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** the value at a dotted path ('errors.0.title'), or undefined */
export function at(obj: Json, path: string): unknown {
  let current: unknown = obj;
  for (const part of pathParts(path)) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

export function firstText(obj: Json, paths: readonly string[]): string | null {
  for (const path of paths) {
    const value = at(obj, path);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** digits of a number as services write it: +55…, whatsapp:+55…, 55…@s.whatsapp.net, 55…@c.us */
export function digitsOf(raw: string | null): string | null {
  if (raw === null) return null;
  const bare = raw.replace(/^whatsapp:/i, '').replace(/@.*$/, '');
  const digits = bare.replace(/[\s()+.-]/g, '');
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

/** ISO 8601 from unix seconds or milliseconds (number or digits) or a date string */
export function timeOf(raw: string | null): string | null {
  if (raw === null) return null;
  if (/^\d{9,13}$/.test(raw)) {
    const n = Number(raw);
    return new Date(raw.length <= 10 ? n * 1000 : n).toISOString();
  }
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

function stateOf(obj: Json): DeliveryState | null {
  for (const field of STATE_FIELDS) {
    const state = deliveryStateOf(at(obj, field));
    if (state) return state;
  }
  return null;
}

function reasonOf(obj: Json): string | null {
  const reason = firstText(obj, REASON_FIELDS);
  const code = firstText(obj, CODE_FIELDS);
  if (reason && code && !reason.includes(code)) return `${reason} (${code})`;
  return reason ?? (code ? `error ${code}` : null);
}

/** the text of a received message, when the object carries one */
function textOf(obj: Json): string | null {
  for (const path of TEXT_FIELDS) {
    const value = at(obj, path);
    if (typeof value === 'string') return value;
  }
  return null;
}

function typeOf(obj: Json): string {
  const named = obj.type ?? obj.MessageType;
  if (typeof named === 'string' && named !== '') return named.toLowerCase();
  // Twilio names a file only by its type (MediaContentType0) when it leaves MessageType out
  if (Number(obj.NumMedia) > 0 && typeof obj.MediaContentType0 === 'string') return fileKindOfType(obj.MediaContentType0);
  const kind = MEDIA_KINDS.find((k) => isObject(obj[k]));
  return kind ?? 'text';
}

/** the file kind a media type names: image/png an image, application/pdf a document */
function fileKindOfType(mimetype: string): string {
  const top = mimetype.split('/')[0]!.trim().toLowerCase();
  return ['image', 'video', 'audio'].includes(top) ? top : 'document';
}

/** only an http(s) address is kept: anything else is never fetched */
export function httpUrl(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** the file of a received message of a file kind, looked for at the top and inside `<kind>` / `<kind>Message` */
function mediaOf(obj: Json, type: string): ReceivedMedia | null {
  if (!FILE_KINDS.includes(type) && !(Number(obj.NumMedia) > 0)) return null;
  const inner = [obj, obj[type], obj[`${type}Message`], at(obj, `message.${type}Message`)].filter(isObject);
  const first = (fields: readonly string[], extra: readonly string[]): string | null => {
    for (const place of inner) {
      const found = firstText(place, [...fields, ...extra]);
      if (found !== null) return found;
    }
    return null;
  };
  return {
    url: httpUrl(first(MEDIA_URL_FIELDS, ['link', 'url'])),
    mimetype: first(MEDIA_TYPE_FIELDS, []),
    fileName: first(MEDIA_NAME_FIELDS, []),
  };
}

/** the file's media id inside `<kind>` (Meta's `image.id`), and a shared place's fields */
function richPartsOf(obj: Json, type: string): Pick<ReceivedEvent, 'mediaId' | 'location' | 'sharedContacts'> {
  const inner = obj[type];
  const parts: Pick<ReceivedEvent, 'mediaId' | 'location' | 'sharedContacts'> = {};
  if (type === 'contacts' && Array.isArray(inner)) {
    const cards = inner
      .filter(isObject)
      .slice(0, SHARED_CONTACTS_LIMIT)
      .flatMap((card) => {
        const name = firstText(card, ['name.formatted_name', 'name.first_name', 'name', 'org.company']);
        const texts = (list: unknown, field: string): string[] =>
          (Array.isArray(list) ? list : [])
            .filter(isObject)
            .flatMap((entry) => (typeof entry[field] === 'string' && entry[field] !== '' ? [entry[field]] : []))
            .slice(0, CARD_ENTRIES_LIMIT);
        return name === null
          ? []
          : [{ name, phones: texts(card.phones, 'phone'), emails: texts(card.emails, 'email'), company: firstText(card, ['org.company']) }];
      });
    if (cards.length > 0) parts.sharedContacts = cards;
  }
  if (FILE_KINDS.includes(type) && isObject(inner)) {
    const id = firstText(inner, ['id']);
    if (id !== null && /^[\x21-\x7e]{1,200}$/.test(id)) parts.mediaId = id;
  }
  if (type === 'location' && isObject(inner)) {
    const latitude = Number(inner.latitude);
    const longitude = Number(inner.longitude);
    if (Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) {
      parts.location = { latitude, longitude, name: firstText(inner, ['name']), address: firstText(inner, ['address']) };
    }
  }
  return parts;
}

/** our own message echoed back (WhatsApp Web bridges report what the account sent too) */
function isOwnEcho(obj: Json): boolean {
  return at(obj, 'key.fromMe') === true || obj.fromMe === true || obj.direction === 'outbound' || obj.direction === 'outgoing';
}

function eventOf(obj: Json, names: ReadonlyMap<string, string>): MessageEvent | null {
  const messageId = firstText(obj, ID_FIELDS);
  if (messageId === null) return null;
  const state = stateOf(obj);
  if (state !== null) {
    return {
      kind: 'status',
      messageId,
      state,
      number: digitsOf(firstText(obj, RECIPIENT_FIELDS)),
      at: timeOf(firstText(obj, TIME_FIELDS)),
      reason: state === 'failed' ? reasonOf(obj) : null,
    };
  }
  if (isOwnEcho(obj)) return null;
  const number = digitsOf(firstText(obj, SENDER_FIELDS));
  const text = textOf(obj);
  const type = typeOf(obj);
  if (number === null || (text === null && !MEDIA_KINDS.includes(type))) return null;
  return {
    kind: 'received',
    messageId,
    number,
    text,
    type,
    at: timeOf(firstText(obj, TIME_FIELDS)),
    name: firstText(obj, NAME_FIELDS) ?? names.get(number) ?? null,
    media: mediaOf(obj, type),
    ...richPartsOf(obj, type),
  };
}

/** names given beside the messages (Meta's `contacts[{profile:{name},wa_id}]`), by number */
function contactNames(objects: readonly Json[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const obj of objects) {
    const number = digitsOf(firstText(obj, ['wa_id']));
    const name = firstText(obj, ['profile.name']);
    if (number && name) names.set(number, name);
  }
  return names;
}

function objectsIn(payload: unknown): Json[] {
  const found: Json[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (isObject(value)) {
      found.push(value);
      for (const child of Object.values(value)) walk(child, depth + 1);
    }
  };
  walk(payload, 0);
  return found;
}

/**
 * the events found in a payload, by the payload: a webhook's payload is read by the conversations
 * and again by the inspector's row (delivery-effects.ts), and reading it was as long as storing
 * it. A payload is never changed once parsed, and the events found are read, never changed.
 */
const FOUND = new WeakMap<object, readonly MessageEvent[]>();

/**
 * Every message event in `payload`, in the order they appear. An object inside an event that
 * was taken (a message's `key`, a status's `errors`) is not read as an event of its own.
 */
export function findMessageEvents(payload: unknown): MessageEvent[] {
  if (typeof payload !== 'object' || payload === null) return eventsIn(payload);
  let found = FOUND.get(payload);
  if (found === undefined) {
    found = eventsIn(payload);
    FOUND.set(payload, found);
  }
  return [...found];
}

function eventsIn(payload: unknown): MessageEvent[] {
  const objects = objectsIn(payload);
  const names = contactNames(objects);
  const events: MessageEvent[] = [];
  const inside = new Set<unknown>();
  for (const obj of objects) {
    if (inside.has(obj)) continue;
    const event = eventOf(obj, names);
    if (!event) continue;
    events.push(event);
    for (const child of objectsIn(obj)) if (child !== obj) inside.add(child);
  }
  return events;
}
