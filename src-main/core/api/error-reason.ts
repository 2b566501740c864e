// The service's own reason for an error, from whatever shape its error body has: API.md's
// {"error":{"message","details"}}, Meta's {"error":{"message","error_data":{"details"}}},
// Laravel's {"message","errors":{"phone":["..."]}}, JSON:API's {"errors":[{"detail","source"}]},
// RFC 7807's {"title","detail"}, plain {"error":"..."}, or short plain text. HTML pages give
// their <title> at most. The key is scrubbed from the whole body BEFORE anything is cut, so a
// cut can never leave a piece of it behind. Pure.
import type { FieldDetail } from '../model';
import { scrubSecret } from '../http/redact';
import { isRecord } from '../parse/shape';
import { cutChars } from '../../shared/format';

export interface ErrorReason {
  /** a machine code when the body has one (`bad_request`, `100`, `invalid_phone`) */
  code: string | null;
  /** one line, at most MAX_MESSAGE characters */
  message: string | null;
  details: FieldDetail[];
}

const MAX_MESSAGE = 300;
const MAX_FIELD = 80;
const MAX_DETAIL = 200;
const MAX_DETAILS = 20;

export function readErrorReason(text: string, apiKey: string, contentType: string | null = null): ErrorReason {
  const scrubbed = scrubSecret(text, apiKey);
  const none: ErrorReason = { code: null, message: null, details: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(scrubbed.replace(/^\ufeff/, ''));
  } catch {
    return { ...none, message: plainTextReason(scrubbed, contentType) };
  }
  if (typeof parsed === 'string') return { ...none, message: line(parsed, MAX_MESSAGE) || null };
  if (Array.isArray(parsed)) return { ...none, details: detailsOf(parsed) };
  if (!isRecord(parsed)) return none;
  const inner = isRecord(parsed.error) ? parsed.error : isRecord(parsed.fault) ? parsed.fault : null;
  const scope = inner ?? parsed;
  const messages = [
    inner?.message, inner?.error_user_msg, inner?.error_user_title, inner?.description, inner?.detail,
    typeof parsed.error === 'string' ? parsed.error : undefined,
    parsed.message, parsed.detail, parsed.error_description, parsed.errorMessage, parsed.error_message, parsed.description, parsed.reason, parsed.msg, parsed.title,
  ];
  const deep = isRecord(inner?.error_data) ? inner.error_data.details : undefined;
  const details = [...detailsOf(scope.details), ...detailsOf(parsed.errors), ...detailsOf(inner?.errors)].slice(0, MAX_DETAILS);
  const first = messages.find((m): m is string => typeof m === 'string' && m.trim() !== '');
  let message = first === undefined ? null : line(first, MAX_MESSAGE);
  if (typeof deep === 'string' && deep.trim() !== '' && !message?.includes(deep.trim())) message = line(message ? `${message} (${deep})` : deep, MAX_MESSAGE);
  if (message === null && details.length > 0) message = details[0]!.message;
  return { code: codeOf(scope.code ?? parsed.code ?? scope.type ?? parsed.error_code), message, details };
}

function detailsOf(value: unknown): FieldDetail[] {
  if (Array.isArray(value)) {
    return value.slice(0, MAX_DETAILS).flatMap((item): FieldDetail[] => {
      if (typeof item === 'string') return [{ field: '', message: line(item, MAX_DETAIL) }];
      if (!isRecord(item)) return [];
      const text = [item.message, item.detail, item.title, item.msg, item.description].find((m): m is string => typeof m === 'string' && m.trim() !== '');
      if (text === undefined) return [];
      const source = isRecord(item.source) ? (item.source.pointer ?? item.source.parameter) : undefined;
      const field = [item.field, item.param, item.parameter, item.path, item.loc, source].find((f) => typeof f === 'string' || Array.isArray(f));
      return [{ field: line(Array.isArray(field) ? field.join('.') : String(field ?? ''), MAX_FIELD).replace(/^\/(data\/attributes\/)?/, ''), message: line(text, MAX_DETAIL) }];
    });
  }
  if (isRecord(value)) {
    // Laravel / Rails: {"phone": ["The phone field is required."]}
    return Object.entries(value).slice(0, MAX_DETAILS).flatMap(([field, messages]): FieldDetail[] => {
      const list = Array.isArray(messages) ? messages : [messages];
      const text = list.find((m): m is string => typeof m === 'string' && m.trim() !== '');
      return text === undefined ? [] : [{ field: line(field, MAX_FIELD), message: line(text, MAX_DETAIL) }];
    });
  }
  return [];
}

function codeOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,60}$/.test(value)) return value;
  return null;
}

/** Short plain text reads as a reason; an HTML page gives only its title. */
function plainTextReason(text: string, contentType: string | null): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^<|html/i.test(contentType ?? '') || /^\s*</.test(trimmed)) {
    const title = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(trimmed)?.[1];
    return title === undefined ? null : line(decodeEntities(title), MAX_MESSAGE);
  }
  if (/^[[{]/.test(trimmed)) return null; // JSON cut short: nothing in it reads as a sentence
  if (trimmed.length > 2000 || /[\u0000-\u0008\u000e-\u001f]/.test(trimmed)) return null; // eslint-disable-line no-control-regex
  return line(trimmed, MAX_MESSAGE);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');
}

/** One line, no control characters, at most `max` characters. */
export function line(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return cutChars(flat, max);
}
