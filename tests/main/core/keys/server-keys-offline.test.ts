// The server key list offline: the last list seen is shown (with when), a server key can be
// revoked from it (queued in the outbox), the list shows that revocation at once, and once the
// server is back the key is gone from its list. Real sandbox, real outbox, real keychain.
import { afterAll, describe, expect, it } from 'vitest';
import { closeSandboxes, keychainAvailable, openSandbox } from '../../helpers';
import { addSandboxProfile, withTestCore } from '../../helpers/core';
import { storedText } from '../../helpers/stored-rows';

const available = await keychainAvailable();
afterAll(closeSandboxes);

describe.skipIf(!available)('server keys offline', () => {
  it('lists from the cache, queues the revocation, shows it, and the server forgets the key once back', async () => {
    const sandbox = await openSandbox({ contacts: 20 });
    await withTestCore('server-keys-offline', async ({ core, dataDir }) => {
      const { profileId } = await addSandboxProfile(core, sandbox, 'S', 'admin');
      const remote = sandbox.createKey('remote bot', ['contacts:read']);
      const online = await core.keys.listServerKeys(profileId);
      expect(online.cachedAt).toBeNull();
      expect(online.keys.find((k) => k.id === remote.id)).toMatchObject({ name: 'remote bot', revocation: null });

      // a server key no key here holds: its revocation is announced by the outbox's report too
      const changes: { keyId: string | null; profileId: string | null }[] = [];
      core.keys.onDidChange((change) => changes.push(change));
      await sandbox.suspend();
      try {
        const offline = await core.keys.listServerKeys(profileId);
        expect(offline.cachedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(offline.keys.map((k) => k.id)).toEqual(online.keys.map((k) => k.id));
        expect(await core.keys.revokeServerKey({ profileId, serverKeyId: remote.id })).toEqual({ serverKeyId: remote.id, queued: true });
        const after = await core.keys.listServerKeys(profileId);
        expect(after.keys.find((k) => k.id === remote.id)?.revocation?.state).toBe('pending');
        // the kept list holds ids and names only: nothing of a key value
        const kept = storedText(dataDir, 'server_key_lists');
        expect(kept).toContain('remote bot');
        expect(kept).not.toContain(sandbox.adminKey.slice(-12));
        expect(kept).not.toContain(remote.key.slice(-12));
      } finally {
        await sandbox.resume();
      }
      await core.outbox!.syncNow();
      await expect.poll(() => changes.filter((c) => c.keyId === null && c.profileId === profileId).length).toBeGreaterThanOrEqual(2);
      const back = await core.keys.listServerKeys(profileId);
      expect(back.cachedAt).toBeNull();
      expect(back.keys.some((k) => k.id === remote.id)).toBe(false);
    });
  });

  it('without a cached list, offline is an error that says the server cannot be reached', async () => {
    const sandbox = await openSandbox({ contacts: 20 });
    await withTestCore('server-keys-nocache', async ({ core }) => {
      const { profileId } = await addSandboxProfile(core, sandbox, 'S', 'admin');
      await sandbox.suspend();
      try {
        await expect(core.keys.listServerKeys(profileId)).rejects.toMatchObject({
          code: expect.stringMatching(/^(network|timeout|offline)$/),
        });
      } finally {
        await sandbox.resume();
      }
    });
  });
});
