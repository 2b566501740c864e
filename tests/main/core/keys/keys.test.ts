// KeyService and KeyAccess against the real sandbox and the real OS keychain: adding (format,
// keychain first), testing each outcome, the in-memory cache (zero keychain reads after the
// first), local revocation mid-flight, server keys, and a secret scan over everything returned.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';
import { KEY_REVOKED_IN_FLIGHT } from '../../../../src-main/core/keys/key-vault';
import { FINGERPRINT_KEY_ACCOUNT, keyAccount, revokingAccount } from '../../../../src-main/core/secrets/secret-store';
import type { SecretStore } from '../../../../src-main/core/secrets/secret-store';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { openTestCore } from '../../helpers/core';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { observe } from '../../helpers/observed';
import { RecordingOutbox } from '../../helpers/recording-outbox';
import { closeOpened } from '../../helpers/opened-cores';
import { openSandbox, requestCount } from '../../helpers/sandbox';
import { filesContainingSecrets, findSecrets } from '../../helpers/secret-scan';
import { SHOWN_PREFIX_CHARS } from '../../../../src-main/core/keys/key-format';
import { startHttpServer } from '../http/support/local-server';
import { openDatabase } from '../../../../src-main/core/store/database';
import { storedText } from '../../helpers/stored-rows';
import { sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();

/** every value returned or thrown in this file, scanned for key values at the end */
const { values: observed, see, failure } = observe();
/** every key value used in this file */
const secrets: string[] = [];
const opened: TestCore[] = [];

async function open(label: string, options: Parameters<typeof openTestCore>[1] = {}): Promise<TestCore> {
  const t = await openTestCore(label, { outbox: false, ...options });
  opened.push(t);
  return t;
}

/** the core's options for a stand-in outbox: it, and its queue of revocations for the keys */
function withQueue(outbox: RecordingOutbox): { outbox: RecordingOutbox; revocationQueue: RecordingOutbox['revocations'] } {
  return { outbox, revocationQueue: outbox.revocations };
}

async function deleteOnServer(sandbox: RunningSandbox, id: string, key: string): Promise<number> {
  const res = await fetch(`${sandbox.baseUrl}/api/v1/api-keys/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}

describe.skipIf(!hasKeychain)('KeyService with the real keychain and sandbox', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await openSandbox();
    secrets.push(sandbox.adminKey);
  });

  afterAll(() => closeOpened(...opened));

  describe('add', () => {
    it.each([
      ['too short', 'abc1234', /only 7 characters/],
      ['a space', 'crm_sk_abc def123', /white space/],
      ['a trailing newline', 'crm_sk_abcdef123\n', /white space/],
      ['non-ASCII', 'crm_sk_abcdéf123', /printable ASCII/],
      ['too long', `crm_sk_${'x'.repeat(506)}`, /513 characters/],
      ['empty', '', /Paste the key/],
    ])('refuses a value with %s before touching the keychain', async (_label, value, reason) => {
      const { core, store, dataDir } = await open('add-format');
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const err = await failure(core.keys.addKey({ profileId: profile.id, name: 'k', value }));
      expect(err.code).toBe('validation');
      expect(err.message).toMatch(/8 to 512 printable ASCII characters with no spaces/);
      expect(err.message).toMatch(reason);
      if (value.length > 0) expect(err.message).not.toContain(value.trim());
      expect(store.total).toBe(0);
      expect(await core.keys.list()).toEqual([]);
      expect(await filesContainingSecrets(dataDir, value.length >= 4 ? [value] : [])).toEqual([]);
    });

    it('writes the keychain, then metadata (fingerprint = last 4); the first key becomes active', async () => {
      const { core, raw, dataDir } = await open('add');
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const first = await see(core.keys.addKey({ profileId: profile.id, name: ' Admin ', value: sandbox.adminKey }));
      expect(first).toMatchObject({
        name: 'Admin',
        profileId: profile.id,
        fingerprint: sandbox.adminKey.slice(-4),
        state: 'active',
        permissions: null,
        serverKeyId: null,
        lastStatus: null,
        sync: null,
      });
      expect(await raw.get(keyAccount(first.id))).toBe(sandbox.adminKey);
      expect((await core.profiles.get(profile.id)).activeKeyId).toBe(first.id);
      const other = sandbox.createKey('second', ['contacts:read']);
      secrets.push(other.key);
      const second = await see(
        core.keys.addKey({ profileId: profile.id, name: 'Second', value: other.key, permissions: ['contacts:read'] }),
      );
      expect((await core.profiles.get(profile.id)).activeKeyId).toBe(first.id);
      expect((await core.keys.list(profile.id)).map((k) => k.id)).toEqual([first.id, second.id]);
      expect(await core.keys.list('p_other')).toEqual([]);
      expect(storedText(dataDir, 'saved_keys')).toContain(first.id);
      expect(await filesContainingSecrets(dataDir, [sandbox.adminKey, other.key])).toEqual([]);
    });

    it('removes the keychain entry again when the metadata write fails', async () => {
      const sets: string[] = [];
      const base = await open('add-rollback');
      const recording: SecretStore = {
        get: (a) => base.raw.get(a),
        set: (a, v) => {
          sets.push(a);
          return base.raw.set(a, v);
        },
        delete: (a) => base.raw.delete(a),
      };
      const { core, dataDir } = await open('add-rollback2', { raw: recording });
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      // the database refuses every new key record (as a full or failing disk would)
      const blocker = openDatabase(dataDir);
      blocker.exec("CREATE TRIGGER refuse_keys BEFORE INSERT ON saved_keys BEGIN SELECT RAISE(ABORT, 'refused'); END");
      blocker.close();
      const err = await failure(core.keys.addKey({ profileId: profile.id, name: 'k', value: sandbox.adminKey }));
      expect(err.code).toBe('internal');
      expect(err.message).toMatch(/Could not save the saved keys in crm\.db/);
      // the key's own entry (beside it, the fingerprint key its tag is made with)
      const keyEntries = sets.filter((a) => a.startsWith('key:'));
      expect(keyEntries).toHaveLength(1);
      expect(await base.raw.get(keyEntries[0] as string)).toBeNull();
      expect((await core.profiles.get(profile.id)).activeKeyId).toBeNull();
    });

    it('a locked keychain: keychain_unavailable, no metadata, no plaintext anywhere', async () => {
      const memory = new MemorySecretStore();
      memory.fail = true;
      const { core, dataDir } = await open('add-locked', { raw: memory });
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const err = await failure(core.keys.addKey({ profileId: profile.id, name: 'k', value: sandbox.adminKey }));
      expect(err.toInfo()).toEqual({ code: 'keychain_unavailable', message: expect.stringMatching(/keychain is unavailable or locked/) });
      expect(await core.keys.list()).toEqual([]);
      memory.fail = false; // unlocked again: nothing was left in it
      expect(await memory.accounts()).toEqual([]);
      expect(await filesContainingSecrets(dataDir, [sandbox.adminKey])).toEqual([]);
    });
  });

  describe('test', () => {
    let t: TestCore;
    let core: Core;
    let profileId: string;

    beforeAll(async () => {
      t = await open('test', withQueue(new RecordingOutbox()));
      core = t.core;
      profileId = (await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl })).id;
    });

    it('valid: one GET /contacts?per_page=1; fills permissions and server id for a keys:manage key', async () => {
      const admin = await core.keys.addKey({ profileId, name: 'Admin', value: sandbox.adminKey });
      const before = sandbox.requests().length;
      const result = await see(core.keys.checkKey(admin.id));
      expect(result.outcome).toBe('valid');
      expect(result.message).toMatch(/works/);
      const calls = sandbox.requests().slice(before);
      expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/contacts', query: { per_page: '1' }, status: 200 });
      expect(result.key.lastStatus).toBe('valid');
      expect(result.key.lastUsedAt).not.toBeNull();
      expect(result.key.permissions?.slice().sort()).toEqual(['contacts:read', 'keys:manage', 'messages:send']);
      expect(result.key.serverKeyId).toMatch(/^k_/);
    });

    it('invalid_or_revoked: a key deleted on the server', async () => {
      const made = sandbox.createKey('doomed', ['contacts:read']);
      secrets.push(made.key);
      const meta = await core.keys.addKey({ profileId, name: 'Doomed', value: made.key });
      expect(await deleteOnServer(sandbox, made.id, made.key)).toBe(200);
      const result = await see(core.keys.checkKey(meta.id));
      expect(result.outcome).toBe('invalid_or_revoked');
      expect(result.message).toMatch(/401/);
      expect(result.key.lastStatus).toBe('invalid_or_revoked');
    });

    it('forbidden: a key without contacts:read', async () => {
      const made = sandbox.createKey('sender only', ['messages:send']);
      secrets.push(made.key);
      const meta = await core.keys.addKey({ profileId, name: 'Sender', value: made.key });
      const result = await see(core.keys.checkKey(meta.id));
      expect(result.outcome).toBe('forbidden');
      expect(result.message).toMatch(/contacts:read/);
      expect(result.key.permissions).toBeNull();
    });

    it('server_error: a 500 from the API', async () => {
      const made = sandbox.createKey('five hundred', ['contacts:read']);
      secrets.push(made.key);
      const meta = await core.keys.addKey({ profileId, name: '500', value: made.key });
      sandbox.injectFaults([{ kind: 'status', status: 500, body: '<html>oops</html>', contentType: 'text/html' }], {
        pathPrefix: '/api/v1/contacts',
      });
      const result = await see(core.keys.checkKey(meta.id));
      expect(result.outcome).toBe('server_error');
      expect(result.message).toMatch(/500/);
    });

    it('unreachable: the sandbox is down; lastUsedAt is not moved', async () => {
      const made = sandbox.createKey('offline', ['contacts:read']);
      secrets.push(made.key);
      const meta = await core.keys.addKey({ profileId, name: 'Offline', value: made.key });
      await sandbox.suspend();
      try {
        const result = await see(core.keys.checkKey(meta.id));
        expect(result.outcome).toBe('unreachable');
        expect(result.message).toMatch(/could not be reached/);
        expect(result.key.lastStatus).toBe('unreachable');
        expect(result.key.lastUsedAt).toBeNull();
      } finally {
        await sandbox.resume();
      }
    });

    it('rate_limited: a key over its token bucket', async () => {
      const limited = await openSandbox({ rate: 0.001, burst: 1 });
      secrets.push(limited.adminKey);
      const p = await core.profiles.create({ name: 'Limited', baseUrl: limited.baseUrl });
      const meta = await core.keys.addKey({ profileId: p.id, name: 'Limited', value: limited.adminKey, permissions: ['contacts:read'] });
      expect((await see(core.keys.checkKey(meta.id))).outcome).toBe('valid');
      const result = await see(core.keys.checkKey(meta.id));
      expect(result.outcome).toBe('rate_limited');
      expect(result.message).toMatch(/429/);
      expect(result.message).toMatch(/Try again in \d+ s/);
    });

    it('a revoked key cannot be tested and makes no request', async () => {
      const made = sandbox.createKey('revoked', ['contacts:read']);
      secrets.push(made.key);
      const meta = await core.keys.addKey({ profileId, name: 'Revoked', value: made.key });
      await core.keys.revoke(meta.id);
      const before = sandbox.requests().length;
      const err = await failure(core.keys.checkKey(meta.id));
      expect(err.code).toBe('key_revoked');
      expect(sandbox.requests().length).toBe(before);
    });
  });

  describe('the key cache', () => {
    it('reads the keychain once, then makes zero keychain calls per request', async () => {
      const { core, store } = await open('cache');
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      await core.keys.addKey({ profileId: profile.id, name: 'Admin', value: sandbox.adminKey });
      store.reset();
      // several first requests at once still read the keychain once
      await Promise.all([1, 2, 3].map(() => core.contacts.list({ perPage: 1 })));
      expect(store.counts).toEqual({ get: 1, set: 0, delete: 0 });
      store.reset();
      for (let i = 0; i < 10; i += 1) await core.contacts.list({ page: i + 1, perPage: 2 });
      expect(store.total).toBe(0);
    });
  });

  describe('revoke', () => {
    it('mid-flight: the hanging request rejects with key_revoked; later uses fail without a request', async () => {
      const outbox = new RecordingOutbox();
      const { core, raw, store } = await open('revoke-inflight', withQueue(outbox));
      const made = sandbox.createKey('in flight', ['contacts:read']);
      secrets.push(made.key);
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await core.keys.addKey({ profileId: profile.id, name: 'In flight', value: made.key, serverKeyId: made.id });
      sandbox.injectFaults([{ kind: 'hang' }], { pathPrefix: '/api/v1/contacts' });
      const before = requestCount(sandbox);
      const pending = see(core.contacts.list({ perPage: 3 }));
      pending.catch(() => undefined);
      await vi.waitFor(() => expect(requestCount(sandbox)).toBe(before + 1), { timeout: 5000, interval: 10 });
      store.reset();
      const revoked = await see(core.keys.revoke(meta.id));
      const err = await failure(pending);
      expect(err.code).toBe('key_revoked');
      expect(err.message).toBe(KEY_REVOKED_IN_FLIGHT);
      expect(revoked).toMatchObject({ id: meta.id, state: 'revoked', sync: { state: 'pending', reason: 'queued' } });
      expect(revoked.revokedAt).not.toBeNull();
      // cached value moved without another read: one set (revoking:) and one delete (key:)
      expect(store.counts).toEqual({ get: 0, set: 1, delete: 1 });
      expect(await raw.get(keyAccount(meta.id))).toBeNull();
      expect(await raw.get(revokingAccount(meta.id))).toBe(made.key);
      // no part of the value goes to the outbox (issue 10 item 3): the id, and where the key belongs
      expect(outbox.queuedRevocations).toEqual([
        { profileId: profile.id, localKeyId: meta.id, serverKeyId: made.id, origin: new URL(sandbox.baseUrl).origin, label: 'In flight' },
      ]);

      const after = requestCount(sandbox);
      store.reset();
      expect((await failure(core.contacts.list({ perPage: 3 }))).code).toBe('key_revoked');
      expect((await failure(core.keyAccess.withKey(profile.id, meta.id, async () => 'never'))).code).toBe('key_revoked');
      expect((await failure(sendText(core.messages, { number: '5511999990000', text: 'hi' }))).code).toBe('key_revoked');
      expect(requestCount(sandbox)).toBe(after);
      expect(store.total).toBe(0);
      expect(outbox.messages).toEqual([]);
      // revoking twice is a no-op; the revoked key cannot become active again
      expect((await see(core.keys.revoke(meta.id))).revokedAt).toBe(revoked.revokedAt);
      expect(outbox.queuedRevocations).toHaveLength(1);
      expect((await failure(core.profiles.setActiveKey(profile.id, meta.id))).code).toBe('key_revoked');
      // the outbox reports progress; the key service listens
      await outbox.report(meta.id, profile.id, { state: 'synced', at: '2026-01-01T00:00:00.000Z' });
      expect((await core.keys.get(meta.id)).sync).toEqual({ state: 'synced', at: '2026-01-01T00:00:00.000Z' });
    });

    it('with the keychain locked the local revocation still holds; the stale entry goes once the server side is synced', async () => {
      const memory = new MemorySecretStore();
      const outbox = new RecordingOutbox();
      const { core } = await open('revoke-locked', { raw: memory, ...withQueue(outbox) });
      const made = sandbox.createKey('locked', ['contacts:read']);
      secrets.push(made.key);
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await core.keys.addKey({ profileId: profile.id, name: 'Locked', value: made.key });
      await core.contacts.list({ perPage: 1 }); // cached
      memory.fail = true;
      const revoked = await see(core.keys.revoke(meta.id));
      expect(revoked.state).toBe('revoked');
      // neither a server id nor a kept value to recognise it by (no prefix is stored any more):
      // the server cannot be told from here (issue 10 item 3)
      expect(revoked.sync).toEqual({ state: 'local_only' });
      expect(outbox.queuedRevocations).toEqual([]);
      expect((await failure(core.contacts.list({ perPage: 1 }))).code).toBe('key_revoked');
      memory.fail = false;
      expect(await memory.accounts()).toEqual([FINGERPRINT_KEY_ACCOUNT, keyAccount(meta.id)]);
      await outbox.report(meta.id, profile.id, { state: 'synced', at: '2026-01-01T00:00:00.000Z' });
      expect(await memory.accounts()).toEqual([FINGERPRINT_KEY_ACCOUNT]);
    });

    it('a short key without a server id is queued with no part of its value: its kept value finds it later', async () => {
      const outbox = new RecordingOutbox();
      const { core } = await open('revoke-local-only', withQueue(outbox));
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await core.keys.addKey({ profileId: profile.id, name: 'Short', value: 'shortkey9' });
      secrets.push('shortkey9');
      const revoked = await see(core.keys.revoke(meta.id));
      expect(revoked).toMatchObject({ state: 'revoked', sync: { state: 'pending', reason: 'queued' } });
      expect(outbox.queuedRevocations).toEqual([
        { profileId: profile.id, localKeyId: meta.id, serverKeyId: null, origin: new URL(sandbox.baseUrl).origin, label: 'Short' },
      ]);
      expect(findSecrets(outbox.queuedRevocations, ['shortkey9'])).toEqual([]);
    });

    it('is durable: a new process still refuses the revoked key', async () => {
      const first = await open('revoke-durable', withQueue(new RecordingOutbox()));
      const made = sandbox.createKey('durable', ['contacts:read']);
      secrets.push(made.key);
      const profile = await first.core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await first.core.keys.addKey({ profileId: profile.id, name: 'Durable', value: made.key });
      await first.core.keys.revoke(meta.id);
      await first.core.close();
      const second = await open('revoke-durable-2', { raw: first.raw, dataDir: first.dataDir });
      const before = requestCount(sandbox);
      expect((await failure(second.core.contacts.list({ profileId: profile.id }))).code).toBe('key_revoked');
      expect(requestCount(sandbox)).toBe(before);
    });

    it('through the outbox: one DELETE by the key itself, then the revocation copy is dropped', async () => {
      // the real outbox, as the app and `crm keys revoke` have it
      const t = await openTestCore('revoke-self');
      opened.push(t);
      const { core, raw } = t;
      const made = sandbox.createKey('self delete', ['contacts:read']);
      secrets.push(made.key);
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await core.keys.addKey({ profileId: profile.id, name: 'Self', value: made.key, serverKeyId: made.id });
      await see(core.keys.revoke(meta.id));
      await core.outbox?.syncNow();
      const synced = async (): Promise<boolean> =>
        (await core.keys.get(meta.id)).sync?.state === 'synced' && (await raw.get(revokingAccount(meta.id))) === null;
      await vi.waitFor(async () => expect(await synced()).toBe(true), { timeout: 10_000, interval: 20 });
      const deletes = sandbox.requests().filter((r) => r.method === 'DELETE' && r.path === `/api/v1/api-keys/${made.id}`);
      expect(deletes.map((r) => r.status)).toEqual([200]);
      expect((await core.keys.get(meta.id)).sync).toMatchObject({ state: 'synced' });
      expect(await raw.get(revokingAccount(meta.id))).toBeNull();
      const check = await fetch(`${sandbox.baseUrl}/api/v1/contacts?per_page=1`, { headers: { authorization: `Bearer ${made.key}` } });
      await check.arrayBuffer();
      expect(check.status).toBe(401);
    });

    it('without an outbox the revocation stays here: no request, no copy of the value, local only', async () => {
      const { core, raw } = await open('revoke-no-outbox');
      const made = sandbox.createKey('no outbox', ['contacts:read']);
      secrets.push(made.key);
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await core.keys.addKey({ profileId: profile.id, name: 'Here only', value: made.key, serverKeyId: made.id });
      const before = requestCount(sandbox);
      const revoked = await see(core.keys.revoke(meta.id));
      expect(revoked).toMatchObject({ state: 'revoked', sync: { state: 'local_only' } });
      expect(requestCount(sandbox)).toBe(before);
      expect(await raw.get(keyAccount(meta.id))).toBeNull();
      expect(await raw.get(revokingAccount(meta.id))).toBeNull();
    });
  });

  describe('server keys', () => {
    let t: TestCore;
    let profileId: string;
    const outbox = new RecordingOutbox();

    beforeAll(async () => {
      t = await open('server-keys', withQueue(outbox));
      profileId = (await t.core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl })).id;
      await t.core.keys.addKey({ profileId, name: 'Admin', value: sandbox.adminKey });
    });

    it('createServerKey puts the value only in the keychain; it can be copied once', async () => {
      const { core, raw, dataDir } = t;
      const meta = await see(core.keys.createServerKey({ name: 'CI bot', permissions: ['contacts:read'] }));
      const value = await raw.get(keyAccount(meta.id));
      expect(value).toMatch(/^[\x21-\x7e]{8,512}$/);
      secrets.push(value as string);
      expect(meta).toMatchObject({
        name: 'CI bot',
        profileId,
        permissions: ['contacts:read'],
        state: 'active',
        fingerprint: (value as string).slice(-4),
      });
      expect(meta.serverKeyId).toMatch(/^k_/);
      expect(findSecrets(meta, [value as string])).toEqual([]);
      expect(await filesContainingSecrets(dataDir, [value as string])).toEqual([]);
      expect(findSecrets(core.requestLog.list(), [value as string])).toEqual([]);
      // the active key did not change
      expect((await core.profiles.get(profileId)).activeKeyId).not.toBe(meta.id);
      // the new key works
      const page = await core.keyAccess.withKey(profileId, meta.id, async (key) => key === value);
      expect(page).toBe(true);
      expect(await core.keys.takeNewKeyValueForClipboard(meta.id)).toBe(value);
      const again = await failure(core.keys.takeNewKeyValueForClipboard(meta.id));
      expect(again.code).toBe('conflict');
      expect(again.message).toMatch(/already copied/);
      // a key added by hand can never be copied
      const admin = (await core.keys.list(profileId)).find((k) => k.name === 'Admin');
      expect((await failure(core.keys.takeNewKeyValueForClipboard(admin?.id as string))).code).toBe('conflict');
    });

    it('the copy window closes after 5 minutes', async () => {
      let now = new Date('2026-03-01T10:00:00.000Z');
      const clocked = await open('server-keys-clock', { now: () => now });
      const p = await clocked.core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      await clocked.core.keys.addKey({ profileId: p.id, name: 'Admin', value: sandbox.adminKey });
      const meta = await clocked.core.keys.createServerKey({ name: 'late copy' });
      secrets.push((await clocked.raw.get(keyAccount(meta.id))) as string);
      now = new Date('2026-03-01T10:05:01.000Z');
      const err = await failure(clocked.core.keys.takeNewKeyValueForClipboard(meta.id));
      expect(err.code).toBe('conflict');
      expect(err.message).toMatch(/5 minutes/);
    });

    it('listServerKeys shows ids, names and prefixes, never a value', async () => {
      const { keys, cachedAt } = await see(t.core.keys.listServerKeys());
      expect(cachedAt).toBeNull();
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(keys.find((k) => k.name === 'CI bot')).toMatchObject({ permissions: ['contacts:read'] });
      for (const k of keys) expect(k.prefix.length).toBeGreaterThan(0);
    });

    it('shows at most 12 characters of a listed prefix, however much of a key the service puts there', async () => {
      // a service of its own: the sandbox is shared with other cores whose outboxes list its keys
      const whole = `crm_sk_${'Zq8Lw2'.repeat(6)}`;
      const service = await startHttpServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ data: [{ id: 'k_leaky', name: 'leaky', prefix: whole, permissions: [] }] }));
      });
      try {
        const p = await t.core.profiles.create({ name: 'Leaky prefixes', baseUrl: service.url });
        await t.core.keys.addKey({ profileId: p.id, name: 'Admin', value: `crm_sk_${'Ab3'.repeat(10)}` });
        const { keys } = await see(t.core.keys.listServerKeys(p.id));
        expect(keys).toEqual([expect.objectContaining({ id: 'k_leaky', prefix: whole.slice(0, SHOWN_PREFIX_CHARS) })]);
      } finally {
        await service.close();
      }
    });

    it('revokeServerKey: a locally saved key is revoked locally too; another is only queued', async () => {
      const made = await t.core.keys.createServerKey({ name: 'to revoke' });
      secrets.push((await t.raw.get(keyAccount(made.id))) as string);
      const result = await see(t.core.keys.revokeServerKey({ serverKeyId: made.serverKeyId as string }));
      expect(result).toEqual({ serverKeyId: made.serverKeyId, queued: true });
      expect((await t.core.keys.get(made.id)).state).toBe('revoked');
      expect(outbox.queuedRevocations[0]).toMatchObject({ localKeyId: made.id, serverKeyId: made.serverKeyId, label: 'to revoke' });

      const remote = sandbox.createKey('remote only', ['contacts:read']);
      secrets.push(remote.key);
      await t.core.keys.listServerKeys();
      expect(await see(t.core.keys.revokeServerKey({ serverKeyId: remote.id }))).toEqual({ serverKeyId: remote.id, queued: true });
      expect(outbox.queuedRevocations[1]).toEqual({
        profileId,
        localKeyId: null,
        serverKeyId: remote.id,
        origin: new URL(sandbox.baseUrl).origin,
        label: 'remote only',
      });
    });

    it('a key the keychain cannot take is deleted again on the server', async () => {
      const memory = new MemorySecretStore();
      const { core } = await open('server-keys-locked', { raw: memory });
      const p = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      await core.keys.addKey({ profileId: p.id, name: 'Admin', value: sandbox.adminKey });
      await core.contacts.list({ perPage: 1 }); // the admin key is now cached
      memory.fail = true;
      const before = sandbox.requests().length;
      const err = await failure(core.keys.createServerKey({ name: 'orphan' }));
      expect(err.code).toBe('keychain_unavailable');
      const calls = sandbox
        .requests()
        .slice(before)
        .map((r) => `${r.method} ${r.path.replace(/k_[^/]+$/, 'k_*')} ${r.status}`);
      expect(calls).toEqual(['POST /api/v1/api-keys 201', 'DELETE /api/v1/api-keys/k_* 200']);
      expect(await core.keys.list()).toHaveLength(1);
    });
  });

  describe('server revocation without an outbox (issue 10 item 6)', () => {
    it('a 404 counts as done only when the key is then absent from the server list', async () => {
      const { core } = await open('revoke-404');
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      await core.keys.addKey({ profileId: profile.id, name: 'Admin', value: sandbox.adminKey });
      const victim = sandbox.createKey('victim', ['contacts:read']);
      secrets.push(victim.key);
      // already deleted on the server: 404, and not listed any more
      expect(await deleteOnServer(sandbox, victim.id, sandbox.adminKey)).toBe(200);
      expect(await see(core.keys.revokeServerKey({ serverKeyId: victim.id }))).toEqual({ serverKeyId: victim.id, queued: false });
      // a mistyped Delete API key path: 404 for the route, while the key is still listed
      const alive = sandbox.createKey('alive', ['contacts:read']);
      secrets.push(alive.key);
      await core.profiles.update(profile.id, { endpointOverrides: { 'keys.delete': '/api/v1/api-key/{id}' } });
      const err = await failure(core.keys.revokeServerKey({ serverKeyId: alive.id }));
      expect(err).toMatchObject({ code: 'not_found', status: 404 });
      expect(err.message).toMatch(
        /^The server does not know this route: DELETE \/api\/v1\/api-key\/k_\w+ answered 404 while the key is still in its key list/,
      );
      expect(await deleteOnServer(sandbox, alive.id, alive.key)).toBe(200); // it was alive all along
    });
  });

  describe('profile removal', () => {
    it('removes the profile keys from the keychain', async () => {
      const { core, raw } = await open('remove');
      const profile = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const meta = await core.keys.addKey({ profileId: profile.id, name: 'Admin', value: sandbox.adminKey });
      await core.contacts.list({ perPage: 1 });
      await core.profiles.remove(profile.id);
      expect(await raw.get(keyAccount(meta.id))).toBeNull();
      expect(await core.keys.list()).toEqual([]);
      expect((await failure(core.keyAccess.withKey(profile.id, meta.id, async () => 1))).code).toMatch(/no_key|key_revoked/);
    });
  });

  it('secret scan: no key value in anything returned or thrown, in the request logs or on disk', async () => {
    expect(observed.length).toBeGreaterThan(20);
    // The scan counts any 8+ run of a key, in any case. A server key list shows each OTHER key's
    // prefix as the server chose it (docs/API.md: "prefix":"crm_sk_ab12"); that is the listing, not a
    // leak of the key in use (whose own entry arrives as ***), so listed prefixes are left out.
    const unlisted = (keys: unknown[]) => keys.map((k) => ({ ...(k as object), prefix: '(listed)' }));
    const isServerKeyList = (o: unknown): o is { keys: unknown[] } =>
      typeof o === 'object' && o !== null && 'cachedAt' in o && Array.isArray((o as { keys?: unknown }).keys);
    const withoutListedPrefixes = observed.map((o) => (isServerKeyList(o) ? { ...o, keys: unlisted(o.keys) } : o));
    expect(findSecrets(withoutListedPrefixes, secrets)).toEqual([]);
    for (const t of opened) {
      expect(findSecrets(t.core.requestLog.list(), secrets)).toEqual([]);
      expect(await filesContainingSecrets(t.dataDir, secrets)).toEqual([]);
    }
  });
});
