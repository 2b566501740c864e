// The per-field part of an error body, whatever list or map it comes in: docs/API.md's
// `details[{field, message}]`, JSON:API's `errors[{detail, source:{pointer}}]`, RFC 9457's
// `errors[{detail, pointer}]`, a validating mock's `validation[{location:["body","to"], message}]`,
// FastAPI's `detail[{loc, msg}]`, Laravel's and Rails' `{"phone": ["..."]}`, and a plain list of
// sentences. Pure; the caller passes `clean` (the key scrubbed, then one line of at most `max`
// characters) so every text is scrubbed before it is cut.
import type { FieldDetail } from '../../model';
import { isRecord } from '../../parse/shape';

export type Clean = (text: string, max: number) => string;

export const MAX_FIELD = 80;
export const MAX_DETAIL = 200;
export const MAX_DETAILS = 20;

export function detailsOf(value: unknown, clean: Clean): FieldDetail[] {
  if (Array.isArray(value)) return value.slice(0, MAX_DETAILS).flatMap((item) => itemDetail(item, clean));
  if (isRecord(value)) {
    // Laravel / Rails / ASP.NET: {"phone": ["The phone field is required."]}
    return Object.entries(value)
      .slice(0, MAX_DETAILS)
      .flatMap(([field, messages]): FieldDetail[] => {
        const list = Array.isArray(messages) ? messages : [messages];
        const text = list.find((m): m is string => typeof m === 'string' && m.trim() !== '');
        return text === undefined ? [] : [{ field: clean(field, MAX_FIELD), message: clean(text, MAX_DETAIL) }];
      });
  }
  return [];
}

function itemDetail(item: unknown, clean: Clean): FieldDetail[] {
  if (typeof item === 'string')
    return item.trim() === '' ? [] : [{ field: fieldInSentence(item, clean), message: clean(item, MAX_DETAIL) }];
  if (!isRecord(item)) return [];
  const text = [item.message, item.detail, item.title, item.msg, item.description].find(
    (m): m is string => typeof m === 'string' && m.trim() !== '',
  );
  if (text === undefined) return [];
  const source = isRecord(item.source) ? (item.source.pointer ?? item.source.parameter) : undefined;
  const named = [item.field, item.param, item.parameter, item.path, item.loc, item.location, item.pointer, source].find(
    (f) => typeof f === 'string' || Array.isArray(f),
  );
  const field = named === undefined ? fieldInSentence(text, clean) : fieldName(named, clean);
  return [{ field, message: clean(text, MAX_DETAIL) }];
}

/** where a field is, as a person reads it: `to`, `text.body`, `contacts.0.phone` */
function fieldName(where: unknown, clean: Clean): string {
  const parts = Array.isArray(where)
    ? where.filter((p) => typeof p === 'string' || typeof p === 'number').map(String)
    : pointerParts(String(where));
  // a request-part prefix ("body", "query"...) says where the field was sent, not which one it is
  const named = parts.length > 1 && REQUEST_PARTS.has(parts[0]!.toLowerCase()) ? parts.slice(1) : parts;
  return clean(named.join('.'), MAX_FIELD);
}

/** a JSON pointer (`/data/attributes/to`, `#/to`) as its parts; any other text as one part */
function pointerParts(where: string): string[] {
  if (!/^#?\//.test(where)) return [where];
  const parts = where
    .replace(/^#?\//, '')
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts[0] === 'data' && parts[1] === 'attributes' ? parts.slice(2) : parts;
}

const REQUEST_PARTS = new Set(['body', 'query', 'path', 'header', 'headers', 'cookie']);

/**
 * A JSON-schema validator's sentence names the field it is about ("must have required property
 * 'to'", `instance requires property "number"`): that name, or ''.
 */
function fieldInSentence(text: string, clean: Clean): string {
  const name = /\bproperty\s+["'`]([^"'`]{1,60})["'`]/i.exec(text)?.[1];
  return name === undefined ? '' : clean(name, MAX_FIELD);
}
