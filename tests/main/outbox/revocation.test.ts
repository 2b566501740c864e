// Key revocations through the outbox against the real sandbox.
import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE_ID, makeWorld, waitFor, waitState } from './world';
import type { World } from './world';
import type { Outbox } from '../../../src-main/core/outbox/index';
import type { OutboxItem } from '../../../src-main/core/model';
import { keyStatus, serverKeyIds } from './doubles';

let world: World | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

function deletes(w: World): number {
  return w.sandbox.requests().filter((r) => r.method === 'DELETE' && r.path.startsWith('/api/v1/api-keys/')).length;
}

/** the revocation once it waits for a key that can manage keys */
function waitNeedsAdmin(outbox: Outbox, id: string): Promise<OutboxItem> {
  return waitFor(async () => {
    const i = (await outbox.list()).find((x) => x.id === id)!;
    return i.pendingReason === 'needs_admin_key' ? i : null;
  }, 'needs_admin_key');
}

/** a server key saved locally and then revoked locally (KeyService's part) */
function leakedKey(w: World, localId: string): { id: string; key: string } {
  const created = w.sandbox.createKey(`leaky ${localId}`, ['contacts:read', 'messages:send']);
  w.keys.add(localId, created.key, ['contacts:read', 'messages:send'], { serverKeyId: created.id });
  w.keys.revokeLocally(localId);
  return created;
}

