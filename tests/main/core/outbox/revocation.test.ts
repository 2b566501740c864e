// Key revocations through the outbox against the real sandbox.
import { describe, expect, it } from 'vitest';
import { PROFILE_ID, worldsClosedAfterEach, waitFor, waitState } from './world';
import type { World } from './world';
import type { Outbox } from '../../../../src-main/core/outbox/index';
import type { OutboxItem } from '../../../../src-main/core/model';
import { keyStatus, serverKeyIds } from './doubles';
import { filesContainingSecrets, findSecrets } from '../../helpers/secret-scan';

const openWorld = worldsClosedAfterEach();

/** DELETEs the outbox sent (counted by its sender: the sandbox keeps no request whose key it refused) */
function deletes(w: World): number {
  return w.sent.filter((r) => r.method === 'DELETE' && r.path.startsWith('/api/v1/api-keys/')).length;
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
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    await world.sandbox.suspend();
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
    expect(item.kind).toBe('keys.revoke');
    await waitFor(
      () => world.keys.lastSync('leak')?.state === 'pending' && (world.keys.lastSync('leak') as { reason: string }).reason === 'offline',
      'pending offline',
    );

    await world.sandbox.resume();
    const sent = await waitState(outbox, item.id, 'sent');
    expect(sent.resultSummary).toMatch(/^revoked /);
    await waitFor(() => world.keys.lastSync('leak')?.state === 'synced', 'synced reported');
    // the kept value is dropped once a check proved the service refuses it
    await waitFor(() => !world.keys.revoking.has('leak'), 'the kept value dropped after the proof');
    expect(world.keys.lastSync('leak')).toMatchObject({ state: 'synced', proof: { state: 'refused', status: 401 } });
    expect(await serverKeyIds(world.sandbox.baseUrl, world.sandbox.adminKey)).not.toContain(leaked.id);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
    const states = world.keys.syncs.filter((s) => s.localKeyId === 'leak').map((s) => s.sync.state);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('synced');
  });

  it('a replay of an already done revocation gets 404 and counts as synced', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'gone');
    const res = await fetch(`${world.sandbox.baseUrl}/api/v1/api-keys/${leaked.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${world.sandbox.adminKey}` },
    });
    expect(res.status).toBe(200);
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'gone', serverKeyId: leaked.id, label: 'gone' });
    const sent = await waitState(outbox, item.id, 'sent');
    expect(sent.resultSummary).toMatch(/404/);
    await waitFor(() => world.keys.lastSync('gone')?.state === 'synced', 'synced reported');
  });

  it('401/403 everywhere: waits for an admin key without retrying blindly; a key change retries', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak'); // its own value is not kept: only an admin key can do it
    // the active key cannot manage keys, and we do not know that locally (permissions null)
    const weak = world.sandbox.createKey('weak', ['contacts:read']);
    world.keys.forget('admin'); // no admin key saved on this machine
    world.keys.add('weak', weak.key, null, { active: true });
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
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
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak'); // its own value is not kept: only an admin key can do it
    const agent = world.sandbox.createKey('agent', ['contacts:read', 'messages:send']);
    world.keys.add('agent', agent.key, ['contacts:read', 'messages:send'], { active: true });
    world.keys.add('admin', world.sandbox.adminKey, ['contacts:read', 'messages:send', 'keys:manage']); // saved, not active
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
    await waitState(outbox, item.id, 'sent');
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
    // the agent's key, known to lack keys:manage, was never sent; the admin key did it at once
    const sent = world.sandbox.requests().filter((r) => r.method === 'DELETE' && r.path === `/api/v1/api-keys/${leaked.id}`);
    expect(sent.map((r) => r.headers.authorization)).toEqual([`Bearer ${world.sandbox.adminKey}`]);
  });

  it('a saved admin key the server refuses falls through to the next way, and is not tried again', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    const stale = world.sandbox.createKey('stale admin', ['contacts:read', 'messages:send', 'keys:manage']);
    world.keys.add('stale', stale.key, ['contacts:read', 'messages:send', 'keys:manage']);
    await fetch(`${world.sandbox.baseUrl}/api/v1/api-keys/${stale.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${world.sandbox.adminKey}` },
    });
    world.keys.forget('admin'); // no other admin key saved on this machine
    const before = deletes(world);
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
    const waiting = await waitNeedsAdmin(outbox, item.id);
    expect(waiting.lastError?.message).toMatch(/a saved key with keys:manage was refused \(401/);
    expect(deletes(world) - before).toBe(1);
    await outbox.syncNow();
    expect(deletes(world) - before).toBe(1); // remembered as refused: not tried blindly again
  });

  it('saving an admin key wakes a revocation that waits for one, without making it active', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    world.keys.forget('admin');
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
    await waitNeedsAdmin(outbox, item.id);
    world.keys.add('admin2', world.sandbox.adminKey, ['contacts:read', 'messages:send', 'keys:manage']); // saved, not active
    await outbox.syncNow(); // what the app does after keys:add
    await waitState(outbox, item.id, 'sent');
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
  });

  it('a saved admin key that cannot be read counts as tried: no attempt loop', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    world.keys.forget('admin');
    // listed as an admin key, but its value cannot be had (e.g. the keychain entry is gone)
    const outbox = await world.open({ adminKeyIds: async () => ['unreadable'] });
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
    const waiting = await waitNeedsAdmin(outbox, item.id);
    expect(waiting.lastError?.message).toMatch(/a saved key with keys:manage could not be used/);
    await outbox.syncNow();
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbox.list()).find((x) => x.id === item.id)!.attempts).toBe(waiting.attempts);
    expect(outbox.hasTimer()).toBe(false);
    expect(deletes(world)).toBe(0);
  });

  it("the person's retry tries again after needs_admin_key", async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'leak');
    world.keys.revoking.delete('leak');
    world.keys.forget('admin'); // no admin key saved on this machine
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leaky' });
    await waitNeedsAdmin(outbox, item.id);
    expect(deletes(world)).toBe(0);
    world.keys.revoking.set('leak', leaked.key); // e.g. the keychain became readable again
    await outbox.retry(item.id);
    await waitState(outbox, item.id, 'sent');
    expect(deletes(world)).toBe(1);
  });

  it('with no admin key, the revoked key deletes itself', async () => {
    const world = await openWorld();
    world.keys.forget('admin'); // no admin key saved on this machine
    const leaked = leakedKey(world, 'self');
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'self', serverKeyId: leaked.id, label: 'self' });
    await waitState(outbox, item.id, 'sent');
    const del = world.sandbox.requests().find((r) => r.method === 'DELETE');
    expect(del?.headers.authorization).toBe(`Bearer ${leaked.key}`);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
    await waitFor(() => !world.keys.revoking.has('self'), 'the kept value dropped after the proof');
  });

  it('an active key refused with 401 falls through to the key itself', async () => {
    const world = await openWorld();
    world.keys.add('stale-admin', 'crm_sk_this_key_does_not_exist_0000', ['keys:manage'], { active: true });
    const leaked = leakedKey(world, 'leak');
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'leak', serverKeyId: leaked.id, label: 'leak' });
    await waitState(outbox, item.id, 'sent');
    expect(deletes(world)).toBe(2);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(401);
  });

  it('finds the server id by comparing the kept value with the server list, storing no part of the key', async () => {
    const world = await openWorld();
    const created = world.sandbox.createKey('pasted', ['contacts:read']);
    world.keys.add('pasted', created.key, null); // pasted by hand: no server id
    world.keys.revokeLocally('pasted');
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'pasted', serverKeyId: null, label: 'pasted' });
    await waitState(outbox, item.id, 'sent');
    expect(await serverKeyIds(world.sandbox.baseUrl, world.sandbox.adminKey)).not.toContain(created.id);
    // the journal holds the server id it found, never a run of the key (issue 10 item 3)
    await outbox.close();
    expect(await filesContainingSecrets(world.dir, [created.key])).toEqual([]);
  });

  it('the revoked key lists the keys itself: its own entry (scrubbed to ***) is the one', async () => {
    const world = await openWorld();
    const created = world.sandbox.createKey('self-admin', ['contacts:read', 'keys:manage']);
    world.keys.forget('admin'); // no other key saved here
    world.keys.add('pasted', created.key, null);
    world.keys.revokeLocally('pasted');
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'pasted', serverKeyId: null, label: 'pasted' });
    await waitState(outbox, item.id, 'sent');
    expect(await serverKeyIds(world.sandbox.baseUrl, world.sandbox.adminKey)).not.toContain(created.id);
  });

  it('fails with a clear reason, naming no part of any key, when it cannot be found', async () => {
    const world = await openWorld();
    world.keys.add('ghost', 'crm_sk_zzzz_not_there_at_all_000', null);
    world.keys.revokeLocally('ghost');
    const outbox = await world.open();
    const unknown = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'ghost', serverKeyId: null, label: 'ghost' });
    const failed = await waitState(outbox, unknown.id, 'failed');
    expect(failed.lastError?.message).toMatch(/No key in the server's key list is this key/);
    expect(findSecrets(failed, ['crm_sk_zzzz_not_there_at_all_000'])).toEqual([]);
    const nothing = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: null, serverKeyId: null, label: 'nothing' });
    expect((await waitState(outbox, nothing.id, 'failed')).lastError?.message).toMatch(/Neither this key's server id nor its value/);
  });

  it('a 404 from a route the server does not know is not a revocation: the key stays listed, the item fails', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'typo');
    // a mistyped Delete API key path: the sandbox answers 404 (no such route)
    const profile = world.keys.profiles.get(PROFILE_ID)!;
    world.keys.profiles.set(PROFILE_ID, { ...profile, endpointOverrides: { 'keys.delete': '/api/v1/api-key/{id}' } });
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'typo', serverKeyId: leaked.id, label: 'typo' });
    const failed = await waitState(outbox, item.id, 'failed');
    expect(failed.lastError).toMatchObject({ status: 404 });
    expect(failed.lastError?.message).toMatch(
      /^The server does not know this route: DELETE \/api\/v1\/api-key\/k_\w+ answered 404 while the key is still in its key list/,
    );
    await waitFor(() => world.keys.lastSync('typo')?.state === 'failed', 'failed reported');
    // not synced, the key's own value is still kept, and the key still works on the server
    expect(world.keys.revoking.has('typo')).toBe(true);
    expect(await keyStatus(world.sandbox.baseUrl, leaked.key)).toBe(200);
    expect(await serverKeyIds(world.sandbox.baseUrl, world.sandbox.adminKey)).toContain(leaked.id);
  });

  it('a key id "." or ".." stays one path segment: the 404 is for that key, and it counts as done only because no such key is listed', async () => {
    const world = await openWorld();
    const outbox = await world.open();
    for (const id of ['.', '..']) {
      const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: null, serverKeyId: id, label: `dots ${id}` });
      const sent = await waitState(outbox, item.id, 'sent');
      expect(sent.resultSummary).toMatch(/absent from its key list/);
    }
    const deletes = world.sandbox
      .requests()
      .filter((r) => r.method === 'DELETE')
      .map((r) => `${r.path} ${r.status}`);
    expect(deletes).toEqual(['/api/v1/api-keys/%2E 404', '/api/v1/api-keys/%2E%2E 404']);
  });

  it('reports server errors and rate limits as pending with their reason, then synced', async () => {
    const world = await openWorld();
    const leaked = leakedKey(world, 'busy');
    world.sandbox.injectFaults(
      [
        { kind: 'status', status: 503, body: '<html>maintenance</html>', contentType: 'text/html' },
        { kind: 'rate_limit', retryAfter: '1' },
      ],
      { method: 'DELETE', pathPrefix: '/api/v1/api-keys/' },
    );
    const outbox = await world.open();
    const item = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'busy', serverKeyId: leaked.id, label: 'busy' });
    await waitState(outbox, item.id, 'sent', 10_000);
    await waitFor(() => world.keys.lastSync('busy')?.state === 'synced', 'synced reported');
    const reasons = world.keys.syncs
      .filter((s) => s.localKeyId === 'busy' && s.sync.state === 'pending')
      .map((s) => (s.sync as { reason: string }).reason);
    expect(reasons).toEqual(['queued', 'server_error', 'rate_limited']);
    const rateLimited = world.keys.syncs.find((s) => s.sync.state === 'pending' && s.sync.reason === 'rate_limited')!.sync as {
      nextAttemptAt?: string;
      detail?: string;
    };
    expect(rateLimited.nextAttemptAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rateLimited.detail).toMatch(/Rate limited/);
  });

  it('queues one revocation per key', async () => {
    const world = await openWorld();
    world.keys.hold();
    const outbox = await world.open();
    const one = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'x', serverKeyId: 'k_x', label: 'x' });
    const two = await outbox.revocations.enqueue({ profileId: PROFILE_ID, localKeyId: 'x', serverKeyId: 'k_x', label: 'x' });
    expect(two.id).toBe(one.id);
  });
});
