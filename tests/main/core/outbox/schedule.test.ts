// The pure decisions of a rolled key's retirement (schedule.ts) and of the checks that a revoked
// key is refused (proof-schedule.ts): times are given, no clock runs.
import { describe, expect, it } from 'vitest';
import { nextStep, type StepContext } from '../../../../src-main/core/outbox/next-step';
import { nextProofDelayMs, PROOF_WINDOW_MS } from '../../../../src-main/core/outbox/kinds/revocation/proof-schedule';
import type { StoredOp } from '../../../../src-main/core/outbox/records';
import { isGrace, isScheduled, notBeforeOf, retirementAt } from '../../../../src-main/core/outbox/kinds/revocation/schedule';

const T0 = Date.parse('2030-01-01T12:00:00.000Z');
const MIN = 60_000;

function revocation(notBefore?: string): StoredOp {
  return {
    item: {
      id: 'ob_1',
      kind: 'keys.revoke',
      profileId: 'p',
      label: 'old',
      state: 'pending',
      attempts: 0,
      createdAt: '',
      updatedAt: '',
      nextAttemptAt: notBefore ?? null,
      lastError: null,
      resultSummary: null,
      pendingReason: notBefore ? 'scheduled' : 'queued',
    },
    payload: {
      type: 'revocation',
      localKeyId: 'lk_1',
      serverKeyId: 'k_1',
      origin: null,
      refusedKeys: [],
      ...(notBefore ? { notBefore } : {}),
    },
    order: 1,
    claim: null,
    serverErrors: 0,
    finalized: false,
  };
}

/** what the engine knows of `op` beyond its record: its not-before time, as its kind says (notBeforeOf) */
const ctx = (op: StoredOp, over: Partial<StepContext> = {}): StepContext => ({
  claimHolder: null,
  target: undefined,
  forced: false,
  waitsFor: null,
  unblocked: false,
  notBefore: notBeforeOf(op),
  recheckMs: 60_000,
  ...over,
});

describe('a rolled key retires when its grace ends', () => {
  it('grace: now is at once; 1h, 24h and 7d are that long from now', () => {
    expect(retirementAt(T0, 'now')).toBeNull();
    expect(retirementAt(T0, '1h')).toBe(new Date(T0 + 60 * MIN).toISOString());
    expect(retirementAt(T0, '24h')).toBe(new Date(T0 + 24 * 60 * MIN).toISOString());
    expect(retirementAt(T0, '7d')).toBe(new Date(T0 + 7 * 24 * 60 * MIN).toISOString());
    expect(['now', '1h', '24h', '7d'].every(isGrace)).toBe(true);
    expect(isGrace('2h')).toBe(false);
  });

  it('waits for its time even when forced (sync now, back online) or the API is known up', () => {
    const at = new Date(T0 + 60 * MIN).toISOString();
    const op = revocation(at);
    expect(notBeforeOf(op)).toBe(T0 + 60 * MIN);
    expect(isScheduled(op, T0)).toBe(true);
    expect(nextStep(op, ctx(op, { forced: true }), T0)).toEqual({ kind: 'at', at: T0 + 60 * MIN });
    expect(
      nextStep(op, ctx(op, { target: { offline: true, failures: 1, probing: false, nextProbeAt: T0 + 1000, pausedUntil: 0 } }), T0),
    ).toEqual({ kind: 'at', at: T0 + 60 * MIN });
    // its time has come: like any revocation
    expect(isScheduled(op, T0 + 60 * MIN)).toBe(false);
    expect(nextStep(op, ctx(op, { forced: true }), T0 + 60 * MIN)).toEqual({ kind: 'now' });
  });

  it('a revocation without a time, or with one that cannot be read, goes as before', () => {
    expect(notBeforeOf(revocation())).toBe(0);
    expect(nextStep(revocation(), ctx(revocation()), T0)).toEqual({ kind: 'now' });
    const unreadable = revocation('not a time');
    expect(notBeforeOf(unreadable)).toBe(0);
  });
});

describe('a revoked key is checked again with back-off for an hour', () => {
  it('1, 2, 5, 10, then 20 minutes after each check that still found it accepted', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((checks) => nextProofDelayMs(checks, T0, T0));
    expect(delays).toEqual([1, 2, 5, 10, 20, 20].map((m) => m * MIN));
  });

  it('the last check comes at the end of the hour, and none after it', () => {
    expect(nextProofDelayMs(6, T0, T0 + 50 * MIN)).toBe(10 * MIN);
    expect(nextProofDelayMs(7, T0, T0 + PROOF_WINDOW_MS)).toBeNull();
    expect(nextProofDelayMs(7, T0, T0 + PROOF_WINDOW_MS + 1)).toBeNull();
  });
});
