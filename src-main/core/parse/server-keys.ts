// API keys as the server lists and creates them. A created key's value is returned apart from
// its metadata so the caller can put it into the keychain at once; no error message ever
// contains it.
import { PERMISSIONS } from '../../shared/permissions';
import type { Permission, ServerKey } from '../model';
import type { Json } from './shape';
import { badShape, isRecord, optionalString, requiredString } from './shape';

const KEY_FORMAT = /^[\x21-\x7e]{8,512}$/;

/** GET /api-keys: {"data":[...]} or a bare array. Unknown permissions are dropped. */
export function parseServerKeys(json: unknown): ServerKey[] {
  const list = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.data) ? json.data : null;
  if (list === null) throw badShape('API key list', '"data" is missing or not an array');
  return list.map((item, i) => parseServerKey(item, `data[${i}]`, 'API key list'));
}

function parseServerKey(value: unknown, path: string, what: string): ServerKey {
  if (!isRecord(value)) throw badShape(what, `${path} is not an object`);
  return {
    id: requiredString(value, 'id', path, what),
    name: optionalString(value, 'name') ?? '',
    prefix: optionalString(value, 'prefix') ?? '',
    permissions: permissionsOf(value),
    createdAt: optionalString(value, 'created_at'),
    lastUsedAt: optionalString(value, 'last_used_at'),
  };
}

function permissionsOf(value: Json): Permission[] {
  if (!Array.isArray(value.permissions)) return [];
  return value.permissions.filter((p): p is Permission => typeof p === 'string' && (PERMISSIONS as readonly string[]).includes(p));
}

/** POST /api-keys 201: {"id","name","key","prefix","permissions","created_at"}. */
export function parseCreatedKey(json: unknown): { serverKey: ServerKey; value: string } {
  const what = 'new API key';
  if (!isRecord(json)) throw badShape(what, json === undefined ? 'the body is empty' : 'expected an object');
  const value = json.key;
  if (typeof value !== 'string') throw badShape(what, '"key" is missing');
  if (!KEY_FORMAT.test(value)) throw badShape(what, '"key" is not 8 to 512 printable characters without spaces');
  const serverKey = parseServerKey(json, 'key record', what);
  // the prefix identifies the key in lists; when missing, derive one of at most a third of the key
  if (serverKey.prefix === '') serverKey.prefix = value.slice(0, Math.min(11, Math.floor(value.length / 3)));
  serverKey.lastUsedAt = null;
  return { serverKey, value };
}
