// The message history against the real sandbox with a key from the real keychain: the service's
// own listing when it answers, this app's record when the service has no listing (404/405), and
// what the record gets: sends from a panel or `crm send`, outbox deliveries and replays, each
// with how it left the app, and never a key value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryChange } from '../../../../src-main/core/services';
import type { MessageHistoryPage } from '../../../../src-main/shared/message-history';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addSandboxProfile, openTestCore } from '../../helpers/core';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox, requestCount } from '../../helpers/sandbox';
import { caught, filesContainingSecrets, findSecrets } from '../../helpers/secret-scan';
import { storedRows, storedText } from '../../helpers/stored-rows';
import { taughtServiceAround } from '../../helpers/taught-service';
import { sendAudio, sendMedia, sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const NO_LISTING = { method: 'GET', pathPrefix: '/api/v1/messages' };

let numberSeq = 0;
/** a recipient of its own per test, so a filtered list holds only that test's messages */
function freshNumber(): string {
  numberSeq += 1;
  return `55119${String(process.pid % 10_000).padStart(4, '0')}${String(numberSeq).padStart(4, '0')}`;
}

describe.skipIf(!hasKeychain)('message history (API.md sandbox)', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let profileId: string;
  const changes: HistoryChange[] = [];
  const seen: unknown[] = [];
  const listed = async (input: Parameters<TestCore['core']['history']['list']>[0]): Promise<MessageHistoryPage> => {
    const page = await t.core.history.list(input);
    seen.push(page);
    return page;
  };

  beforeAll(async () => {
    sandbox = await openSandbox({ rate: 1000, burst: 1000 });
    t = await openTestCore('history');
    ({ profileId } = await addSandboxProfile(t.core, sandbox, 'Sandbox', 'Admin'));
    t.core.history.onDidChange((change) => changes.push(change));
  });

  afterAll(async () => {
    expect(findSecrets(seen, [sandbox.adminKey])).toEqual([]);
    await t.cleanup();
    await closeSandboxes();
  });

  it('lists from the service when it has a listing, each message joined with how the app sent it', async () => {
    const number = freshNumber();
    const before = changes.length;
    const text = await sendText(t.core.messages, {
      number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`,
      text: 'first, a text',
    });
    const staged = await t.core.files.stageFromBytes('storefront.png', PNG, 'image');
    const media = await sendMedia(t.core.messages, {
      number,
      mediatype: 'image',
      source: { kind: 'file', path: t.core.files.resolve(staged.fileId) },
      caption: 'our storefront',
    });
    await t.core.files.release(staged.fileId);
    expect([text.status, media.status]).toEqual(['sent', 'sent']);
    expect(changes.slice(before)).toEqual([{ profileId }, { profileId }]);

    // as a person writes it: the service is asked with the digits
    const page = await listed({ number: `+${number}` });
    const asked = sandbox
      .requests()
      .filter((r) => r.method === 'GET' && r.path === '/api/v1/messages')
      .at(-1);
    expect(asked?.query).toMatchObject({ number, page: '1', per_page: '50' });
    expect(page).toMatchObject({ source: 'service', fallbackReason: null, number, total: 2, hasMore: false, page: 1 });
    expect(page.items.map((m) => [m.kind, m.text, m.fileName, m.origin, m.source])).toEqual([
      ['image', 'our storefront', 'storefront.png', 'sent', 'service'],
      ['text', 'first, a text', null, 'sent', 'service'],
    ]);
    expect(page.items[1]).toMatchObject({ id: text.status === 'sent' ? text.message.id : '', number, status: 'queued' });
    expect(page.items.every((m) => m.at !== null && !Number.isNaN(Date.parse(m.at)))).toBe(true);
  });

  it('pages the service listing: page 2, and whether more follow', async () => {
    const number = freshNumber();
    for (let i = 1; i <= 3; i += 1) await sendText(t.core.messages, { number, text: `paged ${i}` });
    const first = await listed({ number, perPage: 2 });
    expect(first).toMatchObject({ source: 'service', total: 3, hasMore: true });
    expect(first.items.map((m) => m.text)).toEqual(['paged 3', 'paged 2']);
    const second = await listed({ number, perPage: 2, page: 2 });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((m) => m.text)).toEqual(['paged 1']);
  });

  it('falls back to the app record when the service answers 404 (and 405) on its listing, and says why', async () => {
    const number = freshNumber();
    await sendText(t.core.messages, { number, text: 'older' });
    await sendAudio(t.core.messages, {
      number,
      source: { kind: 'url', url: 'https://files.example.com/notes/voice%20note.ogg?sig=abc' },
      mimetype: 'audio/ogg',
    });
    sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const page = await listed({ number });
    expect(page).toMatchObject({ source: 'record', number, total: 2, hasMore: false });
    expect(page.fallbackReason).toBe(
      "The service has no message listing (GET /api/v1/messages answered HTTP 404); this is the app's own record of what it sent.",
    );
    expect(page.items.map((m) => [m.kind, m.text, m.fileName, m.origin, m.source])).toEqual([
      ['audio', null, 'voice note.ogg', 'sent', 'record'],
      ['text', 'older', null, 'sent', 'record'],
    ]);
    expect(page.items.every((m) => m.id?.startsWith('m_'))).toBe(true);

    sandbox.injectFaults([{ kind: 'status', status: 405 }], NO_LISTING);
    const again = await listed({ number, perPage: 1, page: 2 });
    expect(again).toMatchObject({ source: 'record', page: 2, total: 2, hasMore: false });
    expect(again.fallbackReason).toContain('HTTP 405');
    expect(again.items.map((m) => m.text)).toEqual(['older']);
  });

  it('any other failure of the listing is an error, not a silent fallback', async () => {
    sandbox.injectFaults([{ kind: 'status', status: 403 }], NO_LISTING);
    const err = await caught(() => t.core.history.list({ number: freshNumber() }));
    seen.push(err);
    expect(err).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it("a bad number is refused with the builder's words before anything is asked", async () => {
    const before = requestCount(sandbox);
    const err = await caught(() => t.core.history.list({ number: '12ab' }));
    expect(err).toMatchObject({ code: 'validation', details: [expect.objectContaining({ field: 'number' })] });
    expect(requestCount(sandbox)).toBe(before);
  });

  it('a replay (same Idempotency-Key) is recorded as replayed; the service lists the message once, as first sent', async () => {
    const number = freshNumber();
    const idempotencyKey = '7d1f2a9e-3c4b-4d5e-8f60-718293a4b5c6';
    const first = await sendText(t.core.messages, { number, text: 'once only' }, { idempotencyKey });
    const again = await sendText(t.core.messages, { number, text: 'once only' }, { idempotencyKey });
    expect(again.status === 'sent' && again.replayed).toBe(true);
    const service = await listed({ number });
    expect(service.items.map((m) => [m.id, m.origin])).toEqual([[first.status === 'sent' ? first.message.id : '', 'sent']]);
    sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const record = await listed({ number });
    expect(record.items.map((m) => [m.origin, m.text])).toEqual([
      ['replayed', 'once only'],
      ['sent', 'once only'],
    ]);
  });

  it('an outbox delivery is recorded as from the outbox, once, and announced', async () => {
    const number = freshNumber();
    await sandbox.suspend();
    let queued;
    try {
      queued = await sendText(t.core.messages, { number, text: 'waited for the connection' });
    } finally {
      await sandbox.resume();
    }
    expect(queued.status).toBe('queued');
    const before = changes.length;
    await t.core.outbox!.syncNow();
    expect((await t.core.outbox!.list()).find((i) => queued.status === 'queued' && i.id === queued.outboxId)?.state).toBe('sent');
    expect(changes.slice(before)).toEqual([{ profileId }]);
    // nothing more to send: another pass records nothing twice
    await t.core.outbox!.syncNow();
    expect(changes.slice(before)).toHaveLength(1);

    const service = await listed({ number });
    expect(service.items.map((m) => [m.text, m.origin, m.source])).toEqual([['waited for the connection', 'outbox', 'service']]);
    sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const record = await listed({ number });
    expect(record.items.map((m) => [m.text, m.origin, m.source])).toEqual([['waited for the connection', 'outbox', 'record']]);
  });

  it(
    'keeps no key value: a text or a file name holding the saved key is not sent at all, and a caption ' +
      'holding a run of it is scrubbed on disk and in the list',
    async () => {
      const number = freshNumber();
      const key = sandbox.adminKey;
      const document = { kind: 'url', url: 'https://files.example.com/report.pdf' } as const;
      await expect(sendText(t.core.messages, { number, text: `my key is ${key}, keep it safe` })).rejects.toThrow(
        /contains the key .*it was not sent/,
      );
      await expect(
        sendMedia(t.core.messages, {
          number,
          mediatype: 'document',
          source: document,
          fileName: `key-${key.toUpperCase()}.pdf`,
          mimetype: 'application/pdf',
        }),
      ).rejects.toThrow(/it was not sent/);
      // the prefix and a few characters: too little to name a key, still cut wherever it is kept
      await sendMedia(t.core.messages, {
        number,
        mediatype: 'document',
        source: document,
        fileName: 'report.pdf',
        mimetype: 'application/pdf',
        caption: `caption ${key.slice(0, 12)}`,
      });
      expect(await filesContainingSecrets(t.dataDir, [key])).toEqual([]);
      const stored = storedText(t.dataDir, 'sent_messages');
      expect(stored).not.toContain('my key is');
      expect(stored).not.toContain(key.slice(0, 12));
      const service = await listed({ number });
      sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
      const record = await listed({ number });
      expect(findSecrets([service, record], [key])).toEqual([]);
      expect(record.items.map((m) => m.text)).toEqual(['caption ***']);
      expect(service.items).toHaveLength(1);
    },
  );

  it('the record lives in crm.db, listed again by a new core on the same data folder', async () => {
    const number = freshNumber();
    await sendText(t.core.messages, { number, text: 'kept across restarts' });
    const rows = storedRows(t.dataDir, 'sent_messages').filter((r) => r.number === number);
    expect(rows).toEqual([expect.objectContaining({ text: 'kept across restarts', origin: 'sent', profile_id: profileId })]);
    await t.core.close();
    t = await openTestCore('history-2', { raw: t.raw, dataDir: t.dataDir });
    sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const page = await listed({ number, profileId });
    expect(page.items.map((m) => m.text)).toEqual(['kept across restarts']);
  });
});

describe.skipIf(!hasKeychain)('message history (desk dialect, taught only by its playground)', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;

  taughtServiceAround('desk', { keyName: 'admin', core: { outbox: false } }, [], (s) => ({ sandbox, t } = s));

  it('the service listing shows a desk send (POST /sendMessage), joined by its idMessage', async () => {
    const number = freshNumber();
    const sent = await sendText(t.core.messages, { number, text: 'through sendMessage' });
    expect(sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/sendMessage' && r.status === 200)).toHaveLength(1);
    const page = await t.core.history.list({ number });
    expect(page.source).toBe('service');
    expect(page.items.map((m) => [m.id, m.text, m.origin])).toEqual([
      [sent.status === 'sent' ? sent.message.id : '', 'through sendMessage', 'sent'],
    ]);
    expect(page.items[0]?.id).toMatch(/^3EB0/);
  });

  it('without the listing, the record of a desk file send (no id in its answer) still says what was sent', async () => {
    const number = freshNumber();
    await sendMedia(t.core.messages, {
      number,
      mediatype: 'image',
      source: { kind: 'url', url: 'https://files.example.com/pic.png' },
      caption: 'a picture',
    });
    sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const page = await t.core.history.list({ number });
    expect(page.source).toBe('record');
    expect(page.items.map((m) => [m.kind, m.text, m.fileName, m.id, m.origin])).toEqual([['image', 'a picture', 'pic.png', null, 'sent']]);
  });
});
