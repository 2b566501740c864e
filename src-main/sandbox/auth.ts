// Where a request's API key is read from. docs/API.md (and the key routes in every dialect) use
// `Authorization: Bearer <key>`; a dialect may read it from a header of its own (`apikey: <key>`)
// or from HTTP Basic, where the password is the key and the username is an account id of the
// vendor's form that must name the account in the path. A missing or malformed credential and
// an unknown (or deleted) key all answer 401; nothing in the answer or the log repeats the value.
import type { IncomingHttpHeaders } from 'node:http';
import type { KeyRecord, KeyStore } from './keys';

export type CredentialPlacement =
  | { kind: 'bearer' }
  /** the bare key in this header (lower-case name) */
  | { kind: 'header'; name: string }
  | {
      kind: 'basic';
      /** what a username must look like (an account id); the password is the key */
      username: RegExp;
      /** the path parameter the username must equal, when the route has it */
      usernameParam: string;
      /** the username the playground shows */
      example: string;
      /** the realm of the WWW-Authenticate challenge */
      realm: string;
    };

export const BEARER: CredentialPlacement = { kind: 'bearer' };

/** docs/API.md: a key is 8..512 printable ASCII characters, no white space. */
const KEY = /^[\x21-\x7e]{8,512}$/;
const BEARER_HEADER = /^Bearer +([\x21-\x7e]{8,512})$/i;
const BASIC_HEADER = /^Basic +([A-Za-z0-9+/]+={0,2})$/i;

export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = BEARER_HEADER.exec(header.trim());
  return match ? match[1]! : null;
}

export type AuthOutcome = { ok: true; key: KeyRecord; username?: string } | { ok: false; message: string };

type Credential = { ok: true; key: string; username?: string } | { ok: false; message: string };

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function readBearer(headers: IncomingHttpHeaders): Credential {
  const header = headerValue(headers, 'authorization');
  if (header === undefined || header.trim() === '') return { ok: false, message: 'missing Authorization: Bearer <API key>' };
  const token = bearerToken(header);
  return token === null ? { ok: false, message: 'malformed Authorization header: expected "Bearer <API key>"' } : { ok: true, key: token };
}

function readHeader(headers: IncomingHttpHeaders, name: string): Credential {
  const value = headerValue(headers, name)?.trim();
  if (value === undefined || value === '') return { ok: false, message: `missing ${name} header with the API key` };
  return KEY.test(value) ? { ok: true, key: value } : { ok: false, message: `malformed ${name} header: expected the API key alone` };
}

function readBasic(headers: IncomingHttpHeaders, username: RegExp): Credential {
  const header = headerValue(headers, 'authorization');
  if (header === undefined || header.trim() === '')
    return { ok: false, message: 'missing Authorization: Basic credentials (account id and API key)' };
  const match = BASIC_HEADER.exec(header.trim());
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) return { ok: false, message: 'malformed Authorization header: expected "Basic base64(<account id>:<API key>)"' };
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (!username.test(user)) return { ok: false, message: 'the Basic username is not an account id' };
  return KEY.test(password) ? { ok: true, key: password, username: user } : { ok: false, message: 'the Basic password is not an API key' };
}

function readCredential(headers: IncomingHttpHeaders, placement: CredentialPlacement): Credential {
  switch (placement.kind) {
    case 'bearer':
      return readBearer(headers);
    case 'header':
      return readHeader(headers, placement.name);
    case 'basic':
      return readBasic(headers, placement.username);
  }
}

export function authenticate(keys: KeyStore, headers: IncomingHttpHeaders, placement: CredentialPlacement = BEARER): AuthOutcome {
  const credential = readCredential(headers, placement);
  if (!credential.ok) return credential;
  const key = keys.authenticate(credential.key);
  if (!key) return { ok: false, message: 'unknown or deleted API key' };
  return credential.username === undefined ? { ok: true, key } : { ok: true, key, username: credential.username };
}

/** With Basic, the account in the path must be the username's: the message when it is not. */
export function accountMismatch(
  placement: CredentialPlacement,
  username: string | undefined,
  params: Record<string, string>,
): string | null {
  if (placement.kind !== 'basic') return null;
  const account = params[placement.usernameParam];
  return account === undefined || account === username ? null : 'the account in the path is not the account of these credentials';
}

/** The WWW-Authenticate header of a 401, when the placement has a standard scheme. */
export function challengeHeaders(placement: CredentialPlacement): Record<string, string> {
  switch (placement.kind) {
    case 'bearer':
      return { 'WWW-Authenticate': 'Bearer' };
    case 'basic':
      return { 'WWW-Authenticate': `Basic realm="${placement.realm}"` };
    case 'header':
      return {};
  }
}
