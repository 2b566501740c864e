// keys:roll over the real core, sandbox and keychain: the payload is validated (a grace outside
// now/1h/24h/7d is refused before anything is made), a roll answers both keys' metadata and
// emits keys:roll-progress for each step in order, and neither the reply nor any event carries
// the new key's value; a roll that stops answers the sentence that says where.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyAccount } from '../../../src-main/core/secrets/secret-store';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, keychainAvailable, openSandbox } from '../helpers';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';

const available = await keychainAvailable();

describe.skipIf(!available)('keys:roll', () => {
  let sandbox: RunningSandbox;
  let tc: TestCore;
  let dispatch: Dispatch;
  let profileId = '';
  let adminId = '';
  const traffic: string[] = [];
  const events: { event: string; data: unknown }[] = [];

  const call = async (channel: string, payload: unknown) => {
    const result = await dispatch(channel, payload);
    traffic.push(JSON.stringify(result));
    return result;
  };

  beforeAll(async () => {
    sandbox = await openSandbox();
    tc = await openTestCore('ipc-key-roll');
    ({ profileId, keyId: adminId } = await addProfileWithKey(
      tc.core,
      { name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true },
      { name: 'admin', value: sandbox.adminKey },
    ));
    dispatch = testDispatch(tc.core, {
      emit: (event, data) => {
        events.push({ event, data });
        traffic.push(JSON.stringify(data));
      },
    });
  });

  afterAll(async () => {
    await tc?.cleanup();
    await closeSandboxes();
  });

  it('validates the payload: an unknown grace or field is refused before anything is made', async () => {
    for (const payload of [
      { id: adminId },
      { id: adminId, grace: '2h' },
      { id: adminId, grace: 'now', extra: 1 },
      { id: '', grace: 'now' },
    ]) {
      expect(await call('keys:roll', payload), JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(events.filter((e) => e.event === 'keys:roll-progress')).toEqual([]);
    expect((await tc.core.keys.list(profileId)).length).toBe(1);
  });

  it('rolls a key: both keys answered, each step emitted in order, no value in the reply or an event', async () => {
    const made = sandbox.createKey('ops', ['contacts:read', 'messages:send']);
    const old = await tc.core.keys.addKey({ profileId, name: 'ops', value: made.key });
    const r = (await call('keys:roll', { id: old.id, grace: '1h' })) as {
      ok: true;
      value: { oldKey: { id: string; state: string }; newKey: { id: string; name: string }; switched: string[]; retiresAt: string };
    };
    expect(r.ok).toBe(true);
    expect(r.value.oldKey).toMatchObject({ id: old.id, state: 'revoked' });
    expect(r.value.newKey.name).toBe('ops (rolled)');
    expect(r.value.switched).toEqual([]);
    expect(Date.parse(r.value.retiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    expect(events.filter((e) => e.event === 'keys:roll-progress').map((e) => e.data)).toEqual(
      ['creating', 'proving', 'switching', 'scheduling'].map((step) => ({ keyId: old.id, step })),
    );

    const newValue = await tc.raw.get(keyAccount(r.value.newKey.id));
    expect(newValue).toBeTruthy();
    for (const text of traffic) {
      expect(text).not.toContain(newValue!);
      expect(text).not.toContain(made.key);
      expect(text).not.toContain(sandbox.adminKey);
    }
  });

  it('a revoked key is not rolled: the sentence says why', async () => {
    const made = sandbox.createKey('gone', ['contacts:read']);
    const key = await tc.core.keys.addKey({ profileId, name: 'gone', value: made.key });
    await tc.core.keys.revoke(key.id);
    const r = await call('keys:roll', { id: key.id, grace: 'now' });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(JSON.stringify(r)).toContain('only a key in use can be rolled');
  });
});
