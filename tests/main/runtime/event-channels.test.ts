// Which channel brings the active profile's events besides webhooks: its event stream when the
// description names one, polling its status route when not, or when the service refuses the
// stream; and the choice follows the active profile and its description. Real sandbox, real
// keychain; run inside the keyring harness.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  channelsToRun,
  conditionOf,
  STREAM_FAILING_AFTER,
  startEventChannels,
  type EventChannels,
} from '../../../src-main/runtime/event-channels';
import { addProfileWithKey, addSandboxProfile, openTestCore, type TestCore } from '../helpers/core';
import { keychainAvailable } from '../helpers/keychain';
import { closeOpened } from '../helpers/opened-cores';
import { openSandbox } from '../helpers/sandbox';
import { teachPlayground } from '../helpers/playground';
import { openAnsweringSandbox } from '../core/events/webhook-loop';
import { sendText } from '../helpers/send-operations';

const available = await keychainAvailable();

describe('choosing the channels', () => {
  it('the stream while it works, polling when there is none, it ended, or it keeps failing', () => {
    const both = { stream: true, status: true };
    expect(channelsToRun(both, 'working')).toEqual({ stream: true, poll: false });
    expect(channelsToRun(both, 'failing')).toEqual({ stream: true, poll: true });
    expect(channelsToRun(both, 'ended')).toEqual({ stream: false, poll: true });
    expect(channelsToRun({ stream: false, status: true }, 'none')).toEqual({ stream: false, poll: true });
    expect(channelsToRun({ stream: true, status: false }, 'ended')).toEqual({ stream: false, poll: false });
    expect(channelsToRun({ stream: false, status: false }, 'none')).toEqual({ stream: false, poll: false });
  });

  it("a new try does not change the stream's condition; only lasting failure makes it failing", () => {
    expect(conditionOf({ kind: 'connecting' }, 'failing')).toBe('failing');
    expect(conditionOf({ kind: 'open' }, 'failing')).toBe('working');
    expect(conditionOf({ kind: 'retrying', failures: STREAM_FAILING_AFTER - 1, waitMs: 1, reason: 'x' }, 'working')).toBe('working');
    expect(conditionOf({ kind: 'retrying', failures: STREAM_FAILING_AFTER, waitMs: 1, reason: 'x' }, 'working')).toBe('failing');
    expect(conditionOf({ kind: 'ended', reason: 'answered HTTP 404' }, 'working')).toBe('ended');
  });
});

let t: TestCore | null = null;
let channels: EventChannels | null = null;
afterEach(async () => {
  await closeOpened(channels, t);
  [channels, t] = [null, null];
});