describe('outbox: key revocations', () => {
  it('revokes while the server is down, syncs when it is back; the key then gets 401', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    await world.sandbox.suspend();
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: leaked.key.slice(0, 11), label: 'leaky' });
    expect(item.kind).toBe('keys.revoke');
    await waitFor(() => world!.keys.lastSync('leak')?.state === 'pending' && (world!.keys.lastSync('leak') as { reason: string }).reason === 'offline', 'pending offline');

    await world.sandbox.resume();
    const sent = await waitState(outbox, item.id, 'sent');
    expect(sent.resultSummary).toMatch(/^revoked /);
    await waitFor(() => world!.keys.lastSync('leak')?.state === 'synced', 'synced reported');
    expect(world.keys.revoking.has('leak')).toBe(false); // the kept value was dropped
    expect(await serverKeyIds(world.sandbox.baseUrl, world.sandbox.adminKey)).not.toContain(leaked.id);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
    const states = world.keys.syncs.filter((s) => s.localKeyId === 'leak').map((s) => s.sync.state);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('synced');
  });

  it('a replay of an already done revocation gets 404 and counts as synced', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'gone');
    const res = await fetch(`${world.sandbox.baseUrl}/api/v1/api-keys/${leaked.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${world.sandbox.adminKey}` } });
    expect(res.status).toBe(200);
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'gone', serverKeyId: leaked.id, keyPrefix: null, label: 'gone' });
    const sent = await waitState(outbox, item.id, 'sent');
    expect(sent.resultSummary).toMatch(/404/);
    await waitFor(() => world!.keys.lastSync('gone')?.state === 'synced', 'synced reported');
  });

  it('401/403 everywhere: waits for an admin key without retrying blindly; a key change retries', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak'); // its own value is not kept: only an admin key can do it
    // the active key cannot manage keys, and we do not know that locally (permissions null)
    const weak = world.sandbox.createKey('weak', ['contacts:read']);
    world.keys.forget('admin'); // no admin key saved on this machine
    world.keys.add('weak', weak.key, null, { active: true });
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leaky' });
    const waiting = await waitNeedsAdmin(outbox, item.id);
    expect(waiting.lastError?.status).toBe(403);
    expect(waiting.lastError?.message).toMatch(/keys:manage/);
    const sync = world.keys.lastSync('leak');
    // the key's sync state names its outbox item, so the person's Retry reaches exactly this one
    expect(sync).toMatchObject({ state: 'pending', reason: 'needs_admin_key', outboxId: item.id });
    expect(deletes(world)).toBe(1);

    // not retried blindly: sync passes and time do not send it again
    await outbox.syncNow();
    await outbox.syncNow();
    await new Promise((r) => setTimeout(r, 300));
    expect(deletes(world)).toBe(1);
    expect(outbox.hasTimer()).toBe(false);

    // a key change (an admin key becomes active): the next pass tries again
    world.keys.add('admin2', world.sandbox.adminKey, ['contacts:read', 'messages:send', 'keys:manage'], { active: true });
    await outbox.syncNow();
    await waitState(outbox, item.id, 'sent');
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
  });

  it('an admin key saved beside a weaker active key is used without asking the person', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak'); // its own value is not kept: only an admin key can do it
    const agent = world.sandbox.createKey('agent', ['contacts:read', 'messages:send']);
    world.keys.add('agent', agent.key, ['contacts:read', 'messages:send'], { active: true });
    world.keys.add('admin', world.sandbox.adminKey, ['contacts:read', 'messages:send', 'keys:manage']); // saved, not active
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leaky' });
    await waitState(outbox, item.id, 'sent');
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
    // the agent's key, known to lack keys:manage, was never sent; the admin key did it at once
    const sent = world.sandbox.requests().filter((r) => r.method === 'DELETE' && r.path === `/api/v1/api-keys/${leaked.id}`);
    expect(sent.map((r) => r.headers.authorization)).toEqual([`Bearer ${world.sandbox.adminKey}`]);
  });

  it('a saved admin key the server refuses falls through to the next way, and is not tried again', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    const stale = world.sandbox.createKey('stale admin', ['contacts:read', 'messages:send', 'keys:manage']);
    world.keys.add('stale', stale.key, ['contacts:read', 'messages:send', 'keys:manage']);
    await fetch(`${world.sandbox.baseUrl}/api/v1/api-keys/${stale.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${world.sandbox.adminKey}` } });
    world.keys.forget('admin'); // no other admin key saved on this machine
    const before = deletes(world);
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leaky' });
    const waiting = await waitNeedsAdmin(outbox, item.id);
    expect(waiting.lastError?.message).toMatch(/a saved key with keys:manage was refused \(401/);
    expect(deletes(world) - before).toBe(1);
    await outbox.syncNow();
    expect(deletes(world) - before).toBe(1); // remembered as refused: not tried blindly again
  });

  it('saving an admin key wakes a revocation that waits for one, without making it active', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    world.keys.forget('admin');
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leaky' });
    await waitNeedsAdmin(outbox, item.id);
    world.keys.add('admin2', world.sandbox.adminKey, ['contacts:read', 'messages:send', 'keys:manage']); // saved, not active
    await outbox.syncNow(); // what the app does after keys:add
    await waitState(outbox, item.id, 'sent');
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
  });

  it('a saved admin key that cannot be read counts as tried: no attempt loop', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    world.keys.forget('admin');
    // listed as an admin key, but its value cannot be had (e.g. the keychain entry is gone)
    const outbox = await world.open({ adminKeyIds: async () => ['unreadable'] });
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leaky' });
    const waiting = await waitNeedsAdmin(outbox, item.id);
    expect(waiting.lastError?.message).toMatch(/a saved key with keys:manage could not be used/);
    await outbox.syncNow();
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbox.list()).find((x) => x.id === item.id)!.attempts).toBe(waiting.attempts);
    expect(outbox.hasTimer()).toBe(false);
    expect(deletes(world)).toBe(0);
  });

  it("the person's retry tries again after needs_admin_key", async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    world.keys.forget('admin'); // no admin key saved on this machine
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leaky' });
    await waitNeedsAdmin(outbox, item.id);
    expect(deletes(world)).toBe(0);
    world.keys.revoking.set('leak', leaked.key); // e.g. the keychain became readable again
    await outbox.retry(item.id);
    await waitState(outbox, item.id, 'sent');
    expect(deletes(world)).toBe(1);
  });

  it('with no admin key, the revoked key deletes itself', async () => {
    world = await makeWorld();
    world.keys.forget('admin'); // no admin key saved on this machine
    const leaked = leakedKey(world, 'self');
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'self', serverKeyId: leaked.id, keyPrefix: null, label: 'self' });
    await waitState(outbox, item.id, 'sent');
    const del = world.sandbox.requests().find((r) => r.method === 'DELETE');
    expect(del?.headers.authorization).toBe(`Bearer ${leaked.key}`);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
    expect(world.keys.revoking.has('self')).toBe(false);
  });

  it('an active key refused with 401 falls through to the key itself', async () => {
    world = await makeWorld();
    world.keys.add('stale-admin', 'crm_sk_this_key_does_not_exist_0000', ['keys:manage'], { active: true });
    const leaked = leakedKey(world, 'leak');
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, keyPrefix: null, label: 'leak' });
    await waitState(outbox, item.id, 'sent');
    expect(deletes(world)).toBe(2);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
  });

  it('finds the server id by the key prefix when it is not known', async () => {
    world = await makeWorld();
    const created = world.sandbox.createKey('pasted', ['contacts:read']);
    world.keys.add('pasted', created.key, null); // pasted by hand: no server id
    world.keys.revokeLocally('pasted');
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'pasted', serverKeyId: null, keyPrefix: created.key.slice(0, 11), label: 'pasted' });
    await waitState(outbox, item.id, 'sent');
    expect(await serverKeyIds(world.sandbox.baseUrl, world.sandbox.adminKey)).not.toContain(created.id);
  });

  it('fails with a clear reason when no server key matches the prefix', async () => {
    world = await makeWorld();
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: null, serverKeyId: null, keyPrefix: 'crm_sk_zzzz_not_there', label: 'ghost' });
    const failed = await waitState(outbox, item.id, 'failed');
    expect(failed.lastError?.message).toMatch(/No key on the server starts with crm_sk_zzzz/);
  });

  it('reports server errors and rate limits as pending with their reason, then synced', async () => {
    world = await makeWorld();
    const leaked = leakedKey(world, 'busy');
    world.sandbox.injectFaults(
      [{ kind: 'status', status: 503, body: '<html>maintenance</html>', contentType: 'text/html' }, { kind: 'rate_limit', retryAfter: '1' }],
      { method: 'DELETE', pathPrefix: '/api/v1/api-keys/' },
    );
    const outbox = await world.open();
    const item = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'busy', serverKeyId: leaked.id, keyPrefix: null, label: 'busy' });
    await waitState(outbox, item.id, 'sent', 10_000);
    await waitFor(() => world!.keys.lastSync('busy')?.state === 'synced', 'synced reported');
    const reasons = world.keys.syncs.filter((s) => s.localKeyId === 'busy' && s.sync.state === 'pending').map((s) => (s.sync as { reason: string }).reason);
    expect(reasons).toEqual(['queued', 'server_error', 'rate_limited']);
    const rateLimited = world.keys.syncs.find((s) => s.sync.state === 'pending' && s.sync.reason === 'rate_limited')!.sync as { nextAttemptAt?: string; detail?: string };
    expect(rateLimited.nextAttemptAt).toBeDefined();
    expect(rateLimited.detail).toMatch(/Rate limited/);
  });

  it('queues one revocation per key', async () => {
    world = await makeWorld();
    world.keys.hold();
    const outbox = await world.open();
    const one = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'x', serverKeyId: 'k_x', keyPrefix: null, label: 'x' });
    const two = await outbox.enqueueRevocation({ profileId: PROFILE_ID, localKeyId: 'x', serverKeyId: 'k_x', keyPrefix: null, label: 'x' });
    expect(two.id).toBe(one.id);
  });
});
