// createCore as the app, the CLI and the e2e harness get it: the real keytar store, the undici
// sender feeding the request log, and the real outbox taking revocations and offline sends.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../src-main/core/create-core';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import { keyAccount, revokingAccount } from '../../../src-main/core/secrets/secret-store';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore } from '../helpers/core';
import type { TestCore } from '../helpers/core';
import { keychainAvailable, uniqueKeychainService } from '../helpers/keychain';
import { closeOpened } from '../helpers/opened-cores';
import { openSandbox } from '../helpers/sandbox';
import { filesContainingSecrets, findSecrets } from '../helpers/secret-scan';
import { storedText } from '../helpers/stored-rows';
import { tempDir } from '../helpers/temp-dir';
import { sendMedia, sendText } from '../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.skipIf(!hasKeychain)('createCore', () => {
  let sandbox: RunningSandbox;
  const opened: TestCore[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    sandbox = await openSandbox();
    secrets.push(sandbox.adminKey);
  });

  afterAll(() => closeOpened(...opened));

  async function open(label: string): Promise<TestCore & { profileId: string; keyId: string }> {
    const t = await openTestCore(label);
    opened.push(t);
    return {
      ...t,
      ...(await addProfileWithKey(
        t.core,
        { name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true },
        { name: 'Admin', value: sandbox.adminKey },
      )),
    };
  }

  it('stores keys under the given keychain service and logs requests with Authorization redacted', async () => {
    const service = uniqueKeychainService('create-core');
    const dataDir = await tempDir();
    const core = await createCore({ dataDir, keychainService: service, outbox: false });
    const direct = new KeytarSecretStore({ service });
    try {
      expect(core.outbox).toBeUndefined();
      const p = await core.profiles.create({ name: 'P', baseUrl: sandbox.baseUrl });
      const key = await core.keys.addKey({ profileId: p.id, name: 'Admin', value: sandbox.adminKey });
      expect(await direct.get(keyAccount(key.id))).toBe(sandbox.adminKey);
      const live: string[] = [];
      const subscription = core.requestLog.onDidAppend(({ entry: e }) => live.push(`${e.method} ${e.path} ${e.status}`));
      await core.contacts.list({ perPage: 2 });
      subscription.dispose();
      expect(live).toEqual(['GET /api/v1/contacts?page=1&per_page=2 200']);
      const entry = core.requestLog.list().at(-1);
      expect(entry?.requestHeaders.Authorization ?? entry?.requestHeaders.authorization).toBe('Bearer ***');
      expect(findSecrets(core.requestLog.list(), [sandbox.adminKey])).toEqual([]);
      await core.close();
      await core.close(); // idempotent
      await direct.delete(keyAccount(key.id));
    } finally {
      await core.close();
    }
  });

  it('reports a corrupt metadata file of an earlier version as a notice and starts clean', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'profiles.json'), '{ not json');
    const core = await createCore({ dataDir, keychainService: uniqueKeychainService('corrupt'), outbox: false });
    try {
      expect(core.notices).toEqual([
        expect.stringMatching(
          /^profiles\.json could not be read and was set aside as profiles\.json\.corrupt-.+; starting with an empty one\.$/,
        ),
      ]);
      expect((await core.profiles.list()).profiles).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('a revocation goes through the outbox: the server key is deleted and the revocation copy dropped', async () => {
    const t = await open('outbox-revoke');
    // the real outbox is open, and nothing waits in it before the revocation
    expect(await t.core.outbox?.list()).toEqual([]);
    const made = await t.core.keys.createServerKey({ name: 'short lived', permissions: ['contacts:read'] });
    const value = (await t.raw.get(keyAccount(made.id))) as string;
    secrets.push(value);
    const revoked = await t.core.keys.revoke(made.id);
    expect(revoked.state).toBe('revoked');
    await t.core.outbox?.syncNow();
    await vi.waitFor(async () => expect((await t.core.keys.get(made.id)).sync).toMatchObject({ state: 'synced' }), {
      timeout: 10_000,
      interval: 20,
    });
    // the kept value is dropped right after the synced state is on disk
    await vi.waitFor(async () => expect(await t.raw.get(revokingAccount(made.id))).toBeNull(), { timeout: 10_000, interval: 20 });
    expect(
      sandbox.requests().some((r) => r.method === 'DELETE' && r.path === `/api/v1/api-keys/${made.serverKeyId}` && r.status === 200),
    ).toBe(true);
    expect(await t.raw.get(revokingAccount(made.id))).toBeNull();
    expect(await t.raw.get(keyAccount(made.id))).toBeNull();
    const check = await fetch(`${sandbox.baseUrl}/api/v1/contacts?per_page=1`, { headers: { authorization: `Bearer ${value}` } });
    await check.arrayBuffer();
    expect(check.status).toBe(401);
  });

  it("a revocation's progress is the outbox's record alone: the saved keys never hold it, a process without the outbox reads it", async () => {
    const t = await open('outbox-record');
    const made = await t.core.keys.createServerKey({ name: 'recorded', permissions: ['contacts:read'] });
    secrets.push((await t.raw.get(keyAccount(made.id))) as string);
    await sandbox.suspend();
    try {
      await t.core.keys.revoke(made.id);
      await vi.waitFor(async () => expect((await t.core.keys.get(made.id)).sync).toMatchObject({ state: 'pending', reason: 'offline' }), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await sandbox.resume();
    }
    expect(storedText(t.dataDir, 'saved_keys')).not.toMatch(/sync|pending|offline/);
    // what `crm keys list` opens: the same data dir, no outbox running
    const reader = await openTestCore('outbox-record-reader', { outbox: false, raw: t.raw, dataDir: t.dataDir });
    try {
      expect((await reader.core.keys.get(made.id)).sync).toMatchObject({ state: 'pending', reason: 'offline' });
      await t.core.outbox?.syncNow();
      await vi.waitFor(async () => expect((await t.core.keys.get(made.id)).sync).toMatchObject({ state: 'synced' }), {
        timeout: 10_000,
        interval: 20,
      });
      expect((await reader.core.keys.get(made.id)).sync).toMatchObject({ state: 'synced' });
    } finally {
      await reader.core.close();
    }
    expect(storedText(t.dataDir, 'saved_keys')).not.toMatch(/sync|pending|offline/);
  });

  it('an offline send is queued and delivered later with the same Idempotency-Key; a staged file survives until then', async () => {
    const t = await open('outbox-send');
    const staged = await t.core.files.stageFromBytes('dot.png', PNG, 'image');
    await sandbox.suspend();
    let textQueued: { status: string; outboxId?: string };
    let mediaQueued: { status: string; outboxId?: string };
    try {
      textQueued = await sendText(t.core.messages, { number: '5511966665555', text: 'queued text' }, { idempotencyKey: 'queued-key-0001' });
      mediaQueued = await sendMedia(t.core.messages, {
        number: '5511966665555',
        mediatype: 'image',
        source: { kind: 'file', path: t.core.files.resolve(staged.fileId) },
      });
    } finally {
      await sandbox.resume();
    }
    expect(textQueued.status).toBe('queued');
    expect(mediaQueued.status).toBe('queued');
    await t.core.files.release(staged.fileId);
    expect(await readdir(join(t.dataDir, 'outbox-files'))).toHaveLength(1);
    await t.core.outbox?.syncNow();
    await vi.waitFor(
      async () => {
        const items = (await t.core.outbox?.list()) ?? [];
        expect(items.filter((i) => i.id === textQueued.outboxId || i.id === mediaQueued.outboxId).map((i) => i.state)).toEqual([
          'sent',
          'sent',
        ]);
      },
      { timeout: 10_000, interval: 20 },
    );
    const posts = sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text' && r.headers['idempotency-key'] === 'queued-key-0001');
    expect(posts.map((r) => r.status)).toEqual([201]);
    const media = sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/media' && r.status === 201)
      .at(-1);
    expect(media?.json).toMatchObject({ number: '5511966665555', mimetype: 'image/png' });
    await vi.waitFor(async () => expect(await readdir(join(t.dataDir, 'outbox-files'))).toEqual([]), { timeout: 5_000, interval: 20 });
  });

  it('nothing secret on disk or in the logs', async () => {
    for (const t of opened) {
      expect(await filesContainingSecrets(t.dataDir, secrets)).toEqual([]);
      expect(findSecrets(t.core.requestLog.list(), secrets)).toEqual([]);
    }
  });
});
