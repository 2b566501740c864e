// A saved key is only sent to the origin it was saved for (issue 10 item 4). Over the window's
// handlers: a profile moved to another origin keeps its keys behind unless the PERSON says yes
// through main (platform.confirm, a native dialog in Electron); `confirmInsecure` from the
// window is never enough. Held-back keys say so (KeyMeta.heldBack) and are re-approved by
// saving the profile again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetaStores } from '../../../src-main/core/meta/stores';
import { openDatabase } from '../../../src-main/core/store/database';
import { KeyVault } from '../../../src-main/core/keys/key-vault';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import { keyAccount } from '../../../src-main/core/secrets/secret-store';
import type { ConsentQuestion } from '../../../src-main/core/profiles/profile-consent';
import type { KeyMeta } from '../../../src-main/ipc/contract';
import { keychainAvailable, tempDir } from '../helpers';
import { addProfileWithKey, openTestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';
import { sandboxHandlersForSuite } from '../helpers/sandbox-handlers';
import { startKeyTrap, type KeyTrap } from '../core/http/support/local-server';

const available = await keychainAvailable();

describe.skipIf(!available)('keys stay with their origin', () => {
  let elsewhere: KeyTrap;
  const asked: ConsentQuestion[] = [];
  let answer = false;
  const clipboard = { text: '' };
  const suite = sandboxHandlersForSuite({
    label: 'origin',
    sandbox: { contacts: 10 },
    profile: { name: 'Prod' },
    keyName: 'admin',
    ipc: {
      clipboard,
      confirm: async (question) => {
        asked.push(question);
        return answer;
      },
    },
  });

  const keysOf = async (): Promise<KeyMeta[]> => {
    const r = await suite.dispatch('keys:list', { profileId: suite.profileId });
    if (!r.ok) throw new Error(r.error.message);
    return r.value as KeyMeta[];
  };
  const sentTheKey = () => elsewhere.requestsWithKey(suite.sandbox.adminKey);

  beforeAll(async () => {
    // another origin that records everything it is sent
    elsewhere = await startKeyTrap('{"data":[],"meta":{"page":1,"per_page":1,"total":0,"total_pages":0}}');
  });

  afterAll(async () => {
    await elsewhere?.close();
  });

  it('a key records the origin it was saved for', async () => {
    expect(await keysOf()).toMatchObject([{ name: 'admin', origin: new URL(suite.sandbox.baseUrl).origin, heldBack: false }]);
  });

  it("moving the profile without the person's yes keeps the key behind: it is never sent to the new origin", async () => {
    answer = false;
    const moved = await suite.dispatch('profiles:update', { id: suite.profileId, baseUrl: elsewhere.url, confirmInsecure: true });
    expect(moved).toMatchObject({ ok: true, value: { baseUrl: elsewhere.url } });
    expect(asked.at(-1)).toMatchObject({ message: `Send its saved API key to ${elsewhere.url}?` });
    expect(await keysOf()).toMatchObject([{ origin: new URL(suite.sandbox.baseUrl).origin, heldBack: true }]);
    for (const [channel, payload] of [
      ['keys:test', { id: (await keysOf())[0]!.id }],
      ['contacts:list', { page: 1, perPage: 5 }],
      ['send:submit', { draft: { kind: 'text', number: '5511999990000', text: 'hi' }, requestId: 'r-moved' }],
      ['send:copy-curl', { draft: { kind: 'text', number: '5511999990000', text: 'hi' }, withKey: true }],
    ] as const) {
      const result = await suite.dispatch(channel, payload);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'key_held_back' } });
    }
    expect(clipboard.text).not.toContain(suite.sandbox.adminKey);
    expect(sentTheKey()).toEqual([]);
  });

  it('saving the profile again asks again; a yes moves the key, and only then it is sent there', async () => {
    answer = true;
    const before = asked.length;
    expect(await suite.dispatch('profiles:update', { id: suite.profileId, baseUrl: elsewhere.url })).toMatchObject({ ok: true });
    expect(asked.length).toBe(before + 1);
    expect(await keysOf()).toMatchObject([{ origin: new URL(elsewhere.url).origin, heldBack: false }]);
    expect(await suite.dispatch('contacts:list', { page: 1, perPage: 5 })).toMatchObject({ ok: true });
    expect(sentTheKey()).toHaveLength(1);
    // and back home, approved again
    expect(await suite.dispatch('profiles:update', { id: suite.profileId, baseUrl: suite.sandbox.baseUrl })).toMatchObject({ ok: true });
    expect(await keysOf()).toMatchObject([{ origin: new URL(suite.sandbox.baseUrl).origin, heldBack: false }]);
  });

  it("plain http to a remote host needs the person's yes; confirmInsecure from the window is not enough", async () => {
    answer = false;
    const insecure = await suite.dispatch('profiles:update', {
      id: suite.profileId,
      baseUrl: 'http://192.0.2.10:4010',
      confirmInsecure: true,
    });
    expect(insecure).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(asked.at(-1)).toMatchObject({ title: 'Unencrypted connection' });
    const created = await suite.dispatch('profiles:create', {
      name: 'Remote http',
      baseUrl: 'http://192.0.2.11:4010',
      confirmInsecure: true,
    });
    expect(created).toMatchObject({ ok: false, error: { code: 'validation' } });
    answer = true;
    expect(await suite.dispatch('profiles:create', { name: 'Remote http', baseUrl: 'http://192.0.2.11:4010' })).toMatchObject({
      ok: true,
      value: { allowInsecureHttp: true },
    });
    expect((await suite.tc.core.profiles.get(suite.profileId)).baseUrl).toBe(suite.sandbox.baseUrl);
  });

  it('without a dialog port every such question is a no', async () => {
    const core = await openTestCore('origin-nodialog');
    try {
      const profile = await addProfileWithKey(
        core.core,
        { name: 'P', baseUrl: suite.sandbox.baseUrl },
        { name: 'k', value: suite.sandbox.adminKey },
      );
      const d = testDispatch(core.core);
      expect(await d('profiles:update', { id: profile.profileId, baseUrl: elsewhere.url, confirmInsecure: true })).toMatchObject({
        ok: true,
      });
      expect(await d('keys:list', { profileId: profile.profileId })).toMatchObject({ ok: true, value: [{ heldBack: true }] });
      expect(await d('contacts:list', { page: 1, perPage: 5 })).toMatchObject({ ok: false, error: { code: 'key_held_back' } });
    } finally {
      await core.cleanup();
    }
    expect(sentTheKey()).toHaveLength(1); // still only the one the person approved above
  });
});

