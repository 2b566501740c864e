// The same key value saved twice is noticed by keyed hashes, never by keeping or reading values:
// refused under another name and for another profile, allowed again once the first is revoked;
// the hashes stay beside keys.json's keys and never reach a listing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sameValueAs, valueHash } from '../../../src-main/core/keys/key-identity';
import { closeSandboxes, keychainAvailable, openSandbox } from '../helpers';
import { withTestCore } from '../helpers/core';

const available = await keychainAvailable();
afterAll(closeSandboxes);

describe('key identity', () => {
  it('hashes depend on the salt; only active keys count as the same', () => {
    expect(valueHash('a', 'crm_sk_value_123')).not.toBe(valueHash('b', 'crm_sk_value_123'));
    const h = valueHash('s', 'crm_sk_value_123');
    expect(sameValueAs({ k1: h }, new Set(['k1']), h)).toBe('k1');
    expect(sameValueAs({ k1: h }, new Set(), h)).toBeNull();
  });
});

describe.skipIf(!available)('saving a key value twice', () => {
  it('is refused, naming the key it already is; allowed again after that one is revoked', async () => {
    const sandbox = await openSandbox({ contacts: 5 });
    await withTestCore('key-identity', async ({ core, dataDir }) => {
      const a = await core.profiles.create({ name: 'A', baseUrl: sandbox.baseUrl });
      const b = await core.profiles.create({ name: 'B', baseUrl: sandbox.baseUrl.replace('127.0.0.1', 'localhost') });
      const first = await core.keys.add({ profileId: a.id, name: 'ops', value: sandbox.adminKey });
      await expect(core.keys.add({ profileId: a.id, name: 'ops again', value: sandbox.adminKey })).rejects.toMatchObject({
        code: 'conflict',
        message: `This key is already saved as “ops” (ending ${sandbox.adminKey.slice(-4)}); use that one, or revoke it first.`,
      });
      await expect(core.keys.add({ profileId: b.id, name: 'other profile', value: sandbox.adminKey })).rejects.toMatchObject({ code: 'conflict' });
      // a different value is fine
      const other = sandbox.createKey('second', ['contacts:read']);
      await core.keys.add({ profileId: a.id, name: 'second', value: other.key });
      expect((await core.keys.list(a.id)).map((k) => k.name)).toEqual(['ops', 'second']);

      await core.keys.revoke(first.id);
      await core.keys.idle();
      const again = await core.keys.add({ profileId: b.id, name: 'ops on B', value: sandbox.adminKey });
      expect(again.name).toBe('ops on B');

      // the hashes never reach a listing, and the file holds no value
      expect(JSON.stringify(await core.keys.list())).not.toMatch(/valueHash|hashSalt/);
      const file = await readFile(join(dataDir, 'keys.json'), 'utf8');
      expect(file).toContain('valueHashes');
      expect(file).not.toContain(sandbox.adminKey.slice(-10));
      expect(file).not.toContain(other.key.slice(-10));

      // a removed profile's keys take their hashes with them
      const hashedIds = async (): Promise<string[]> => Object.keys((JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { valueHashes?: Record<string, string> }).valueHashes ?? {});
      expect(await hashedIds()).toContain(again.id);
      await core.profiles.remove(b.id);
      expect(await hashedIds()).not.toContain(again.id);
      expect(await hashedIds()).toContain(first.id);
    });
  });
});
