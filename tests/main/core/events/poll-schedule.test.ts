// When a status route is asked about each unfinished message: soon after the send, then less
// often; never sooner than a 429 allows; no more once final, a day old or asked too often.
import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  delayAfter,
  due,
  holdAfter,
  nextWake,
  plan,
  POLL_DELAYS_MS,
  POLL_MAX_AGE_MS,
  POLL_MAX_TRIES,
  POLL_RATE_LIMIT_MS,
  type PollEntry,
} from '../../../../src-main/core/events/poll-schedule';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

describe('planning the asks', () => {
  it('a new message is first asked about a short while after its send; a late-found one at once', () => {
    const entries = plan(
      new Map(),
      [
        { messageId: 'm_new', sentAt: iso(T0) },
        { messageId: 'm_old', sentAt: iso(T0 - 60_000) },
      ],
      T0,
    );
    expect(entries.get('m_new')).toEqual({ messageId: 'm_new', sentAtMs: T0, tries: 0, nextAtMs: T0 + POLL_DELAYS_MS[0] });
    expect(entries.get('m_old')?.nextAtMs).toBe(T0);
  });

  it('keeps what it knows of a message still unfinished, drops one now final, and never asks about a day-old one', () => {
    const known: PollEntry = { messageId: 'm_a', sentAtMs: T0, tries: 3, nextAtMs: T0 + 99_000 };
    const entries = plan(
      new Map([
        ['m_a', known],
        ['m_read', { ...known, messageId: 'm_read' }],
      ]),
      [
        { messageId: 'm_a', sentAt: iso(T0) },
        { messageId: 'm_stale', sentAt: iso(T0 - POLL_MAX_AGE_MS) },
      ],
      T0,
    );
    expect([...entries.keys()]).toEqual(['m_a', 'm_stale']);
    expect(entries.get('m_a')).toBe(known);
    expect(entries.get('m_stale')?.nextAtMs).toBeNull();
  });

  it('asks the longest waiting first, only those due, at most so many, and nothing while held', () => {
    const entries: PollEntry[] = [
      { messageId: 'late', sentAtMs: T0, tries: 1, nextAtMs: T0 + 10 },
      { messageId: 'b', sentAtMs: T0, tries: 1, nextAtMs: T0 - 5 },
      { messageId: 'a', sentAtMs: T0, tries: 1, nextAtMs: T0 - 50 },
      { messageId: 'c', sentAtMs: T0, tries: 1, nextAtMs: T0 },
      { messageId: 'gone', sentAtMs: T0, tries: 300, nextAtMs: null },
    ];
    expect(due(entries, T0, 0, 2).map((e) => e.messageId)).toEqual(['a', 'b']);
    expect(due(entries, T0, 0, 10).map((e) => e.messageId)).toEqual(['a', 'b', 'c']);
    expect(due(entries, T0, T0 + 1, 10)).toEqual([]);
    expect(nextWake(entries, 0)).toBe(T0 - 50);
    expect(nextWake(entries, T0 + 500)).toBe(T0 + 500);
    expect(nextWake([], 0)).toBeNull();
  });
});

describe('after an answer', () => {
  it('waits longer after each ask, up to the longest wait', () => {
    let entry: PollEntry = { messageId: 'm', sentAtMs: T0, tries: 0, nextAtMs: T0 };
    const waits: number[] = [];
    let now = T0;
    for (let i = 0; i < 8; i += 1) {
      entry = afterAnswer(entry, { kind: 'answered' }, now);
      waits.push(entry.nextAtMs! - now);
      now = entry.nextAtMs!;
    }
    expect(waits).toEqual([5_000, 15_000, 60_000, 120_000, 300_000, 300_000, 300_000, 300_000]);
    expect(delayAfter(0)).toBe(2_000);
  });

  it('a 404 backs off like any answer; a 429 waits at least its Retry-After and holds every ask', () => {
    const entry: PollEntry = { messageId: 'm', sentAtMs: T0, tries: 0, nextAtMs: T0 };
    expect(afterAnswer(entry, { kind: 'not_found' }, T0).nextAtMs).toBe(T0 + 5_000);
    expect(afterAnswer(entry, { kind: 'rate_limited', retryAfterMs: 30_000 }, T0).nextAtMs).toBe(T0 + 30_000);
    expect(afterAnswer(entry, { kind: 'rate_limited', retryAfterMs: null }, T0).nextAtMs).toBe(T0 + POLL_RATE_LIMIT_MS);
    expect(holdAfter({ kind: 'rate_limited', retryAfterMs: 30_000 }, T0, 0)).toBe(T0 + 30_000);
    expect(holdAfter({ kind: 'answered' }, T0, 7)).toBe(7);
  });

  it('gives up after so many asks or when the next would be a day after the send', () => {
    expect(
      afterAnswer({ messageId: 'm', sentAtMs: T0, tries: POLL_MAX_TRIES - 1, nextAtMs: T0 }, { kind: 'failed' }, T0).nextAtMs,
    ).toBeNull();
    expect(
      afterAnswer({ messageId: 'm', sentAtMs: T0, tries: 10, nextAtMs: T0 }, { kind: 'answered' }, T0 + POLL_MAX_AGE_MS - 1000).nextAtMs,
    ).toBeNull();
  });
});
