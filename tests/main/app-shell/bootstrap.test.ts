// First launch: with no profile, the app starts the built-in sandbox and creates a "Sandbox"
// profile whose admin key goes straight to the keychain. Later launches give that profile its
// server back from the same data file and reuse the key it has (no new admin key per launch);
// a sandbox whose data lost that key gets a new admin key saved in its place.
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap, restoreSandbox, type ResumeSandbox, type StartSandbox } from '../../../src-main/app-shell/bootstrap';
import { resumeSandbox, startSandbox } from '../../../src-main/sandbox/index';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import { keychainAvailable } from '../helpers';
import { openTestCore, withTestCore, type TestCore } from '../helpers/core';

const available = await keychainAvailable();
const started: { close(): Promise<void> }[] = [];
// 500 contacts instead of 100k: the flow is what is under test here.
const start: StartSandbox = async (o) => {
  const s = await startSandbox({ ...o, contacts: 500 });
  started.push(s);
  return s;
};
const resume: ResumeSandbox = async (o) => {
  const s = await resumeSandbox({ ...o, contacts: 500 });
  started.push(s);
  return s;
};
const boot = (tc: TestCore) =>
  bootstrap({ dataDir: tc.dataDir, profiles: tc.core.profiles, keys: tc.core.keys, startSandbox: start, resumeSandbox: resume });

async function serverKeyNames(tc: TestCore, profileId: string): Promise<string[]> {
  return (await tc.core.keys.listServerKeys(profileId)).keys.map((k) => k.name);
}

afterAll(async () => {
  await Promise.allSettled(started.map((s) => s.close()));
});

