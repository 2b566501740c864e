// `Authorization: Bearer <key>`. A missing or malformed header and an unknown (or deleted) key
// all answer 401; nothing in the answer or the log repeats the value.
import type { KeyRecord, KeyStore } from './keys';

/** API.md: a key is 8..512 printable ASCII characters, no white space. */
const BEARER = /^Bearer +([\x21-\x7e]{8,512})$/i;

export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = BEARER.exec(header.trim());
  return match ? match[1]! : null;
}

export type AuthOutcome = { ok: true; key: KeyRecord } | { ok: false; message: string };

export function authenticate(keys: KeyStore, header: string | undefined): AuthOutcome {
  if (header === undefined || header.trim() === '') return { ok: false, message: 'missing Authorization: Bearer <API key>' };
  const token = bearerToken(header);
  if (token === null) return { ok: false, message: 'malformed Authorization header: expected "Bearer <API key>"' };
  const key = keys.authenticate(token);
  return key ? { ok: true, key } : { ok: false, message: 'unknown or deleted API key' };
}