describe('a key saved before keys were bound', () => {
  it('is bound at its first use to where it was used, and stays there', async () => {
    const dir = await tempDir('crm-origin-legacy-');
    const meta = createMetaStores(openDatabase(dir));
    const secrets = new MemorySecretStore();
    await meta.profiles.update((doc) => {
      doc.profiles.push({
        id: 'p1',
        name: 'P',
        baseUrl: 'https://a.example',
        endpointOverrides: {},
        api: null,
        activeKeyId: 'lk_1',
        sandbox: false,
        allowInsecureHttp: false,
        createdAt: '2026-01-01T00:00:00Z',
      });
      doc.activeProfileId = 'p1';
    });
    await meta.keys.update((doc) => {
      doc.keys.push({
        id: 'lk_1',
        name: 'old',
        profileId: 'p1',
        fingerprint: 'abcd',
        permissions: null,
        addedAt: '2026-01-01T00:00:00Z',
        lastUsedAt: null,
        lastStatus: null,
        state: 'active',
        serverKeyId: null,
        revokedAt: null,
      });
    });
    await secrets.set(keyAccount('lk_1'), 'legacy-key-value-0000abcd');
    const vault = new KeyVault(secrets, meta);
    expect(await vault.withKey('p1', null, async (key) => key.length)).toBe(25);
    expect((await meta.keys.read()).keys[0]!.origin).toBe('https://a.example');
    await meta.profiles.update((doc) => {
      doc.profiles[0]!.baseUrl = 'https://b.example';
    });
    await expect(vault.withKey('p1', null, async () => 'sent')).rejects.toMatchObject({ code: 'key_held_back' });
  });
});