describe.skipIf(!available)('bootstrap', () => {
  it('creates the Sandbox profile on first launch and reconnects it on the next, with the same key', () =>
    withTestCore('boot', async (tc) => {
      const first = await boot(tc);
      const firstSandbox = first.sandbox as Awaited<ReturnType<StartSandbox>>;
      expect(first.firstRunNotice).toMatch(/built-in sandbox CRM was started at http:\/\/127\.0\.0\.1:\d+/);
      expect(first.firstRunNotice).toContain('OS keychain');
      expect(first.firstRunNotice).not.toContain(firstSandbox.adminKey);
      const { profiles, activeProfileId } = await tc.core.profiles.list();
      expect(profiles).toHaveLength(1);
      expect(profiles[0]).toMatchObject({ name: 'Sandbox', sandbox: true, baseUrl: firstSandbox.baseUrl });
      expect(activeProfileId).toBe(profiles[0]!.id);
      const keys = await tc.core.keys.list(profiles[0]!.id);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ fingerprint: firstSandbox.adminKey.slice(-4), serverKeyId: firstSandbox.adminKeyId });
      const stored = await tc.raw.get(`key:${keys[0]!.id}`);
      expect(stored).toBe(firstSandbox.adminKey);
      expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);
      expect(await serverKeyNames(tc, profiles[0]!.id)).toEqual(['sandbox admin']);

      // the app quits: its sandbox stops; the next launches start it again from the data file
      for (let launch = 2; launch <= 3; launch++) {
        await started.at(-1)!.close();
        const again = await boot(tc);
        expect(again.firstRunNotice).toBeNull();
        expect(again.sandbox).toMatchObject({ adminKey: null, adminKeyId: null });
        const now = await tc.core.profiles.list();
        expect(now.profiles).toHaveLength(1);
        expect(now.profiles[0]!.baseUrl).toBe(again.sandbox!.baseUrl);
        expect(await tc.core.keys.list(now.profiles[0]!.id)).toHaveLength(1);
        // the key saved on first launch still authenticates, and no admin key was added
        expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);
        expect(await serverKeyNames(tc, now.profiles[0]!.id)).toEqual(['sandbox admin']);
      }
    }));

  it("when the old port is taken, the sandbox moves and its keys move with it (main's own choice, no dialog)", async () => {
    const tc = await openTestCore('boot-port');
    const blocker = createServer();
    try {
      const first = await boot(tc);
      const firstUrl = first.sandbox!.baseUrl;
      await started.at(-1)!.close();
      await new Promise<void>((resolve) => blocker.listen(Number(new URL(firstUrl).port), '127.0.0.1', resolve));
      const again = await boot(tc);
      expect(again.sandbox!.baseUrl).not.toBe(firstUrl);
      const { profiles } = await tc.core.profiles.list();
      expect(profiles[0]!.baseUrl).toBe(again.sandbox!.baseUrl);
      expect(await tc.core.keys.list(profiles[0]!.id)).toMatchObject([{ origin: new URL(again.sandbox!.baseUrl).origin, heldBack: false }]);
      expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      await tc.cleanup();
    }
  });

  it("a sandbox whose data lost the profile's key gets a new admin key in the same row, made active, and says so", () =>
    withTestCore('boot-reset', async (tc) => {
      const first = await boot(tc);
      const adminRowId = (await tc.core.profiles.list()).profiles[0]!.activeKeyId;
      expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500); // the old value, used (held in memory)
      let running = first.sandbox!;
      // every restart on lost data: one "Sandbox admin" row, never one more per restart
      for (let restart = 1; restart <= 2; restart++) {
        await running.close();
        await rm(join(tc.dataDir, 'sandbox-data.json')); // the sandbox's data is gone

        const again = await boot(tc);
        const resumed = again.sandbox as Awaited<ReturnType<ResumeSandbox>>;
        running = resumed;
        expect(again.firstRunNotice).toMatch(
          /no longer had the key the Sandbox profile used .* new admin key was created, stored in your OS keychain/,
        );
        const adminKey = resumed.adminKey!;
        expect(again.firstRunNotice).not.toContain(adminKey);
        const profile = (await tc.core.profiles.list()).profiles[0]!;
        const keys = await tc.core.keys.list(profile.id);
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatchObject({
          id: adminRowId,
          name: 'Sandbox admin',
          fingerprint: adminKey.slice(-4),
          serverKeyId: resumed.adminKeyId,
          state: 'active',
          lastStatus: null,
        });
        expect(profile.activeKeyId).toBe(adminRowId);
        expect(await tc.raw.get(`key:${adminRowId}`)).toBe(adminKey);
        // the new value is the one sent, not the old one still held in memory
        expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);
      }
    }));

  it('keeps a lesser key the person made active: no admin key is made, nothing changes', () =>
    withTestCore('boot-lesser', async (tc) => {
      await boot(tc);
      const profile = (await tc.core.profiles.list()).profiles[0]!;
      const agent = await tc.core.keys.createServerKey({
        profileId: profile.id,
        name: 'agent',
        permissions: ['contacts:read', 'messages:send'],
      });
      await tc.core.profiles.setActiveKey(profile.id, agent.id);
      await started.at(-1)!.close();

      const again = await boot(tc);
      expect(again.firstRunNotice).toBeNull();
      expect(again.sandbox).toMatchObject({ adminKey: null, adminKeyId: null });
      expect((await tc.core.profiles.list()).profiles[0]!.activeKeyId).toBe(agent.id);
      expect(await tc.core.keys.list(profile.id)).toHaveLength(2);
      expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);
    }));

  it('makes no admin key when the Sandbox profile has no active key (it was revoked on purpose)', () =>
    withTestCore('boot-revoked', async (tc) => {
      const first = await boot(tc);
      const profile = (await tc.core.profiles.list()).profiles[0]!;
      await tc.core.keys.revoke(profile.activeKeyId!);
      await tc.core.keys.idle();
      await first.sandbox!.close();

      const again = await boot(tc);
      expect(again.firstRunNotice).toBeNull();
      expect(again.sandbox).toMatchObject({ adminKey: null, adminKeyId: null });
      expect((await tc.core.keys.list(profile.id)).map((k) => k.state)).toEqual(['revoked']);
    }));

  it('leaves a setup with real profiles alone', () =>
    withTestCore('boot-real', async (tc) => {
      await tc.core.profiles.create({ name: 'Production', baseUrl: 'https://crm.example.com' });
      const result = await boot(tc);
      expect(result).toEqual({ firstRunNotice: null, sandbox: null });
    }));

  it('without a keychain, first launch leaves no profile without a key and no server running, and says why', async () => {
    const raw = new MemorySecretStore();
    raw.fail = true;
    const tc = await openTestCore('boot-no-keychain', { raw });
    const opened: { baseUrl: string }[] = [];
    try {
      const result = await bootstrap({
        dataDir: tc.dataDir,
        profiles: tc.core.profiles,
        keys: tc.core.keys,
        startSandbox: async (o) => {
          const s = await start(o);
          opened.push(s);
          return s;
        },
        resumeSandbox: resume,
      });
      expect(result.sandbox).toBeNull();
      expect(result.problem).toMatch(/^The built-in sandbox was not set up: The OS keychain is unavailable or locked/);
      expect((await tc.core.profiles.list()).profiles).toEqual([]);
      // the server it started was closed: nothing answers on its port any more
      await expect(fetch(`${opened[0]!.baseUrl}/api/v1/contacts`)).rejects.toThrow();
    } finally {
      await tc.cleanup();
    }
  });

  it('Reset sandbox: refused while the Sandbox profile exists; after it was deleted, made again on the running server with a new key', async () => {
    const tc = await openTestCore('boot-restore');
    try {
      const first = await boot(tc);
      const deps = {
        dataDir: tc.dataDir,
        profiles: tc.core.profiles,
        keys: tc.core.keys,
        startSandbox: start,
        resumeSandbox: resume,
        running: first.sandbox,
      };
      await expect(restoreSandbox(deps)).rejects.toMatchObject({ code: 'conflict' });
      const old = (await tc.core.profiles.list()).profiles[0]!;
      await tc.core.profiles.remove(old.id);
      const restored = await restoreSandbox(deps);
      expect(restored.sandbox).toBe(first.sandbox);
      const { profiles, activeProfileId } = await tc.core.profiles.list();
      expect(profiles).toHaveLength(1);
      expect(profiles[0]).toMatchObject({ name: 'Sandbox', sandbox: true, baseUrl: first.sandbox!.baseUrl });
      expect(activeProfileId).toBe(profiles[0]!.id);
      // the new admin key works against the same server
      const page = await tc.core.contacts.list({ page: 1, perPage: 5 });
      expect(page.total).toBe(500);
    } finally {
      await tc.cleanup();
    }
  });
});
