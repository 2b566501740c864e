// A Message (201 of the send endpoints, items of GET /messages) -> SentMessage.
import type { MessageType, SentMessage } from '../model';
import { badShape, isRecord, optionalCount, optionalString, requiredString, trimLarge } from './shape';

const TYPES: readonly MessageType[] = ['text', 'media', 'audio', 'template'];

/** `expectedType` fills in a missing or unknown "type" (the endpoint says what was sent). */
export function parseSentMessage(json: unknown, expectedType?: MessageType, path = 'message'): SentMessage {
  if (!isRecord(json)) throw badShape('message', `${path} is ${json === undefined ? 'missing (empty body)' : 'not an object'}`);
  const type = json.type;
  const known = typeof type === 'string' && (TYPES as readonly string[]).includes(type) ? (type as MessageType) : undefined;
  const resolved = known ?? expectedType;
  if (resolved === undefined) throw badShape('message', `${path}.type is missing or unknown`);
  return {
    id: requiredString(json, 'id', path, 'message'),
    type: resolved,
    number: requiredString(json, 'number', path, 'message'),
    status: optionalString(json, 'status') ?? 'unknown',
    createdAt: optionalString(json, 'created_at'),
    raw: trimLarge(json),
    understood: true,
  };
}

export interface MessagePage {
  items: SentMessage[];
  page: number;
  perPage: number;
  total: number | null;
  totalPages: number | null;
}

/** GET /messages: {"data":[Message...],"meta":{...}} or a bare array. */
export function parseMessagePage(json: unknown): MessagePage {
  const list = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.data) ? json.data : null;
  if (list === null) throw badShape('messages list', '"data" is missing or not an array');
  const items = list.map((item, i) => parseSentMessage(item, undefined, `data[${i}]`));
  const meta = isRecord(json) && isRecord(json.meta) ? json.meta : {};
  return {
    items,
    page: optionalCount(meta, 'page') ?? 1,
    perPage: optionalCount(meta, 'per_page') ?? items.length,
    total: optionalCount(meta, 'total'),
    totalPages: optionalCount(meta, 'total_pages'),
  };
}
