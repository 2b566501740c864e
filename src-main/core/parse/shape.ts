// Small helpers for reading untrusted JSON: each names the path that is wrong and never the
// value (a value can be a secret, e.g. a created key).
import { CrmError } from '../errors';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function badShape(what: string, problem: string): CrmError {
  return new CrmError('bad_response', `The server's ${what} is not in the expected shape: ${problem}`);
}

/** A required id-like string; a number is accepted and turned into text. */
export function requiredString(obj: Json, key: string, path: string, what: string): string {
  const value = obj[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw badShape(what, `${path}.${key} is ${value === undefined ? 'missing' : 'not a non-empty string'}`);
}

export function optionalString(obj: Json, key: string): string | null {
  const value = obj[key];
  return typeof value === 'string' ? value : null;
}

export function optionalCount(obj: Json, key: string): number | null {
  const value = obj[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** Drops string values longer than `maxChars` (e.g. base64 a server echoed back) and nested giants. */
export function trimLarge(obj: Json, maxChars = 2048): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value === 'string' && value.length > maxChars) continue;
    if (typeof value === 'object' && value !== null && JSON.stringify(value).length > maxChars * 4) continue;
    out[key] = value;
  }
  return out;
}
