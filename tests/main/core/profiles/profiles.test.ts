// ProfileService: names, base URL validation (http only for loopback without confirmation),
// endpoint overrides, activation, removal.
import { describe, expect, it } from 'vitest';
import { CrmError } from '../../../../src-main/core/errors';
import { KeyVault } from '../../../../src-main/core/keys/key-vault';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import { openDatabase } from '../../../../src-main/core/store/database';
import { checkBaseUrl, isLoopbackHost } from '../../../../src-main/core/profiles/base-url';
import { ProfileManager } from '../../../../src-main/core/profiles/profile-manager';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { caught } from '../../helpers/secret-scan';
import { keyRow } from '../../helpers/meta-rows';
import { tempDir } from '../../helpers/temp-dir';

async function manager(): Promise<{ profiles: ProfileManager; secrets: MemorySecretStore; dir: string }> {
  const dir = await tempDir();
  const meta = createMetaStores(openDatabase(dir));
  const secrets = new MemorySecretStore();
  return { profiles: new ProfileManager(meta, secrets, new KeyVault(secrets, meta)), secrets, dir };
}

async function codeOf(fn: () => Promise<unknown>): Promise<{ code: string; message: string; fields: string[] }> {
  const err = await caught(fn);
  expect(err).toBeInstanceOf(CrmError);
  const e = err as CrmError;
  return { code: e.code, message: e.message, fields: (e.details ?? []).map((d) => d.field) };
}

describe('base URL validation', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com', false],
    ['https://api.example.com/', 'https://api.example.com', false],
    ['  https://API.Example.com//  ', 'https://api.example.com', false],
    ['https://api.example.com:8443/crm/', 'https://api.example.com:8443/crm', false],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010', false],
    ['http://127.9.8.7', 'http://127.9.8.7', false],
    ['http://localhost:3000/', 'http://localhost:3000', false],
    ['http://[::1]:8080', 'http://[::1]:8080', false],
    ['http://192.168.1.10', 'http://192.168.1.10', true],
    ['http://api.example.com', 'http://api.example.com', true],
    ['http://128.0.0.1', 'http://128.0.0.1', true],
  ])('%s -> %s (insecure: %s)', (raw, normalised, insecure) => {
    const result = checkBaseUrl(raw);
    expect(result.baseUrl).toBe(normalised);
    expect(result.insecure).toBe(insecure);
  });

  it.each([
    ['', /Enter the API base URL/],
    ['api.example.com', /not a valid URL/],
    ['ftp://api.example.com', /must start with https:\/\//],
    ['file:///etc/passwd', /must start with https:\/\//],
    ['javascript:alert(1)', /must start with https:\/\//],
    ['https://user:pw@api.example.com', /user name or password/],
    ['https://user@api.example.com', /user name or password/],
    ['https://api.example.com/?a=1', /query/],
    ['https://api.example.com/?', /query/],
    ['https://api.example.com/#top', /fragment/],
  ])('rejects %j', (raw, message) => {
    const err = (() => {
      try {
        checkBaseUrl(raw);
      } catch (e) {
        return e as CrmError;
      }
      throw new Error('accepted');
    })();
    expect(err.code).toBe('validation');
    expect(err.message).toMatch(message);
    expect(err.details?.[0]?.field).toBe('baseUrl');
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.255.0.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['localhost.example.com', '10.0.0.1', '[::2]', '0.0.0.0'].some(isLoopbackHost)).toBe(false);
  });
});

