// "Open in the send panel": the Send Text fields a logged send carried, read back from its
// request body. The body's shape follows the profile's API description, so the number and the
// text are looked for under the names the built-in descriptions use; a body without them (or
// one that was cut or released) gives nothing rather than a guess. Pure.
import type { RequestLogDetail } from '../../lib/api';

export interface TextSendFields {
  number: string;
  text: string;
}

const NUMBER_NAMES = ['number', 'phone', 'to', 'recipient', 'chatId', 'chat_id'];
const TEXT_NAMES = ['text', 'message', 'body', 'content'];

export function isTextSend(detail: Pick<RequestLogDetail, 'endpoint' | 'method'>): boolean {
  return detail.method === 'POST' && detail.endpoint === 'messages.text';
}

export function textSendFields(detail: RequestLogDetail): TextSendFields | null {
  const body = detail.requestBody;
  if (!isTextSend(detail) || body === null || body.kind !== 'text' || body.truncated) return null;
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return null;
  }
  const number = firstString(json, NUMBER_NAMES);
  const text = firstString(json, TEXT_NAMES);
  return number === null || text === null ? null : { number, text };
}

/** the first string under one of `names`, at the top level or one object down */
function firstString(json: unknown, names: readonly string[]): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string') return value;
  }
  for (const value of Object.values(record)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const found = firstString(value, names);
    if (found !== null) return found;
  }
  return null;
}
