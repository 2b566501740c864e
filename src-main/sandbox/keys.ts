// API keys. A value is `crm_sk_` + 32 base62 characters from crypto.randomBytes, returned once
// and never stored: the store keeps its SHA-256. Lookup is by hash (a Map), confirmed with a
// constant-time comparison of the hashes. Deleting a key removes it from the map, so the very
// next request with it is unknown (401) — unless a revoke delay is set: real services take a
// while to forget a deleted key, so for that long it still authenticates (it is no longer
// listed, and cannot be deleted again).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Permission } from './types';

export const KEY_PREFIX = 'crm_sk_';
const KEY_RANDOM_CHARS = 32;
/** Characters of a key shown in listings: `crm_sk_` plus 4. */
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 4;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export interface KeyRecord {
  id: string;
  name: string;
  prefix: string;
  /** SHA-256 of the value */
  hash: Buffer;
  permissions: Permission[];
  created_at: string;
  last_used_at: string | null;
}

/** What a data file holds for a key: never its value. */
export interface StoredKey extends Omit<KeyRecord, 'hash'> {
  hash: string;
}

export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  permissions: Permission[];
  created_at: string;
  last_used_at: string | null;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting bytes above it keeps every character equally likely
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export class KeyStore {
  private readonly byHash = new Map<string, KeyRecord>();
  private readonly byId = new Map<string, KeyRecord>();
  /** deleted keys that still authenticate until `until` (epoch ms): the revoke delay */
  private readonly lingering = new Map<string, { record: KeyRecord; until: number }>();

  /** `revokeDelayMs`: how long a deleted key keeps authenticating (default 0: not at all) */
  constructor(
    private readonly onChange: () => void,
    private readonly revokeDelayMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  create(name: string, permissions: Permission[], now = new Date()): { record: KeyRecord; key: string } {
    const key = KEY_PREFIX + randomBase62(KEY_RANDOM_CHARS);
    const record: KeyRecord = {
      id: `k_${randomBytes(8).toString('hex')}`,
      name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      hash: sha256(key),
      permissions: [...permissions],
      created_at: now.toISOString(),
      last_used_at: null,
    };
    this.add(record);
    this.onChange();
    return { record, key };
  }

  /** The active key with this value, or null. */
  authenticate(token: string): KeyRecord | null {
    const hash = sha256(token);
    const record = this.byHash.get(hash.toString('hex')) ?? this.stillLingering(hash.toString('hex'));
    return record && timingSafeEqual(record.hash, hash) ? record : null;
  }

  private stillLingering(hashHex: string): KeyRecord | undefined {
    const entry = this.lingering.get(hashHex);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.record;
    this.lingering.delete(hashHex);
    return undefined;
  }

  markUsed(record: KeyRecord, now = new Date()): void {
    record.last_used_at = now.toISOString();
    this.onChange();
  }

  /** Removes the key; returns false when no active key has this id. */
  delete(id: string): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
    this.byId.delete(id);
    this.byHash.delete(record.hash.toString('hex'));
    if (this.revokeDelayMs > 0) this.lingering.set(record.hash.toString('hex'), { record, until: this.now() + this.revokeDelayMs });
    this.onChange();
    return true;
  }

  get(id: string): KeyRecord | undefined {
    return this.byId.get(id);
  }

  list(): KeyView[] {
    return [...this.byId.values()].map(view);
  }

  snapshot(): StoredKey[] {
    return [...this.byId.values()].map((r) => ({ ...r, permissions: [...r.permissions], hash: r.hash.toString('hex') }));
  }

  restore(keys: readonly StoredKey[]): void {
    for (const k of keys) this.add({ ...k, permissions: [...k.permissions], hash: Buffer.from(k.hash, 'hex') });
  }

  private add(record: KeyRecord): void {
    this.byId.set(record.id, record);
    this.byHash.set(record.hash.toString('hex'), record);
  }
}

export function view(record: KeyRecord): KeyView {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    permissions: [...record.permissions],
    created_at: record.created_at,
    last_used_at: record.last_used_at,
  };
}
