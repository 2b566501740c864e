// What `crm sync` reports as its own: the outbox starts a pass as the command opens it, so an
// operation may go (or fail) before the command first lists the outbox.
import { describe, expect, it } from 'vitest';
import type { OutboxItem, OutboxState } from '../../../src-main/core/model';
import { syncTally } from '../../../src-main/cli/commands/sync-tally';

const OPENED_AT = Date.parse('2026-11-30T01:00:00.000Z');

function item(id: string, state: OutboxState, updatedAt: string, extra: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    kind: 'send.text',
    profileId: 'p1',
    label: '+5511988880000',
    state,
    attempts: 1,
    createdAt: '2026-11-30T00:00:00.000Z',
    updatedAt,
    nextAttemptAt: null,
    lastError: null,
    resultSummary: null,
    pendingReason: null,
    ...extra,
  };
}

const BEFORE_OPEN = '2026-11-30T00:59:59.000Z';
const AFTER_OPEN = '2026-11-30T01:00:00.500Z';

describe('syncTally', () => {
  it('counts a send the outbox made before the first list, when the session had opened', () => {
    const early = item('a', 'sent', AFTER_OPEN);
    const tally = syncTally([early], new Map([['a', 'sent']]), OPENED_AT);
    expect(tally.sent.map((i) => i.id)).toEqual(['a']);
  });

  it('does not count a send that an earlier run made', () => {
    const old = item('a', 'sent', BEFORE_OPEN);
    expect(syncTally([old], new Map([['a', 'sent']]), OPENED_AT).sent).toEqual([]);
  });

  it('counts what went during the sync after the first list said pending', () => {
    const tally = syncTally([item('a', 'sent', AFTER_OPEN)], new Map([['a', 'pending']]), OPENED_AT);
    expect(tally.sent.map((i) => i.id)).toEqual(['a']);
  });

  it('calls a failure earlier only when its record is older than the session', () => {
    const items = [item('old', 'failed', BEFORE_OPEN), item('new', 'failed', AFTER_OPEN)];
    const before = new Map<string, OutboxState>([
      ['old', 'failed'],
      ['new', 'failed'],
    ]);
    const tally = syncTally(items, before, OPENED_AT);
    expect(tally.failed.map((i) => i.id)).toEqual(['old', 'new']);
    expect(tally.failedEarlier).toBe(1);
  });

  it('sets scheduled retirements and key checks apart from what still waits', () => {
    const items = [
      item('r', 'pending', AFTER_OPEN, { kind: 'keys.revoke', pendingReason: 'scheduled' }),
      item('p', 'pending', AFTER_OPEN, { kind: 'keys.prove' }),
      item('m', 'pending', AFTER_OPEN, { pendingReason: 'offline' }),
      item('s', 'sending', AFTER_OPEN),
    ];
    const tally = syncTally(items, new Map(), OPENED_AT);
    expect(tally.later.map((i) => i.id)).toEqual(['r', 'p']);
    expect(tally.pending.map((i) => i.id)).toEqual(['m', 's']);
  });
});
