// The API.md error body, read defensively: {"error":{"code","message","details":[{field,message}]}}.
// Any other body (empty, HTML, truncated JSON, another JSON shape) gives an empty result, and
// the caller's message then depends on the status alone.
import type { FieldDetail } from '../model';

export interface ErrorBody {
  code: string | null;
  message: string | null;
  details: FieldDetail[];
}

const MAX_DETAILS = 20;

export function readErrorBody(text: string): ErrorBody {
  const empty: ErrorBody = { code: null, message: null, details: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return empty;
  }
  if (!isRecord(parsed) || !isRecord(parsed.error)) return empty;
  const error = parsed.error;
  const code = typeof error.code === 'string' && /^[a-z_]{1,40}$/.test(error.code) ? error.code : null;
  const message = typeof error.message === 'string' ? cleanText(error.message, 200) : null;
  const details: FieldDetail[] = [];
  if (Array.isArray(error.details)) {
    for (const item of error.details.slice(0, MAX_DETAILS)) {
      if (!isRecord(item) || typeof item.message !== 'string') continue;
      const field = typeof item.field === 'string' ? cleanText(item.field, 80) : '';
      details.push({ field, message: cleanText(item.message, 200) });
    }
  }
  return { code, message: message === '' ? null : message, details };
}

/** One line, no control characters, at most `max` characters. */
export function cleanText(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
