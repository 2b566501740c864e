// The Keys screen's lifecycle channels over the real core, sandbox and keychain: keys:missing-values
// (one keychain listing, no value read), keys:repair (re-link, or the sentence), keys:remove (a
// revoked key's record only) and keys:server-create's expiry (checked before the key is made).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { keyAccount } from '../../../src-main/core/secrets/secret-store';
import { keychainAvailable } from '../helpers';
import { sandboxHandlersForSuite } from '../helpers/sandbox-handlers';

const available = await keychainAvailable();

describe.skipIf(!available)('keys:missing-values, keys:repair, keys:remove and an expiry at creation', () => {
  const suite = sandboxHandlersForSuite({
    label: 'ipc-key-lifecycle',
    profile: { name: 'Sandbox', sandbox: true },
    keyName: 'admin',
  });
  const replies: string[] = [];
  const strays: string[] = [];

  const call = async (channel: string, payload: unknown) => {
    const result = await suite.dispatch(channel, payload);
    replies.push(JSON.stringify(result));
    return result;
  };
  const addKey = async (name: string) => {
    const made = suite.sandbox.createKey(name, ['contacts:read']);
    const key = await suite.tc.core.keys.addKey({ profileId: suite.profileId, name, value: made.key });
    return { id: key.id, value: made.key };
  };

  afterAll(async () => {
    // no reply carried a key value
    for (const text of replies) expect(text).not.toContain(suite.sandbox.adminKey);
    for (const account of strays) await suite.tc.raw.delete(account).catch(() => false);
  });

  it('validates every payload', async () => {
    for (const [channel, payload] of [
      ['keys:missing-values', {}],
      ['keys:missing-values', { profileId: '' }],
      ['keys:repair', { id: 5 }],
      ['keys:remove', { id: 'x', extra: true }],
      ['keys:server-create', { name: 'n', permissions: [], expires: 30 }],
    ] as const) {
      expect(await call(channel, payload), channel).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
  });

  it('names the live keys whose value left the keychain, with one listing and no value read', async () => {
    const kept = await addKey('kept');
    const lost = await addKey('lost');
    expect(await call('keys:missing-values', { profileId: suite.profileId })).toEqual({ ok: true, value: [] });
    await suite.tc.raw.delete(keyAccount(lost.id));
    const reads = suite.tc.store.counts.get;
    expect(await call('keys:missing-values', { profileId: suite.profileId })).toEqual({ ok: true, value: [lost.id] });
    expect(suite.tc.store.counts.get).toBe(reads);
    expect(replies.join('\n')).not.toContain(kept.value);

    // nothing to link back: the sentence says how to give the key a value again
    const none = await call('keys:repair', { id: lost.id });
    expect(none).toMatchObject({ ok: true, value: { repaired: false } });
    expect(JSON.stringify(none)).toContain(`The keychain holds no value for “lost” (…${lost.value.slice(-4)})`);
  });

  it('Repair links a value kept under another entry back to its key', async () => {
    const moved = await addKey('moved');
    const stray = keyAccount(randomUUID());
    strays.push(stray);
    await suite.tc.raw.set(stray, moved.value);
    await suite.tc.raw.delete(keyAccount(moved.id));
    expect((await call('keys:missing-values', { profileId: suite.profileId })) as { value: string[] }).toMatchObject({
      ok: true,
      value: expect.arrayContaining([moved.id]),
    });

    const r = await call('keys:repair', { id: moved.id });
    expect(r).toMatchObject({ ok: true, value: { repaired: true } });
    expect(JSON.stringify(r)).toContain('linked back');
    expect(JSON.stringify(r)).not.toContain(moved.value);
    expect(await suite.tc.raw.get(keyAccount(moved.id))).toBe(moved.value);
    expect(await suite.tc.raw.get(stray)).toBeNull();
    const after = (await call('keys:missing-values', { profileId: suite.profileId })) as { value: string[] };
    expect(after.value).not.toContain(moved.id);
    expect(await call('keys:repair', { id: 'lk_unknown' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('removes a revoked key only: a live one is refused with why', async () => {
    const key = await addKey('to remove');
    const live = await call('keys:remove', { id: key.id });
    expect(live).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(JSON.stringify(live)).toContain('revoke it first');
    expect((await suite.tc.core.keys.list(suite.profileId)).some((k) => k.id === key.id)).toBe(true);

    expect(await call('keys:revoke', { id: key.id })).toMatchObject({ ok: true });
    expect(await call('keys:remove', { id: key.id })).toEqual({ ok: true, value: { id: key.id } });
    expect((await suite.tc.core.keys.list(suite.profileId)).some((k) => k.id === key.id)).toBe(false);
    expect(await call('keys:remove', { id: key.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('keeps the expiry a created key was given; a wrong one is refused before any key is made', async () => {
    const before = Date.now();
    const r = (await call('keys:server-create', { name: 'expiring', permissions: ['contacts:read'], expires: '30d' })) as {
      ok: true;
      value: { id: string; expiresAt: string };
    };
    expect(r.ok).toBe(true);
    const saved = (await suite.tc.core.keys.list(suite.profileId)).find((k) => k.id === r.value.id);
    expect(saved?.expiresAt).toBe(r.value.expiresAt);
    const days = (Date.parse(r.value.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(30.01);

    const count = (await suite.tc.core.keys.list(suite.profileId)).length;
    const wrong = await call('keys:server-create', { name: 'never made', permissions: ['contacts:read'], expires: '2001-01-01' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(JSON.stringify(wrong)).toContain('has already passed');
    expect((await suite.tc.core.keys.list(suite.profileId)).length).toBe(count);

    const none = (await call('keys:server-create', { name: 'no expiry', permissions: ['contacts:read'] })) as {
      ok: true;
      value: { id: string };
    };
    expect((await suite.tc.core.keys.list(suite.profileId)).find((k) => k.id === none.value.id)?.expiresAt ?? null).toBeNull();
  });
});
