// ContactsService and MessageService against the real sandbox with a key from the real keychain:
// builder -> sender -> parser, Idempotency-Keys, offline queueing with the same key, previews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageServiceImpl } from '../../../../src-main/core/messages/message-service';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addSandboxProfile, openTestCore } from '../../helpers/core';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { observe } from '../../helpers/observed';
import { RecordingOutbox } from '../../helpers/recording-outbox';
import { closeSandboxes, openSandbox, requestCount } from '../../helpers/sandbox';
import { filesContainingSecrets, findSecrets } from '../../helpers/secret-scan';
import { sendAudio, sendMedia, sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.skipIf(!hasKeychain)('contacts and messages', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let profileId: string;
  let keyId: string;
  const { values: observed, see, failure } = observe();
  /** the core's message service over the same profiles, keys and HTTP client, with a recording outbox */
  const queueingInto = (outbox: RecordingOutbox): MessageServiceImpl =>
    new MessageServiceImpl({ profiles: t.core.profiles, keyAccess: t.core.keyAccess, sender: t.core.sender, outbox });

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 120 });
    t = await openTestCore('messaging', { outbox: false });
    ({ profileId, keyId } = await addSandboxProfile(t.core, sandbox, 'Sandbox', 'Admin'));
  });

  afterAll(async () => {
    await t.cleanup();
    await closeSandboxes();
  });

  it('lists a page of contacts and records the key use', async () => {
    const page = await see(t.core.contacts.list({ page: 2, perPage: 25 }));
    expect(page).toMatchObject({ page: 2, perPage: 25, total: 120, totalPages: 5 });
    expect(page.items).toHaveLength(25);
    expect(page.items[0]).toEqual(
      expect.objectContaining({ id: expect.stringMatching(/^c_/), number: expect.stringMatching(/^\d{8,15}$/) }),
    );
    const last = sandbox.requests().at(-1);
    expect(last).toMatchObject({ method: 'GET', path: '/api/v1/contacts', query: { page: '2', per_page: '25' } });
    expect(last?.headers.authorization).toBe(`Bearer ${sandbox.adminKey}`);
    await t.core.close().catch(() => undefined);
  });

  it('searches', async () => {
    t = await openTestCore('messaging2', { outbox: false, raw: t.raw, dataDir: t.dataDir });
    const first = (await t.core.contacts.list({ perPage: 1 })).items[0];
    const page = await see(t.core.contacts.list({ search: first?.name ?? '', perPage: 50 }));
    expect(page.items.some((c) => c.id === first?.id)).toBe(true);
    const key = await t.core.keys.get(keyId);
    expect(key.lastStatus).toBe('valid');
    expect(key.lastUsedAt).not.toBeNull();
  });

  it('an invalid query fails locally: no keychain read, no request', async () => {
    const before = requestCount(sandbox);
    t.store.reset();
    const err = await failure(t.core.contacts.list({ perPage: 501 }));
    expect(err.code).toBe('validation');
    expect(requestCount(sandbox)).toBe(before);
    expect(t.store.total).toBe(0);
  });

  it('sends a text with a fresh UUID Idempotency-Key; a reused key replays the first response', async () => {
    const sent = await see(sendText(t.core.messages, { number: '+55 (11) 99999-0000', text: 'Olá 🙂' }));
    expect(sent.status).toBe('sent');
    if (sent.status !== 'sent') return;
    expect(sent.message).toMatchObject({ type: 'text', number: '5511999990000', status: 'queued' });
    const post = sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text')
      .at(-1);
    const idem = post?.headers['idempotency-key'] as string;
    expect(idem).toMatch(UUID);
    const again = await see(sendText(t.core.messages, { number: '5511999990000', text: 'Olá 🙂' }, { idempotencyKey: idem }));
    expect(again.status === 'sent' && again.message.id).toBe(sent.message.id);
    const other = await see(sendText(t.core.messages, { number: '5511999990000', text: 'Olá 🙂' }));
    expect(other.status === 'sent' && other.message.id).not.toBe(sent.message.id);
    const history = await see(t.core.messages.list({ number: '5511999990000' }));
    expect(history.total).toBe(2);
    expect(history.items.map((m) => m.id).sort()).toEqual([sent.message.id, other.status === 'sent' ? other.message.id : ''].sort());
  });

  it('sends media from a staged file and a voice note', async () => {
    const staged = await t.core.files.stageFromBytes('dot.png', PNG, 'image');
    const path = t.core.files.resolve(staged.fileId);
    const media = await see(
      sendMedia(t.core.messages, { number: '5511988887777', mediatype: 'image', source: { kind: 'file', path }, caption: 'a dot' }),
    );
    expect(media.status).toBe('sent');
    if (media.status === 'sent')
      expect(media.message.raw).toMatchObject({ type: 'media', mimetype: 'image/png', bytes: PNG.length, caption: 'a dot' });
    await t.core.files.release(staged.fileId);
    const audio = await see(
      sendAudio(t.core.messages, {
        number: '5511988887777',
        source: { kind: 'url', url: 'https://example.com/note.ogg' },
        mimetype: 'audio/ogg',
      }),
    );
    expect(audio.status).toBe('sent');
  });

  it('prepare returns the exact request and the problems, without a key or a request', async () => {
    const before = requestCount(sandbox);
    t.store.reset();
    const good = await see(
      t.core.messages.prepare({ op: 'messages.text', input: { number: '5511999990000', text: 'hi' }, idempotencyKey: 'fixed-key-1' }),
    );
    expect(good.problems).toEqual([]);
    expect(good.request).toMatchObject({ method: 'POST', url: `${sandbox.baseUrl}/api/v1/messages/text`, idempotencyKey: 'fixed-key-1' });
    expect(good.request.headers.Authorization ?? good.request.headers.authorization).toBeUndefined();
    const bad = await see(
      t.core.messages.prepare({ op: 'messages.text', input: { number: '12', text: '' }, idempotencyKey: 'fixed-key-2' }),
    );
    expect(bad.problems.map((p) => p.field).sort()).toEqual(['number', 'text']);
    expect(requestCount(sandbox)).toBe(before);
    expect(t.store.total).toBe(0);
  });

  it('a bad number is refused before the key is read or anything is sent', async () => {
    const before = requestCount(sandbox);
    t.store.reset();
    const err = await failure(sendText(t.core.messages, { number: 'abc', text: 'hi' }));
    expect(err.code).toBe('validation');
    expect(requestCount(sandbox)).toBe(before);
    expect(t.store.total).toBe(0);
  });

  it('a key without messages:send gets forbidden, which is thrown, not queued', async () => {
    const outbox = new RecordingOutbox();
    const messages = queueingInto(outbox);
    const reader = sandbox.createKey('reader', ['contacts:read']);
    const p = await t.core.profiles.create({ name: 'Reader', baseUrl: sandbox.baseUrl });
    await t.core.keys.addKey({ profileId: p.id, name: 'Reader', value: reader.key });
    const err = await failure(sendText(messages, { number: '5511999990000', text: 'hi' }, { profileId: p.id }));
    expect(err.code).toBe('forbidden');
    expect(outbox.messages).toEqual([]);
    expect(findSecrets(observed, [reader.key])).toEqual([]);
  });

  it('a 200 whose body says the message was not sent is thrown as refused_by_service with the reason, not queued', async () => {
    const outbox = new RecordingOutbox();
    const messages = queueingInto(outbox);
    sandbox.injectFaults(
      [{ kind: 'status', status: 200, body: '{"success":false,"message":"Instance is not connected"}', contentType: 'application/json' }],
      { method: 'POST', pathPrefix: '/api/v1/messages/text' },
    );
    const err = await failure(sendText(messages, { number: '5511999990000', text: 'refused in a 200' }, { profileId }));
    expect(err).toMatchObject({
      code: 'refused_by_service',
      status: 200,
      message: 'The service did not send the message: Instance is not connected',
    });
    expect(outbox.messages).toEqual([]);
  });

  describe('API unreachable', () => {
    it('queues into the outbox with the same Idempotency-Key', async () => {
      const outbox = new RecordingOutbox();
      const messages = queueingInto(outbox);
      await sandbox.suspend();
      try {
        const given = await see(sendText(messages, { number: '5511977776666', text: 'later' }, { idempotencyKey: 'retry-key-123' }));
        expect(given).toEqual({ status: 'queued', outboxId: 'ob_1', reason: expect.stringMatching(/could not be reached/) });
        const fresh = await see(sendText(messages, { number: '5511977776666', text: 'later 2' }));
        expect(fresh.status).toBe('queued');
        expect(outbox.messages).toHaveLength(2);
        expect(outbox.messages[0]).toEqual({
          profileId,
          keyId,
          op: { op: 'messages.text', input: { number: '5511977776666', text: 'later' }, idempotencyKey: 'retry-key-123' },
          label: '5511977776666',
          // the request as built for this send, and where it was for: what the outbox sends later
          request: expect.objectContaining({
            method: 'POST',
            idempotencyKey: 'retry-key-123',
            url: `${sandbox.baseUrl}/api/v1/messages/text`,
          }),
          baseUrl: sandbox.baseUrl,
        });
        expect(outbox.messages[1]?.op.idempotencyKey).toMatch(UUID);
        // queueWhenOffline: false (the CLI) fails instead
        const err = await failure(sendText(messages, { number: '5511977776666', text: 'now or never' }, { queueWhenOffline: false }));
        expect(err.code).toBe('network');
        expect(outbox.messages).toHaveLength(2);
        // contacts are never queued
        expect((await failure(t.core.contacts.list({}))).code).toBe('network');
        expect((await t.core.keys.get(keyId)).lastStatus).toBe('unreachable');
      } finally {
        await sandbox.resume();
      }
    });

    it('without an outbox the network error is thrown', async () => {
      await sandbox.suspend();
      try {
        expect((await failure(sendText(t.core.messages, { number: '5511977776666', text: 'x' }))).code).toBe('network');
      } finally {
        await sandbox.resume();
      }
    });
  });

  it('a caller signal cancels a send', async () => {
    sandbox.injectFaults([{ kind: 'hang' }], { pathPrefix: '/api/v1/messages/text' });
    const controller = new AbortController();
    const before = requestCount(sandbox);
    const pending = see(
      sendText(t.core.messages, { number: '5511977776666', text: 'cancel me' }, { signal: controller.signal, queueWhenOffline: false }),
    );
    pending.catch(() => undefined);
    while (requestCount(sandbox) === before) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const err = await failure(pending);
    expect(err.code).toBe('cancelled');
  });

  it('secret scan', async () => {
    expect(findSecrets(observed, [sandbox.adminKey])).toEqual([]);
    expect(findSecrets(t.core.requestLog.list(), [sandbox.adminKey])).toEqual([]);
    expect(await filesContainingSecrets(t.dataDir, [sandbox.adminKey])).toEqual([]);
  });
});
