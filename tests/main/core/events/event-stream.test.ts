// The event stream over real HTTP: the sandbox plays the recipient and streams each delivery
// state and reply; the client hands them to the conversations, resumes after the server drops
// it with Last-Event-ID (nothing lost, nothing twice), waits as a 429 says, stops on a route
// that has no stream, and never writes the key into its log. Run inside the keyring harness.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, type EventStream, type StreamState } from '../../../../src-main/core/events/event-stream';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeOpened } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { sendText } from '../../helpers/send-operations';
import { expectRepliedThread } from './replied-thread';

const available = await keychainAvailable();
const REPLIER = '5511999990001';

let t: TestCore | null = null;
let stream: EventStream | null = null;
afterEach(async () => {
  await closeOpened(stream, t);
  [stream, t] = [null, null];
});

interface Watched {
  states: StreamState[];
  logs: string[];
  profileId: string;
  sandbox: RunningSandbox;
}

async function start(path = '/api/v1/events'): Promise<Watched> {
  const sandbox = await openSandbox({
    contacts: 5,
    events: { statusDelaysMs: [50, 100, 150], replyFrom: [REPLIER], replyDelayMs: 200, replyText: 'Got it, thanks' },
  });
  t = await openTestCore('event-stream');
  const core = t.core;
  const { profileId } = await addProfileWithKey(core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey });
  const states: StreamState[] = [];
  const logs: string[] = [];
  stream = openEventStream({
    profileId,
    url: `${sandbox.baseUrl}${path}`,
    withKey: (fn) => core.keyAccess.withKey(profileId, null, fn),
    receive: (id, payload) => core.conversations.receive(id, payload),
    onState: (state) => states.push(state),
    log: (line) => logs.push(line),
  });
  return { states, logs, profileId, sandbox };
}

const last = (states: StreamState[]): StreamState['kind'] | undefined => states.at(-1)?.kind;

describe.skipIf(!available)('the event stream', () => {
  it('brings the delivery states and the reply into the conversation, and logs no key', async () => {
    const w = await start();
    await vi.waitFor(() => expect(last(w.states)).toBe('open'), { timeout: 10_000 });
    await sendText(t!.core.messages, { number: REPLIER, text: 'Your order ships today' });
    await expectRepliedThread(t!.core, REPLIER);
    const streams = w.sandbox.requests().filter((r) => r.path === '/api/v1/events');
    expect(streams[0]?.headers.authorization).toBe(`Bearer ${w.sandbox.adminKey}`);
    expect(streams[0]?.headers.accept).toBe('text/event-stream');
    expect(w.logs.join('\n')).not.toContain(w.sandbox.adminKey);
    expect(w.logs.join('\n')).not.toContain(w.sandbox.adminKey.slice(-8));
  });

  it('resumes with Last-Event-ID after the server drops it: what happened meanwhile arrives once', async () => {
    const w = await start();
    await vi.waitFor(() => expect(last(w.states)).toBe('open'), { timeout: 10_000 });
    await sendText(t!.core.messages, { number: REPLIER, text: 'Your order ships today' });
    // the first state reaches the app, then the server goes down while the rest happen
    await vi.waitFor(async () => expect((await t!.core.conversations.thread({ number: REPLIER })).items[0]?.state).not.toBeNull(), {
      timeout: 10_000,
      interval: 20,
    });
    await w.sandbox.suspend();
    await vi.waitFor(() => expect(last(w.states)).toBe('retrying'), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await w.sandbox.resume();
    await expectRepliedThread(t!.core, REPLIER);
    const streams = w.sandbox.requests().filter((r) => r.path === '/api/v1/events');
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams[0]?.headers['last-event-id']).toBeUndefined();
    expect(streams.at(-1)?.headers['last-event-id']).toMatch(/^[0-9a-f]+\.[0-9]+$/);
    expect(stream!.lastEventId).not.toBe('');
  });

  it('waits as a 429 says, then opens', async () => {
    const sandboxFault = { kind: 'rate_limit', retryAfter: '1' } as const;
    const w = await start();
    await vi.waitFor(() => expect(last(w.states)).toBe('open'), { timeout: 10_000 });
    await stream!.close();
    w.states.length = 0;
    w.sandbox.injectFaults([sandboxFault], { pathPrefix: '/api/v1/events' });
    const core = t!.core;
    stream = openEventStream({
      profileId: w.profileId,
      url: `${w.sandbox.baseUrl}/api/v1/events`,
      withKey: (fn) => core.keyAccess.withKey(w.profileId, null, fn),
      receive: (id, payload) => core.conversations.receive(id, payload),
      onState: (state) => w.states.push(state),
    });
    await vi.waitFor(() => expect(last(w.states)).toBe('open'), { timeout: 10_000 });
    const retry = w.states.find((s) => s.kind === 'retrying');
    expect(retry).toMatchObject({ kind: 'retrying', reason: 'answered HTTP 429' });
    expect(retry?.kind === 'retrying' ? retry.waitMs : 0).toBeGreaterThanOrEqual(1000);
  });

  it('stops cleanly when closed: the connection goes and no other try follows', async () => {
    const w = await start();
    await vi.waitFor(() => expect(last(w.states)).toBe('open'), { timeout: 10_000 });
    await stream!.close();
    expect(w.states.at(-1)).toEqual({ kind: 'ended', reason: 'closed' });
    expect(w.states.filter((s) => s.kind === 'connecting')).toHaveLength(1);
    stream = null;
  });

  it('stops for good where the service has no stream, so the caller can poll instead', async () => {
    const w = await start('/api/v1/no-such-stream');
    await vi.waitFor(() => expect(last(w.states)).toBe('ended'), { timeout: 10_000 });
    expect(w.states.at(-1)).toEqual({ kind: 'ended', reason: 'answered HTTP 404' });
    expect(w.states.some((s) => s.kind === 'open')).toBe(false);
  });
});
