// First launch: with no profile, the app starts the built-in sandbox and creates a "Sandbox"
// profile whose admin key goes straight to the keychain. Later launches give that profile its
// server back from the same data file, so the stored key keeps working.
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap, type SandboxHandle } from '../../../src-main/app-shell/bootstrap';
import { startSandbox } from '../../../src-main/sandbox/index';
import { keychainAvailable } from '../helpers';
import { openTestCore } from '../helpers/core';

const available = await keychainAvailable();
const started: SandboxHandle[] = [];
const start = async (o: { port?: number; dataFile?: string }) => {
  // 500 contacts instead of 100k: the flow is what is under test here.
  const s = await startSandbox({ ...o, contacts: 500 });
  started.push(s);
  return s;
};

afterAll(async () => {
  await Promise.allSettled(started.map((s) => s.close()));
});

describe.skipIf(!available)('bootstrap', () => {
  it('creates the Sandbox profile on first launch and reconnects it on the next', async () => {
    const tc = await openTestCore('boot');
    try {
      const first = await bootstrap({ dataDir: tc.dataDir, profiles: tc.core.profiles, keys: tc.core.keys, startSandbox: start });
      expect(first.firstRunNotice).toMatch(/built-in sandbox CRM was started at http:\/\/127\.0\.0\.1:\d+/);
      expect(first.firstRunNotice).toContain('OS keychain');
      expect(first.firstRunNotice).not.toContain(first.sandbox!.adminKey);
      const { profiles, activeProfileId } = await tc.core.profiles.list();
      expect(profiles).toHaveLength(1);
      expect(profiles[0]).toMatchObject({ name: 'Sandbox', sandbox: true, baseUrl: first.sandbox!.baseUrl });
      expect(activeProfileId).toBe(profiles[0]!.id);
      const keys = await tc.core.keys.list(profiles[0]!.id);
      expect(keys).toHaveLength(1);
      expect(keys[0]!.fingerprint).toBe(first.sandbox!.adminKey.slice(-4));
      const stored = await tc.raw.get(`key:${keys[0]!.id}`);
      expect(stored).toBe(first.sandbox!.adminKey);
      expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);

      // the app quits: its sandbox stops; the next launch starts it again from the data file
      await first.sandbox!.close();
      const second = await bootstrap({ dataDir: tc.dataDir, profiles: tc.core.profiles, keys: tc.core.keys, startSandbox: start });
      expect(second.firstRunNotice).toBeNull();
      expect(second.sandbox).not.toBeNull();
      const again = await tc.core.profiles.list();
      expect(again.profiles).toHaveLength(1);
      expect(again.profiles[0]!.baseUrl).toBe(second.sandbox!.baseUrl);
      expect(await tc.core.keys.list(again.profiles[0]!.id)).toHaveLength(1);
      // the key saved on first launch still authenticates against the restarted sandbox
      expect((await tc.core.contacts.list({ perPage: 1 })).total).toBe(500);
    } finally {
      await tc.cleanup();
    }
  });

  it('leaves a setup with real profiles alone', async () => {
    const tc = await openTestCore('boot-real');
    try {
      await tc.core.profiles.create({ name: 'Production', baseUrl: 'https://crm.example.com' });
      const result = await bootstrap({ dataDir: tc.dataDir, profiles: tc.core.profiles, keys: tc.core.keys, startSandbox: start });
      expect(result).toEqual({ firstRunNotice: null, sandbox: null });
    } finally {
      await tc.cleanup();
    }
  });
});
