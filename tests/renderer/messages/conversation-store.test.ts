// The conversation panel's store under a stream of events: a burst of conversation:changed
// events while a read is in flight leads to ONE more read, not one per event, and the webhook
// settings (read from the keychain in main) are read when a conversation opens, not per event.
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-renderer/lib/api';
import { useConversationStore } from '../../../src-renderer/features/messages/conversation-store';
import { deferred, installFakeCrm, ok } from '../helpers/fake-crm';
import { webhookInfoRecord } from '../helpers/records';

const conversation = (text: string): Conversation => ({
  profileId: 'p1',
  number: '5511999990001',
  name: null,
  items: [
    {
      key: 'in:1',
      direction: 'in',
      messageId: '1',
      kind: 'text',
      text,
      fileName: null,
      at: '2026-01-01T00:00:00Z',
      state: null,
      reason: null,
      media: null,
    },
  ],
  lastReceivedAt: null,
  insideWindow: false,
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let detach: (() => void) | null = null;
afterEach(() => {
  detach?.();
  detach = null;
  useConversationStore.setState({ number: null, conversation: null, error: null, webhooks: null });
});

describe('the conversation store', () => {
  it('a burst of 50 events during a read gives one more read, with the latest answer shown', async () => {
    const first = deferred<ReturnType<typeof ok<Conversation>>>();
    let reads = 0;
    const fake = installFakeCrm({
      'conversations:get': () => {
        reads += 1;
        return reads === 1 ? first.promise : ok(conversation(`read ${reads}`));
      },
      'webhooks:info': () => ok(webhookInfoRecord()),
    });
    detach = useConversationStore.getState().attach();
    const shown = useConversationStore.getState().show('5511999990001');
    for (let i = 0; i < 50; i += 1) fake.emit('conversation:changed', { profileId: 'p1', number: '5511999990001' });
    first.resolve(ok(conversation('read 1')));
    await shown;
    await wait(250);
    expect(reads).toBe(2);
    expect(useConversationStore.getState().conversation?.items[0]?.text).toBe('read 2');
    expect(fake.callsTo('webhooks:info')).toHaveLength(1);
  });

  it("another contact's events cause no read", async () => {
    const fake = installFakeCrm({
      'conversations:get': () => ok(conversation('hello')),
      'webhooks:info': () =>
        ok({ url: null, problem: 'off', signed: false, verifyToken: false, throughTunnel: false, warning: null, eventsArrived: false }),
    });
    detach = useConversationStore.getState().attach();
    await useConversationStore.getState().show('5511999990001');
    for (let i = 0; i < 10; i += 1) fake.emit('conversation:changed', { profileId: 'p1', number: '5511999990009' });
    await wait(200);
    expect(fake.callsTo('conversations:get')).toHaveLength(1);
  });
});
