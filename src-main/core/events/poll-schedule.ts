// When to ask a status route about each sent message whose state is not final, decided apart
// from the asking: soon after the send (a state changes fastest then), then less and less often,
// never sooner than a 429's Retry-After, and not at all once the message is read or failed, a
// day old, or asked about too many times (a service that never reports "read", receipts off,
// must not be asked forever). Pure: times are numbers of ms, the caller owns the clock.

/** the wait before each ask, by how many were made; the last repeats */
export const POLL_DELAYS_MS = [2_000, 5_000, 15_000, 60_000, 120_000, 300_000] as const;
/** a message older than this is no longer asked about */
export const POLL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** asks per message at most (a day at the longest wait is under 300) */
export const POLL_MAX_TRIES = 300;
/** the wait after a 429 without a usable Retry-After */
export const POLL_RATE_LIMIT_MS = 60_000;

export interface PollEntry {
  messageId: string;
  sentAtMs: number;
  tries: number;
  /** null: given up (too old or asked too often) */
  nextAtMs: number | null;
}

/** what one ask came to */
export type PollAnswer =
  { kind: 'answered' } | { kind: 'not_found' } | { kind: 'rate_limited'; retryAfterMs: number | null } | { kind: 'failed' };

export function delayAfter(tries: number): number {
  return POLL_DELAYS_MS[Math.min(tries, POLL_DELAYS_MS.length - 1)]!;
}

/**
 * The entries for the messages listed as unfinished now: those known keep their place, new ones
 * are first asked about a short while after their send, and those no longer listed (final, or
 * past the age the listing reads) are dropped.
 */
export function plan(
  tracked: ReadonlyMap<string, PollEntry>,
  unfinished: readonly { messageId: string; sentAt: string }[],
  nowMs: number,
): Map<string, PollEntry> {
  const next = new Map<string, PollEntry>();
  for (const { messageId, sentAt } of unfinished) {
    const known = tracked.get(messageId);
    if (known) {
      next.set(messageId, known);
      continue;
    }
    const sentAtMs = Date.parse(sentAt);
    const sent = Number.isNaN(sentAtMs) ? nowMs : sentAtMs;
    next.set(messageId, {
      messageId,
      sentAtMs: sent,
      tries: 0,
      nextAtMs: nowMs - sent >= POLL_MAX_AGE_MS ? null : Math.max(sent + delayAfter(0), nowMs),
    });
  }
  return next;
}

/** the entries to ask about now, the longest waiting first, at most `max` */
export function due(entries: Iterable<PollEntry>, nowMs: number, holdUntilMs: number, max: number): PollEntry[] {
  if (nowMs < holdUntilMs) return [];
  return [...entries]
    .filter((e) => e.nextAtMs !== null && e.nextAtMs <= nowMs)
    .sort((a, b) => a.nextAtMs! - b.nextAtMs!)
    .slice(0, max);
}

/** the entry after an ask: its next time, or given up */
export function afterAnswer(entry: PollEntry, answer: PollAnswer, nowMs: number): PollEntry {
  const tries = entry.tries + 1;
  const wait = answer.kind === 'rate_limited' ? Math.max(answer.retryAfterMs ?? POLL_RATE_LIMIT_MS, delayAfter(tries)) : delayAfter(tries);
  const nextAtMs = nowMs + wait;
  const givenUp = tries >= POLL_MAX_TRIES || nextAtMs - entry.sentAtMs >= POLL_MAX_AGE_MS;
  return { ...entry, tries, nextAtMs: givenUp ? null : nextAtMs };
}

/** after a 429 the service is asked nothing until this time (the limit is the key's, not the message's) */
export function holdAfter(answer: PollAnswer, nowMs: number, holdUntilMs: number): number {
  return answer.kind === 'rate_limited' ? Math.max(holdUntilMs, nowMs + (answer.retryAfterMs ?? POLL_RATE_LIMIT_MS)) : holdUntilMs;
}

/** when to look again: the earliest next ask (not before the hold), or null when none waits */
export function nextWake(entries: Iterable<PollEntry>, holdUntilMs: number): number | null {
  let earliest: number | null = null;
  for (const e of entries) if (e.nextAtMs !== null && (earliest === null || e.nextAtMs < earliest)) earliest = e.nextAtMs;
  return earliest === null ? null : Math.max(earliest, holdUntilMs);
}