describe.skipIf(!available)('the channels of the active profile', () => {
  it(
    'follow the description: the stream by default, polling when the service refuses it, nothing when it names neither',
    { timeout: 40_000 },
    async () => {
      const sandbox = await openAnsweringSandbox('default', { replyFrom: ['5511999990001'], replyDelayMs: 200 });
      t = await openTestCore('event-channels');
      const core = t.core;
      const { profileId } = await addSandboxProfile(core, sandbox, 'Shop', 'ops');
      await core.profiles.activate(profileId);
      const logs: string[] = [];
      channels = startEventChannels({ core, log: (line) => logs.push(line) });

      // docs/API.md's description: the stream; the reply comes by it
      await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId, stream: true, poll: false }), { timeout: 10_000 });
      await vi.waitFor(() => expect(sandbox.requests().some((r) => r.path === '/api/v1/events' && r.status === 200)).toBe(true), {
        timeout: 10_000,
      });
      await sendText(core.messages, { number: '5511999990001', text: 'Hello by stream' });
      await vi.waitFor(
        async () =>
          expect((await core.conversations.thread({ number: '5511999990001' })).items.map((i) => [i.direction, i.state])).toEqual([
            ['out', 'read'],
            ['in', null],
          ]),
        { timeout: 15_000, interval: 50 },
      );

      // a stream the service does not have: polling takes over and reaches 'read'
      await core.api.setEvents(profileId, { stream: '/api/v1/no-stream-here' });
      await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId, stream: false, poll: true }), { timeout: 10_000 });
      await sendText(core.messages, { number: '5511999990004', text: 'Hello by polling' });
      await vi.waitFor(async () => expect((await core.conversations.thread({ number: '5511999990004' })).items[0]?.state).toBe('read'), {
        timeout: 20_000,
        interval: 100,
      });
      expect(sandbox.requests().some((r) => r.method === 'GET' && r.path.startsWith('/api/v1/messages/m_'))).toBe(true);

      // neither named: nothing runs (webhooks only)
      await core.api.setEvents(profileId, { stream: null, statusPath: null });
      await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId, stream: false, poll: false }), { timeout: 10_000 });
      expect(logs.join('\n')).not.toContain(sandbox.adminKey);
    },
  );

  it('follows the active profile', async () => {
    const sandbox = await openSandbox({ contacts: 5, events: { statusDelaysMs: [50, 100, 150] } });
    t = await openTestCore('event-channels-switch');
    const core = t.core;
    const first = await addProfileWithKey(core, { name: 'First', baseUrl: sandbox.baseUrl }, { name: 'a', value: sandbox.adminKey });
    const second = await addProfileWithKey(
      core,
      { name: 'Second', baseUrl: sandbox.baseUrl },
      { name: 'b', value: sandbox.createKey('second', ['messages:send']).key },
    );
    await core.api.setEvents(second.profileId, { stream: null });
    await core.profiles.activate(first.profileId);
    channels = startEventChannels({ core, log: () => {} });
    await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId: first.profileId, stream: true, poll: false }), {
      timeout: 10_000,
    });
    await core.profiles.activate(second.profileId);
    await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId: second.profileId, stream: false, poll: true }), {
      timeout: 10_000,
    });
  });

  it('a profile whose service posts its events to this window (the built-in sandbox) gets no stream and no polling', async () => {
    const sandbox = await openSandbox({ contacts: 5, events: { statusDelaysMs: [50, 100, 150] } });
    t = await openTestCore('event-channels-webhooked');
    const core = t.core;
    const heard = await addProfileWithKey(
      core,
      { name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true },
      { name: 'a', value: sandbox.adminKey },
    );
    const other = await addProfileWithKey(
      core,
      { name: 'Other', baseUrl: sandbox.baseUrl },
      { name: 'b', value: sandbox.createKey('other', ['messages:send']).key },
    );
    await core.profiles.activate(heard.profileId);
    channels = startEventChannels({ core, log: () => {}, heardByWebhook: (profile) => profile.sandbox });
    await core.profiles.activate(other.profileId);
    await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId: other.profileId, stream: true, poll: false }), {
      timeout: 10_000,
    });
    await core.profiles.activate(heard.profileId);
    await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId: null, stream: false, poll: false }), { timeout: 10_000 });
  });

  it(
    'in another dialect: the events part names how its routes take the key, and both channels bring the states',
    { timeout: 40_000 },
    async () => {
      const sandbox = await openSandbox({ contacts: 5, dialect: 'evolution-v2', events: { statusDelaysMs: [50, 100, 150] } });
      t = await openTestCore('event-channels-dialect');
      const core = t.core;
      const { profileId } = await addSandboxProfile(core, sandbox, 'Evolution', 'ops');
      await teachPlayground(core, profileId, 'evolution-v2', sandbox.baseUrl);
      await core.profiles.activate(profileId);
      // this service's sends take `apikey:`; its event routes take a Bearer key, as its description now says
      await core.api.setEvents(profileId, { credential: { in: 'header', name: 'Authorization', scheme: 'Bearer' } });
      channels = startEventChannels({ core, log: () => {} });
      await vi.waitFor(() => expect(sandbox.requests().some((r) => r.path === '/api/v1/events' && r.status === 200)).toBe(true), {
        timeout: 10_000,
      });
      await sendText(core.messages, { number: '5511999990001', text: 'By stream' });
      await vi.waitFor(async () => expect((await core.conversations.thread({ number: '5511999990001' })).items[0]?.state).toBe('read'), {
        timeout: 15_000,
        interval: 50,
      });

      await core.api.setEvents(profileId, { stream: null, credential: { in: 'header', name: 'Authorization', scheme: 'Bearer' } });
      await vi.waitFor(() => expect(channels!.running()).toEqual({ profileId, stream: false, poll: true }), { timeout: 10_000 });
      await sendText(core.messages, { number: '5511999990002', text: 'By polling' });
      await vi.waitFor(async () => expect((await core.conversations.thread({ number: '5511999990002' })).items[0]?.state).toBe('read'), {
        timeout: 20_000,
        interval: 100,
      });
      const asks = sandbox
        .requests()
        .filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/messages/') && r.path !== '/api/v1/messages/');
      expect(asks.length).toBeGreaterThan(0);
      expect(asks.every((r) => r.headers.authorization === `Bearer ${sandbox.adminKey}`)).toBe(true);
    },
  );
});