describe('ProfileService', () => {
  it('creates profiles; the first becomes active; names are trimmed, 1..60 chars and unique', async () => {
    const { profiles } = await manager();
    const a = await profiles.create({ name: '  Production ', baseUrl: 'https://api.example.com/' });
    expect(a).toMatchObject({
      name: 'Production',
      baseUrl: 'https://api.example.com',
      activeKeyId: null,
      sandbox: false,
      allowInsecureHttp: false,
      endpointOverrides: {},
    });
    const b = await profiles.create({ name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010', sandbox: true });
    expect(b.sandbox).toBe(true);
    expect(await profiles.list()).toEqual({ profiles: [a, b], activeProfileId: a.id, terminalProfileId: a.id, windowProfileId: a.id });
    expect((await profiles.active())?.id).toBe(a.id);

    expect(await codeOf(() => profiles.create({ name: 'production', baseUrl: 'https://x.example.com' }))).toMatchObject({
      code: 'validation',
      fields: ['name'],
    });
    expect(await codeOf(() => profiles.create({ name: '   ', baseUrl: 'https://x.example.com' }))).toMatchObject({
      code: 'validation',
      fields: ['name'],
    });
    expect(await codeOf(() => profiles.create({ name: 'x'.repeat(61), baseUrl: 'https://x.example.com' }))).toMatchObject({
      code: 'validation',
      message: /at most 60/,
    });
    expect((await profiles.create({ name: '🙂'.repeat(60), baseUrl: 'https://x.example.com' })).name).toBe('🙂'.repeat(60));
  });

  it('plain http to a remote host needs confirmInsecure', async () => {
    const { profiles } = await manager();
    const refused = await codeOf(() => profiles.create({ name: 'LAN', baseUrl: 'http://192.168.1.10:8080' }));
    expect(refused).toMatchObject({ code: 'validation', fields: ['confirmInsecure'] });
    expect(refused.message).toMatch(/unencrypted/);
    expect((await profiles.list()).profiles).toEqual([]);
    const lan = await profiles.create({ name: 'LAN', baseUrl: 'http://192.168.1.10:8080', confirmInsecure: true });
    expect(lan.allowInsecureHttp).toBe(true);
    // same origin, another path: the confirmation still holds
    expect((await profiles.update(lan.id, { baseUrl: 'http://192.168.1.10:8080/v2' })).baseUrl).toBe('http://192.168.1.10:8080/v2');
    // another insecure origin needs a new confirmation
    expect(await codeOf(() => profiles.update(lan.id, { baseUrl: 'http://10.0.0.1' }))).toMatchObject({
      code: 'validation',
      fields: ['confirmInsecure'],
    });
    // moving to https clears the flag
    expect((await profiles.update(lan.id, { baseUrl: 'https://crm.example.com' })).allowInsecureHttp).toBe(false);
  });

  it('validates endpoint overrides with the endpoint catalogue; an empty path means the default', async () => {
    const { profiles } = await manager();
    const p = await profiles.create({ name: 'P', baseUrl: 'https://api.example.com' });
    const bad = await codeOf(() => profiles.update(p.id, { endpointOverrides: { 'keys.delete': '/v2/keys' } }));
    expect(bad).toMatchObject({ code: 'validation', fields: ['endpointOverrides.keys.delete'] });
    expect(bad.message).toMatch(/\{id\}/);
    expect(
      await codeOf(() => profiles.update(p.id, { endpointOverrides: { 'contacts.list': 'https://evil.example.com/x' } })),
    ).toMatchObject({ code: 'validation' });
    expect(await codeOf(() => profiles.update(p.id, { endpointOverrides: { 'contacts.list': '/a/../b' } }))).toMatchObject({
      code: 'validation',
    });
    const updated = await profiles.update(p.id, { endpointOverrides: { 'contacts.list': ' /v2/people ', 'messages.text': '' } });
    expect(updated.endpointOverrides).toEqual({ 'contacts.list': '/v2/people' });
    expect((await profiles.get(p.id)).endpointOverrides).toEqual({ 'contacts.list': '/v2/people' });
  });

  it('activates, refuses unknown ids, and removing the active profile activates another', async () => {
    const { profiles } = await manager();
    const a = await profiles.create({ name: 'A', baseUrl: 'https://a.example.com' });
    const b = await profiles.create({ name: 'B', baseUrl: 'https://b.example.com' });
    await profiles.activate(b.id);
    expect((await profiles.list()).activeProfileId).toBe(b.id);
    expect(await codeOf(() => profiles.activate('p_missing'))).toMatchObject({ code: 'not_found' });
    expect(await codeOf(() => profiles.get('p_missing'))).toMatchObject({ code: 'not_found' });
    await profiles.remove(b.id);
    expect(await profiles.list()).toEqual({ profiles: [a], activeProfileId: a.id, terminalProfileId: a.id, windowProfileId: a.id });
    await profiles.remove(a.id);
    expect(await profiles.list()).toEqual({ profiles: [], activeProfileId: null, terminalProfileId: null, windowProfileId: null });
    expect(await profiles.active()).toBeNull();
    expect(await codeOf(() => profiles.resolve())).toMatchObject({ code: 'validation', message: /No profile is active/ });
  });

  it('removing a profile while the keychain is locked changes nothing; once unlocked its keys and webhook secrets go', async () => {
    const { profiles, secrets, dir } = await manager();
    const p = await profiles.create({ name: 'A', baseUrl: 'https://a.example.com' });
    const meta = createMetaStores(openDatabase(dir));
    await meta.keys.update((doc) => {
      // saved before keys were bound: no origin
      doc.keys.push(keyRow(1, p.id, { name: 'k', origin: undefined }));
    });
    await secrets.set('key:lk_1', 'crm_sk_value_1234');
    await secrets.set(`webhook-secret:${p.id}`, 'whsec_for_a');
    await secrets.set(`webhook-verify:${p.id}`, 'verify-for-a');
    const fresh = new ProfileManager(
      createMetaStores(openDatabase(dir)),
      secrets,
      new KeyVault(secrets, createMetaStores(openDatabase(dir))),
    );
    secrets.fail = true;
    expect(await codeOf(() => fresh.remove(p.id))).toMatchObject({ code: 'keychain_unavailable' });
    expect((await fresh.list()).profiles).toHaveLength(1);
    secrets.fail = false;
    await fresh.remove(p.id);
    expect(await secrets.accounts()).toEqual([]);
    expect((await createMetaStores(openDatabase(dir)).keys.read()).keys).toEqual([]);
  });
});
