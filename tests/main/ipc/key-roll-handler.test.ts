// keys:roll over the real core, sandbox and keychain: the payload is validated (a grace outside
// now/1h/24h/7d is refused before anything is made), a roll answers both keys' metadata and
// emits keys:roll-progress for each step in order, and neither the reply nor any event carries
// the new key's value; a roll that stops answers the sentence that says where.
import { describe, expect, it } from 'vitest';
import { keyAccount } from '../../../src-main/core/secrets/secret-store';
import { keychainAvailable } from '../helpers';
import { sandboxHandlersForSuite } from '../helpers/sandbox-handlers';

const available = await keychainAvailable();

describe.skipIf(!available)('keys:roll', () => {
  const traffic: string[] = [];
  const events: { event: string; data: unknown }[] = [];
  const suite = sandboxHandlersForSuite({
    label: 'ipc-key-roll',
    profile: { name: 'Sandbox', sandbox: true },
    keyName: 'admin',
    ipc: {
      emit: (event, data) => {
        events.push({ event, data });
        traffic.push(JSON.stringify(data));
      },
    },
  });

  const call = async (channel: string, payload: unknown) => {
    const result = await suite.dispatch(channel, payload);
    traffic.push(JSON.stringify(result));
    return result;
  };

  it('validates the payload: an unknown grace or field is refused before anything is made', async () => {
    for (const payload of [
      { id: suite.keyId },
      { id: suite.keyId, grace: '2h' },
      { id: suite.keyId, grace: 'now', extra: 1 },
      { id: '', grace: 'now' },
    ]) {
      expect(await call('keys:roll', payload), JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(events.filter((e) => e.event === 'keys:roll-progress')).toEqual([]);
    expect((await suite.tc.core.keys.list(suite.profileId)).length).toBe(1);
  });

  it('rolls a key: both keys answered, each step emitted in order, no value in the reply or an event', async () => {
    const made = suite.sandbox.createKey('ops', ['contacts:read', 'messages:send']);
    const old = await suite.tc.core.keys.addKey({ profileId: suite.profileId, name: 'ops', value: made.key });
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

    const newValue = await suite.tc.raw.get(keyAccount(r.value.newKey.id));
    expect(newValue).toBeTruthy();
    for (const text of traffic) {
      expect(text).not.toContain(newValue!);
      expect(text).not.toContain(made.key);
      expect(text).not.toContain(suite.sandbox.adminKey);
    }
  });

  it('a revoked key is not rolled: the sentence says why', async () => {
    const made = suite.sandbox.createKey('gone', ['contacts:read']);
    const key = await suite.tc.core.keys.addKey({ profileId: suite.profileId, name: 'gone', value: made.key });
    await suite.tc.core.keys.revoke(key.id);
    const r = await call('keys:roll', { id: key.id, grace: 'now' });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(JSON.stringify(r)).toContain('only a key in use can be rolled');
  });
});
