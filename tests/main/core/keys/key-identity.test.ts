// The same key value saved twice is noticed by value tags, never by keeping values: refused
// under another name and for another profile, allowed again once the first is revoked. The tags
// are HMACs under a key that lives in the keychain, so keys.json alone is no verifier: it holds
// no salt and nothing that can be recomputed from a key value. Files from older builds (a salt
// and a fast HMAC beside each key) lose those fields at once; their keys are tagged the next
// time their values are read from the keychain.
import { createHash, createHmac } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fingerprintKeyCheck,
  needsTag,
  putTag,
  sameValueAs,
  untaggedActiveIds,
  valueTag,
} from '../../../../src-main/core/keys/key-identity';
import type { KeysDoc } from '../../../../src-main/core/meta/schemas';
import { FINGERPRINT_KEY_ACCOUNT, keyAccount } from '../../../../src-main/core/secrets/secret-store';
import type { SavedKey } from '../../../../src-main/core/model';
import { closeSandboxes, keychainAvailable, openSandbox, tempDir, testKeytarStore } from '../../helpers';
import { storedKeys, storedText } from '../../helpers/stored-rows';
import { openTestCore, withTestCore } from '../../helpers/core';

const available = await keychainAvailable();
afterAll(closeSandboxes);

const savedKey = (id: string, state: SavedKey['state'] = 'active'): SavedKey => ({
  id,
  name: id,
  profileId: 'p',
  fingerprint: 'abcd',
  permissions: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
  lastStatus: null,
  state,
  serverKeyId: null,
  revokedAt: null,
});

/** every string anywhere in a JSON value, keys included */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)]);
  return [];
}

/**
 * What someone holding only the file could compute from a guessed key and compare: its SHA-256,
 * and its HMAC-SHA-256 keyed with any string found in the file (a salt kept beside the hashes).
 */
function recomputable(file: unknown, values: string[]): Set<string> {
  const out = new Set<string>();
  const add = (digest: Buffer): void => {
    for (const encoding of ['base64', 'base64url', 'hex'] as const) out.add(digest.toString(encoding));
  };
  for (const value of values) {
    add(createHash('sha256').update(value).digest());
    for (const salt of stringsIn(file)) {
      add(createHmac('sha256', salt).update(value).digest());
      add(createHmac('sha256', Buffer.from(salt, 'base64')).update(value).digest());
    }
  }
  return out;
}

function expectNoVerifier(file: unknown, values: string[]): void {
  const found = recomputable(file, values);
  expect(stringsIn(file).filter((s) => found.has(s))).toEqual([]);
  expect(stringsIn(file).filter((s) => /salt|valueHash/i.test(s))).toEqual([]);
}

describe('value tags', () => {
  const key = Buffer.alloc(32, 7);
  const other = Buffer.alloc(32, 9);

  it('depend on the fingerprint key; only active keys count as the same', () => {
    expect(valueTag(key, 'crm_sk_value_123')).not.toBe(valueTag(other, 'crm_sk_value_123'));
    const t = valueTag(key, 'crm_sk_value_123');
    expect(sameValueAs({ k1: t }, new Set(['k1']), t)).toBe('k1');
    expect(sameValueAs({ k1: t }, new Set(), t)).toBeNull();
  });

  it('made under a replaced fingerprint key are stale: dropped on the next tag, and their keys need one again', () => {
    const doc: KeysDoc = { version: 1, keys: [savedKey('k1'), savedKey('k2'), savedKey('k3', 'revoked')] };
    putTag(doc, 'k1', valueTag(other, 'one'), fingerprintKeyCheck(other));
    const check = fingerprintKeyCheck(key);
    expect(needsTag(doc, 'k1', null)).toBe(false);
    expect(needsTag(doc, 'k1', check)).toBe(true);
    expect(needsTag(doc, 'k3', check)).toBe(false);
    expect(untaggedActiveIds(doc, check)).toEqual(['k1', 'k2']);
    putTag(doc, 'k2', valueTag(key, 'two'), check);
    expect(doc.valueTags).toEqual({ k2: valueTag(key, 'two') });
    expect(untaggedActiveIds(doc, check)).toEqual(['k1']);
  });
});

