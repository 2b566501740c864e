// A send's 2xx answer -> a SentMessage. A 2xx means the service took the message unless its
// body plainly says it did not (failure-in-success.ts, which sent-message.ts asks first): when
// the id cannot be found (no id, another shape, not JSON at all) the send is still a success,
// reported as "not understood", so nobody presses Send again (docs/API.md, Meeting the real
// service). Pure; the caller has already scrubbed the body of the key.
import type { MessageType, SentMessage } from '../../model';
import { isRecord, trimLarge } from '../../parse/shape';
import { firstPath, getPath } from '../json/json-path';
import { MESSAGE_ID_PATHS } from '../names';
import type { SendResponseMap } from '../types';

export interface SendAnswer {
  /** the parsed body; undefined when empty or not JSON */
  json: unknown;
  /** the body was not JSON, or too large to read */
  unreadable: boolean;
}

export function readSendAnswer(
  answer: SendAnswer,
  map: SendResponseMap | undefined,
  sent: { type: MessageType; number: string },
): SentMessage {
  const { json } = answer;
  const path = map?.messageId ?? firstPath(json, MESSAGE_ID_PATHS, isId);
  const id = path === null ? null : idText(getPath(json, path));
  const body = isRecord(json) ? json : {};
  const type =
    typeof body.type === 'string' && ['text', 'media', 'audio', 'template'].includes(body.type) ? (body.type as MessageType) : sent.type;
  const status = typeof body.status === 'string' ? body.status.slice(0, 40) : null;
  return {
    id,
    type,
    number: typeof body.number === 'string' ? body.number : sent.number,
    status: status ?? (id === null ? 'sent' : 'accepted'),
    createdAt: typeof body.created_at === 'string' ? body.created_at : null,
    raw: isRecord(json) ? trimLarge(json) : Array.isArray(json) ? { body: json.slice(0, 20) } : {},
    understood: id !== null && !answer.unreadable,
  };
}

function isId(value: unknown): boolean {
  return idText(value) !== null;
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}
