// Polling a status route over real HTTP: the sandbox plays the recipient while the app asks
// GET /api/v1/messages/{id} about its unfinished sends; the answer reaches the conversation, the
// message stops being asked about once read, and an unknown id (404) or a 429 backs off instead
// of failing the poller. Run inside the keyring harness.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStatusPoll, statusAsker, type StatusPoll } from '../../../../src-main/core/events/status-poll';
import { addSandboxProfile, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeOpened } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { sendText } from '../../helpers/send-operations';

const available = await keychainAvailable();
const STATUS_PATH = '/api/v1/messages/{id}';

let t: TestCore | null = null;
let poll: StatusPoll | null = null;
afterEach(async () => {
  await closeOpened(poll, t);
  [poll, t] = [null, null];
});

async function setUp(): Promise<{ sandbox: RunningSandbox; profileId: string }> {
  const sandbox = await openSandbox({ contacts: 5, events: { statusDelaysMs: [50, 100, 150], replyFrom: [], replyDelayMs: 200 } });
  t = await openTestCore('status-poll');
  const { profileId } = await addSandboxProfile(t.core, sandbox, 'Shop', 'ops');
  return { sandbox, profileId };
}

const asks = (sandbox: RunningSandbox, id?: string): number =>
  sandbox
    .requests()
    .filter((r) => r.method === 'GET' && (id === undefined ? /^\/api\/v1\/messages\/m_/.test(r.path) : r.path === `/api/v1/messages/${id}`))
    .length;

describe.skipIf(!available)('polling the status route', () => {
  it("reaches 'read' in the conversation, then asks no more", { timeout: 30_000 }, async () => {
    const { sandbox, profileId } = await setUp();
    const core = t!.core;
    const sent = await sendText(core.messages, { number: '5511999990003', text: 'Your invoice is ready' });
    expect(sent.status).toBe('sent');
    poll = startStatusPoll({
      profileId,
      unfinished: (id, since, limit) => core.conversations.unfinished(id, since, limit),
      ask: statusAsker(core, profileId, STATUS_PATH),
      receive: (id, payload) => core.conversations.receive(id, payload),
    });
    await vi.waitFor(async () => expect((await core.conversations.thread({ number: '5511999990003' })).items[0]?.state).toBe('read'), {
      timeout: 20_000,
      interval: 100,
    });
    await vi.waitFor(() => expect(poll!.waiting()).toBe(0), { timeout: 5_000 });
    const made = asks(sandbox);
    expect(made).toBeGreaterThanOrEqual(1);
    await poll.poke();
    expect(asks(sandbox)).toBe(made);
    expect(core.conversations.unfinished(profileId, new Date(0), 10)).toEqual([]);
  });

  it('an unknown id (404) is asked about again later, not at once, and the poller goes on', async () => {
    const { sandbox, profileId } = await setUp();
    const core = t!.core;
    const logs: string[] = [];
    poll = startStatusPoll({
      profileId,
      unfinished: () => [{ messageId: 'm_unknown', sentAt: new Date(Date.now() - 3_000).toISOString() }],
      ask: statusAsker(core, profileId, STATUS_PATH),
      receive: (id, payload) => core.conversations.receive(id, payload),
      log: (line) => logs.push(line),
    });
    await vi.waitFor(() => expect(asks(sandbox, 'm_unknown')).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(sandbox.requests().find((r) => r.path === '/api/v1/messages/m_unknown')?.status).toBe(404));
    await poll.poke();
    expect(asks(sandbox, 'm_unknown')).toBe(1);
    expect(poll.waiting()).toBe(1);
    expect(logs.join('\n')).not.toContain(sandbox.adminKey);
  });

  it('a 429 holds every ask until its Retry-After, without failing', async () => {
    const { sandbox, profileId } = await setUp();
    const core = t!.core;
    sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '30' }], { pathPrefix: '/api/v1/messages/m_' });
    const sentAt = new Date(Date.now() - 3_000).toISOString();
    poll = startStatusPoll({
      profileId,
      unfinished: () => [
        { messageId: 'm_first', sentAt },
        { messageId: 'm_second', sentAt },
      ],
      ask: statusAsker(core, profileId, STATUS_PATH),
      receive: (id, payload) => core.conversations.receive(id, payload),
    });
    await vi.waitFor(() => expect(asks(sandbox)).toBe(1), { timeout: 10_000 });
    await poll.poke();
    await poll.poke();
    // the second message waits too: the limit is the key's
    expect(asks(sandbox)).toBe(1);
    expect(
      sandbox
        .requests()
        .filter((r) => r.path.startsWith('/api/v1/messages/m_'))
        .map((r) => r.status),
    ).toEqual([429]);
    expect(poll.waiting()).toBe(2);
  });
});