describe.skipIf(!available)('saving a key value twice', () => {
  it('is refused, naming the key it already is; allowed again after that one is revoked', async () => {
    const sandbox = await openSandbox({ contacts: 5 });
    await withTestCore('key-identity', async ({ core, dataDir }) => {
      const a = await core.profiles.create({ name: 'A', baseUrl: sandbox.baseUrl });
      const b = await core.profiles.create({ name: 'B', baseUrl: sandbox.baseUrl.replace('127.0.0.1', 'localhost') });
      const first = await core.keys.addKey({ profileId: a.id, name: 'ops', value: sandbox.adminKey });
      await expect(core.keys.addKey({ profileId: a.id, name: 'ops again', value: sandbox.adminKey })).rejects.toMatchObject({
        code: 'conflict',
        message: `This key is already saved as “ops” (ending ${sandbox.adminKey.slice(-4)}); use that one, or revoke it first.`,
      });
      await expect(core.keys.addKey({ profileId: b.id, name: 'other profile', value: sandbox.adminKey })).rejects.toMatchObject({
        code: 'conflict',
      });
      // a different value is fine
      const other = sandbox.createKey('second', ['contacts:read']);
      await core.keys.addKey({ profileId: a.id, name: 'second', value: other.key });
      expect((await core.keys.list(a.id)).map((k) => k.name)).toEqual(['ops', 'second']);

      await core.keys.revoke(first.id);
      await core.keys.idle();
      const again = await core.keys.addKey({ profileId: b.id, name: 'ops on B', value: sandbox.adminKey });
      expect(again.name).toBe('ops on B');

      // the tags never reach a listing, and the file holds no value
      expect(JSON.stringify(await core.keys.list())).not.toMatch(/valueTag|tagKeyCheck/);
      const file = storedText(dataDir, 'saved_keys');
      expect(file).toContain('value_tag');
      expect(file).not.toContain(sandbox.adminKey.slice(-10));
      expect(file).not.toContain(other.key.slice(-10));

      // a removed profile's keys take their tags with them; a revoked key has none
      const taggedIds = async (): Promise<string[]> => Promise.resolve(Object.keys(storedKeys(dataDir).valueTags ?? {}));
      expect(await taggedIds()).toContain(again.id);
      expect(await taggedIds()).not.toContain(first.id);
      await core.profiles.remove(b.id);
      expect(await taggedIds()).not.toContain(again.id);
    });
  });

  it('the stored keys are no verifier: no salt, nothing recomputable from a key alone; the key behind the tags is in the keychain', async () => {
    const sandbox = await openSandbox({ contacts: 1 });
    await withTestCore('key-identity-verifier', async ({ core, dataDir, raw }) => {
      const p = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const values = [sandbox.adminKey, sandbox.createKey('two', ['contacts:read']).key, sandbox.createKey('three', ['contacts:read']).key];
      for (const [i, value] of values.entries()) await core.keys.addKey({ profileId: p.id, name: `k${i}`, value });
      await core.keys.idle();
      const file = storedKeys(dataDir);
      expect(Object.keys(file.valueTags ?? {})).toHaveLength(3);
      expectNoVerifier(file, values);
      const stored = await raw.get(FINGERPRINT_KEY_ACCOUNT);
      expect(Buffer.from(stored ?? '', 'base64')).toHaveLength(32);
      expect(stringsIn(file)).not.toContain(stored);
    });
  });

  it('a file from an older build loses its salt and hashes at once; its keys are tagged when their values are read', async () => {
    const sandbox = await openSandbox({ contacts: 2 });
    const dataDir = await tempDir('crm-key-identity-legacy-');
    const raw = testKeytarStore('key-identity-legacy').store;
    // what an older build wrote: a profile, and beside its keys a salt and a fast HMAC of each value under it
    const p = {
      id: 'p_legacy',
      name: 'P',
      baseUrl: sandbox.baseUrl,
      endpointOverrides: {},
      api: null,
      activeKeyId: null,
      sandbox: false,
      allowInsecureHttp: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    await writeFile(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: p.id, profiles: [p] }));
    const salt = 'c2FsdC1vZi1hbi1vbGRlci1idWlsZA==';
    const legacy = {
      version: 1,
      hashSalt: salt,
      keys: [
        { ...savedKey('lk_used'), profileId: p.id },
        { ...savedKey('lk_lost'), profileId: p.id },
      ],
      valueHashes: {
        lk_used: createHmac('sha256', salt).update(sandbox.adminKey).digest('base64'),
        lk_lost: createHmac('sha256', salt).update('crm_sk_gone_from_keychain').digest('base64'),
      },
    };
    await writeFile(join(dataDir, 'keys.json'), JSON.stringify(legacy));
    await raw.set(keyAccount('lk_used'), sandbox.adminKey);
    const second = await openTestCore('key-identity-legacy', { dataDir, raw });
    try {
      const { core } = second;
      const onDisk = (): Promise<KeysDoc> => Promise.resolve(storedKeys(dataDir));
      expect(await onDisk()).toEqual({ version: 1, keys: legacy.keys, valueTags: {} });
      // neither the database nor the backup of the old file keeps the salt or the hashes
      expect(storedText(dataDir, 'saved_keys') + storedText(dataDir, 'settings')).not.toMatch(new RegExp(`${salt}|hash`, 'i'));
      expect(await readFile(join(dataDir, 'keys.json.imported'), 'utf8')).not.toMatch(/hashSalt|valueHashes/);
      await core.profiles.setActiveKey(p.id, 'lk_used');
      // the key works as before; reading its value from the keychain tags it
      expect((await core.contacts.list({ perPage: 1 })).items).toHaveLength(1);
      await core.keys.idle();
      expect(Object.keys((await onDisk()).valueTags ?? {})).toEqual(['lk_used']);
      await expect(core.keys.addKey({ profileId: p.id, name: 'again', value: sandbox.adminKey })).rejects.toMatchObject({
        code: 'conflict',
        message: /already saved as “lk_used”/,
      });
      // the key whose value is gone from the keychain is listed, untagged, and blocks nothing
      expect((await core.keys.list()).map((k) => k.id)).toEqual(['lk_used', 'lk_lost']);
      const other = sandbox.createKey('other', ['contacts:read']);
      await core.keys.addKey({ profileId: p.id, name: 'other', value: other.key });
      const file = await onDisk();
      expect(Object.keys(file.valueTags ?? {})).not.toContain('lk_lost');
      expectNoVerifier(file, [sandbox.adminKey, other.key, 'crm_sk_gone_from_keychain']);
    } finally {
      await raw.delete(keyAccount('lk_used')).catch(() => false);
      await second.cleanup();
    }
  });

  it('a lost fingerprint key: the stale tags are replaced from the keychain values, so a value saved twice is still noticed', async () => {
    const sandbox = await openSandbox({ contacts: 1 });
    const first = await openTestCore('key-identity-lost');
    const { dataDir, raw } = first;
    const p = await first.core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
    const saved = await first.core.keys.addKey({ profileId: p.id, name: 'ops', value: sandbox.adminKey });
    await first.core.close();
    await raw.delete(FINGERPRINT_KEY_ACCOUNT);
    const second = await openTestCore('key-identity-lost', { dataDir, raw });
    try {
      await expect(second.core.keys.addKey({ profileId: p.id, name: 'ops again', value: sandbox.adminKey })).rejects.toMatchObject({
        code: 'conflict',
        message: /already saved as “ops”/,
      });
      const file = storedKeys(dataDir);
      const stored = Buffer.from((await raw.get(FINGERPRINT_KEY_ACCOUNT)) ?? '', 'base64');
      expect(file.valueTags).toEqual({ [saved.id]: valueTag(stored, sandbox.adminKey) });
    } finally {
      await second.cleanup();
      await raw.delete(keyAccount(saved.id)).catch(() => false);
    }
  });
});
