// The end of a webhook loop as the app sees it: the contact's conversation holds the text, read,
// and the contact's reply. The loop tests wait for it the same way whatever the route of the events.
import { expect, vi } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';

type Thread = Awaited<ReturnType<Core['conversations']['thread']>>;

/** waits (up to 15 s) until the conversation with `number` reads "Your order ships today" (read), then "Got it, thanks"; returns it */
export function expectRepliedThread(core: Core, number: string): Promise<Thread> {
  return vi.waitFor(
    async () => {
      const thread = await core.conversations.thread({ number });
      expect(thread.items.map((i) => [i.direction, i.text, i.state])).toEqual([
        ['out', 'Your order ships today', 'read'],
        ['in', 'Got it, thanks', null],
      ]);
      return thread;
    },
    { timeout: 15_000, interval: 100 },
  );
}
