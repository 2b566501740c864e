// Wati's webhook events, read by their `eventType`: Wati words a state as an event name
// (sentMessageDELIVERED, sentMessageREAD...), with a `statusString` of its own wording beside it,
// and names the contact `waId`, none of which a guess by field names finds.
// - `message`: what a contact wrote (`owner: true` would be our own, and is ignored);
// - `sessionMessageSent`, `templateMessageSent`: the echo of our send, i.e. it was sent;
// - `sentMessageDELIVERED`, `sentMessageREAD`, `sentMessageREPLIED`: delivered, read, read;
// - `templateMessageFailed`: failed, with Wati's reason.
// Newer names carry a suffix (`_v2`, `_v2_bsuid`): the same events. A state names the message by
// Wati's `id`, WhatsApp's `whatsappMessageId` and, for templates, `localMessageId`: whichever the
// send recorded is used (aliases). Wati signs nothing. Pure: the payload in, the events out; null
// when the payload is not Wati's.
import { digitsOf, firstText, httpUrl, isObject, timeOf, type MessageEvent } from './event-finder';
import type { DeliveryState } from './status-words';

type Json = Record<string, unknown>;

const STATES: readonly (readonly [RegExp, DeliveryState])[] = [
  [/^(session|template)messagesent$/, 'sent'],
  [/^sentmessagedelivered$/, 'delivered'],
  [/^sentmessage(read|replied)$/, 'read'],
  [/^(template|session)?messagefailed$/, 'failed'],
];

const FILE_KINDS = ['image', 'video', 'audio', 'voice', 'document', 'sticker'];

/** the event's name without its version suffix, lower case: `sentMessageREAD_v2` -> `sentmessageread` */
function baseName(payload: Json): string | null {
  return typeof payload.eventType === 'string' ? payload.eventType.split('_')[0]!.toLowerCase() : null;
}

/** the ids of one message, the first one the event's own */
function idsOf(payload: Json): string[] {
  const ids = ['id', 'whatsappMessageId', 'localMessageId'].map((field) => firstText(payload, [field]));
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

function stateEvent(payload: Json, state: DeliveryState): MessageEvent | null {
  const [messageId, ...aliases] = idsOf(payload);
  if (messageId === undefined) return null;
  const reason = state === 'failed' ? firstText(payload, ['failedDetail', 'failedCode']) : null;
  const number = digitsOf(firstText(payload, ['waId']));
  const at = timeOf(firstText(payload, ['timestamp', 'created']));
  return { kind: 'status', messageId, state, number, at, reason, ...(aliases.length > 0 ? { aliases } : {}) };
}

function messageEvent(payload: Json): MessageEvent | null {
  if (payload.owner === true) return null;
  const messageId = firstText(payload, ['whatsappMessageId', 'id']);
  const number = digitsOf(firstText(payload, ['waId']));
  if (messageId === null || number === null) return null;
  const named = typeof payload.type === 'string' ? payload.type.toLowerCase() : 'text';
  const file = FILE_KINDS.includes(named);
  const type = named === 'voice' ? 'audio' : file ? named : 'text';
  const text = typeof payload.text === 'string' ? payload.text : null;
  if (!file && text === null) return null;
  // a file's address is in `data` (on the tenant's own server)
  const media = file ? { url: httpUrl(typeof payload.data === 'string' ? payload.data : null), mimetype: null, fileName: null } : null;
  const at = timeOf(firstText(payload, ['timestamp', 'created']));
  return { kind: 'received', messageId, number, text, type, at, name: firstText(payload, ['senderName']), media };
}

/** the payload is Wati's: an `eventType` name on the body itself */
export function isWatiPayload(payload: unknown): payload is Json {
  return isObject(payload) && typeof payload.eventType === 'string';
}

/** the message events of a Wati webhook body; null: the body is not Wati's */
export function watiEvents(payload: unknown): MessageEvent[] | null {
  if (!isWatiPayload(payload)) return null;
  const name = baseName(payload);
  const state = STATES.find(([pattern]) => name !== null && pattern.test(name))?.[1];
  const event = state !== undefined ? stateEvent(payload, state) : name === 'message' ? messageEvent(payload) : null;
  return event === null ? [] : [event];
}
