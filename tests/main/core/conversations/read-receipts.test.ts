// Read receipts against the real sandbox over loopback: a Meta-shaped profile that learned Mark as
// Read from the playground's cURL tells the service when the agent opens a conversation, once per
// newest message of the contact; a failure is logged, tried once more on the next open, and never
// surfaces; a profile speaking docs/API.md (no read receipts) and the switch set off send nothing.
import { describe, expect, it } from 'vitest';
import { RECEIPT_TRIES, receiptDue } from '../../../../src-main/core/conversations/read-receipts';
import type { RunningSandbox, SandboxRequestRecord } from '../../../../src-main/sandbox/index';
import { addSandboxProfile, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { teachPlayground } from '../../helpers/playground';
import { metaContactText } from '../../helpers/meta-contact';
import { coresCleanedAfterEach } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';

const NUMBER = '5511988887777';

const hasKeychain = await keychainAvailable();
const opened = coresCleanedAfterEach();

let seq = 0;
/** the contact writes: Meta's webhook body for a text, under a fresh wamid */
function reply(t: TestCore, profileId: string): string {
  seq += 1;
  const id = `wamid.in${seq}x${Date.now()}`;
  const body = metaContactText({ seq, id, number: NUMBER }, `hello ${seq}`);
  expect(t.core.conversations.receive(profileId, body)).toMatchObject({ found: 1 });
  return id;
}

async function service(
  dialect: 'meta' | 'default',
): Promise<{ sandbox: RunningSandbox; t: TestCore; profileId: string; logged: string[] }> {
  const sandbox = await openSandbox({ dialect, rate: 1000, burst: 1000 });
  const logged: string[] = [];
  const t = await openTestCore('receipts', { processKind: 'crm', log: (m) => logged.push(m) });
  opened.push(t);
  const { profileId } = await addSandboxProfile(t.core, sandbox, dialect, 'key');
  if (dialect === 'meta') await teachPlayground(t.core, profileId, 'meta', sandbox.baseUrl);
  return { sandbox, t, profileId, logged };
}

/** the window opens the conversation, and the receipt it starts has its outcome */
async function open(t: TestCore, profileId: string): Promise<void> {
  await t.core.inbox.markRead({ profileId, number: NUMBER });
  await t.core.inbox.settleReceipts();
}

function receipts(sandbox: RunningSandbox): SandboxRequestRecord[] {
  return sandbox.requests().filter((r) => r.method === 'POST' && (r.json as { status?: string } | undefined)?.status === 'read');
}

describe('which message a receipt is due for', () => {
  const none = { acknowledgedId: null, failedId: null, failures: 0 };
  it.each([
    ['no message from the contact', null, none, null],
    ['a first message', 'w1', none, 'w1'],
    ['the message already acknowledged', 'w1', { ...none, acknowledgedId: 'w1' }, null],
    ['a newer message than the one acknowledged', 'w2', { ...none, acknowledgedId: 'w1' }, 'w2'],
    ['a message whose receipt failed once', 'w2', { acknowledgedId: 'w1', failedId: 'w2', failures: 1 }, 'w2'],
    ['a message whose receipt failed on every try', 'w2', { acknowledgedId: 'w1', failedId: 'w2', failures: RECEIPT_TRIES }, null],
    ['a newer message after one that failed on every try', 'w3', { acknowledgedId: 'w1', failedId: 'w2', failures: RECEIPT_TRIES }, 'w3'],
  ])('%s', (_name, newest, mark, due) => {
    expect(receiptDue(newest, mark)).toBe(due);
  });
});

describe('read receipts', () => {
  it('opening twice sends one receipt; a new reply then an open sends a second, for the newer id; the request log shows each', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await service('meta');
    const first = reply(t, profileId);
    await open(t, profileId);
    await open(t, profileId);
    expect(receipts(sandbox).map((r) => r.json)).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: first }]);
    expect(receipts(sandbox)[0]!.headers.authorization).toBe(`Bearer ${sandbox.adminKey}`);
    expect(receipts(sandbox)[0]!.status).toBe(200);

    reply(t, profileId);
    const newer = reply(t, profileId);
    await open(t, profileId);
    await open(t, profileId);
    expect(receipts(sandbox).map((r) => (r.json as { message_id: string }).message_id)).toEqual([first, newer]);
    const logged = t.core.requestLog.list().filter((e) => e.endpoint === 'messages.read');
    expect(logged.map((e) => [e.method, e.status, e.errorCode])).toEqual([
      ['POST', 200, null],
      ['POST', 200, null],
    ]);
    expect(JSON.stringify(logged)).not.toContain(sandbox.adminKey);
  });

  it('opened twice in a row before the first receipt is answered: still one receipt', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await service('meta');
    const id = reply(t, profileId);
    sandbox.injectFaults([{ kind: 'delay', ms: 200 }], { method: 'POST', pathPrefix: '/v23.0/' });
    await Promise.all([
      t.core.inbox.markRead({ profileId, number: NUMBER }),
      t.core.inbox.markRead({ profileId, number: NUMBER }),
      t.core.inbox.markReadAndTell({ profileId, number: NUMBER }),
    ]);
    await t.core.inbox.settleReceipts();
    expect(receipts(sandbox).map((r) => (r.json as { message_id: string }).message_id)).toEqual([id]);
  });

  it("crm's markReadAndTell waits and says what came of it", async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { t, profileId } = await service('meta');
    expect((await t.core.inbox.markReadAndTell({ profileId, number: NUMBER })).receipt).toEqual({ kind: 'unchanged' });
    const id = reply(t, profileId);
    expect(await t.core.inbox.markReadAndTell({ profileId, number: NUMBER })).toEqual({
      unreadTotal: 0,
      receipt: { kind: 'sent', messageId: id },
    });
    expect((await t.core.inbox.markReadAndTell({ profileId, number: NUMBER })).receipt).toEqual({ kind: 'unchanged' });
  });

  it('a 500 is no error for the agent: the open answers, the log says why, the next open tries once more, and then it is left alone', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, logged } = await service('meta');
    const id = reply(t, profileId);
    sandbox.injectFaults(
      [
        { kind: 'status', status: 500 },
        { kind: 'status', status: 503 },
      ],
      { method: 'POST', pathPrefix: '/v23.0/' },
    );
    await expect(t.core.inbox.markRead({ profileId, number: NUMBER })).resolves.toEqual({ unreadTotal: 0 });
    await t.core.inbox.settleReceipts();
    expect(receipts(sandbox).map((r) => r.status)).toEqual([500]);
    expect(logged.filter((m) => m.startsWith('read receipt'))).toEqual([
      `read receipt for +${NUMBER}: not taken (server_error (HTTP 500)); tried once more on the next open`,
    ]);
    expect(
      t.core.requestLog
        .list()
        .filter((e) => e.endpoint === 'messages.read')
        .map((e) => e.status),
    ).toEqual([500]);

    await open(t, profileId);
    await open(t, profileId);
    // the first failure and its one retry: never a third
    expect(receipts(sandbox).map((r) => r.status)).toEqual([500, 503]);
    expect(receipts(sandbox).every((r) => (r.json as { message_id: string }).message_id === id)).toBe(true);

    // a newer message is due its own receipt, and the service takes it
    const newer = reply(t, profileId);
    await open(t, profileId);
    expect(receipts(sandbox).map((r) => [r.status, (r.json as { message_id: string }).message_id])).toEqual([
      [500, id],
      [503, id],
      [200, newer],
    ]);
  });

  it(
    'the connection reset (the service unreachable): the open answers with no error, and the receipt ' +
      'goes on the next open once the service answers',
    async (ctx) => {
      if (!hasKeychain) return ctx.skip();
      const { sandbox, t, profileId, logged } = await service('meta');
      const id = reply(t, profileId);
      sandbox.injectFaults([{ kind: 'reset' }], { method: 'POST', pathPrefix: '/v23.0/' });
      await open(t, profileId);
      expect(logged.some((m) => m.startsWith(`read receipt for +${NUMBER}: not taken (`))).toBe(true);
      expect(receipts(sandbox).filter((r) => r.status === 200)).toEqual([]);
      await open(t, profileId);
      expect(
        receipts(sandbox)
          .filter((r) => r.status === 200)
          .map((r) => (r.json as { message_id: string }).message_id),
      ).toEqual([id]);
    },
  );

  it('switched off (crm settings read-receipts off, the Conversations switch): nothing is sent; on again, the next open sends', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await service('meta');
    expect(t.core.inbox.readReceipts()).toEqual({ on: true });
    expect(t.core.inbox.setReadReceipts({ on: false })).toEqual({ on: false });
    const id = reply(t, profileId);
    await open(t, profileId);
    expect((await t.core.inbox.markReadAndTell({ profileId, number: NUMBER })).receipt).toEqual({ kind: 'off' });
    expect(receipts(sandbox)).toEqual([]);
    t.core.inbox.setReadReceipts({ on: true });
    await open(t, profileId);
    expect(receipts(sandbox).map((r) => (r.json as { message_id: string }).message_id)).toEqual([id]);
  });

  it('a profile speaking docs/API.md (no read receipts): nothing is sent and nothing is logged as a failure', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, logged } = await service('default');
    reply(t, profileId);
    const before = sandbox.requests().length;
    await open(t, profileId);
    expect((await t.core.inbox.markReadAndTell({ profileId, number: NUMBER })).receipt).toEqual({ kind: 'absent' });
    expect(sandbox.requests().length).toBe(before);
    expect(logged.filter((m) => m.startsWith('read receipt'))).toEqual([]);
  });

  it('a bad number is a validation error and sends nothing', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await service('meta');
    await expect(t.core.inbox.markRead({ profileId, number: '12' })).rejects.toMatchObject({ code: 'validation' });
    await expect(t.core.inbox.markReadAndTell({ profileId, number: 'not a number' })).rejects.toMatchObject({ code: 'validation' });
    await t.core.inbox.settleReceipts();
    expect(receipts(sandbox)).toEqual([]);
  });
});
