// nextStep: the outbox's one decision of when an operation can go, as a pure function of the
// operation's record, what the engine knows around it, and the time.
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../../src-main/core/model';
import type { KindHost } from '../../../../src-main/core/outbox/kinds/outbox-kind';
import { hasUntriedKey, revocationKind } from '../../../../src-main/core/outbox/kinds/revocation/revocation-kind';
import type { StepContext } from '../../../../src-main/core/outbox/next-step';
import { nextStep } from '../../../../src-main/core/outbox/next-step';
import type { Target } from '../../../../src-main/core/outbox/reachability';
import type { StoredOp } from '../../../../src-main/core/outbox/records';
import { createRandom } from '../../../../src-main/sandbox/seed';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

function message(item: Partial<OutboxItem> = {}, extra: Partial<StoredOp> = {}): StoredOp {
  return {
    item: {
      id: 'ob_1',
      kind: 'send.text',
      profileId: 'p',
      label: '5511999990000',
      state: 'pending',
      attempts: 1,
      createdAt: iso(NOW - 60_000),
      updatedAt: iso(NOW - 1_000),
      nextAttemptAt: null,
      lastError: null,
      resultSummary: null,
      pendingReason: 'queued',
      ...item,
    },
    payload: {
      type: 'message',
      keyId: null,
      op: { op: 'messages.text', input: { number: '5511999990000', text: 'hi' }, idempotencyKey: 'k1' },
      group: 'p|5511999990000',
    },
    order: 1,
    claim: null,
    serverErrors: 0,
    unanswered: 0,
    finalized: false,
    ...extra,
  };
}

/** a revocation of local key `lk_gone` waiting for a key that can manage keys */
function waitingRevocation(refusedKeys: string[]): StoredOp {
  return {
    ...message({ kind: 'keys.revoke', label: 'gone', pendingReason: 'needs_admin_key' }),
    payload: { type: 'revocation', localKeyId: 'lk_gone', serverKeyId: 'k_1', origin: null, refusedKeys },
  };
}

function ctx(over: Partial<StepContext> = {}): StepContext {
  return {
    claimHolder: null,
    target: undefined,
    forced: false,
    waitsFor: null,
    unblocked: false,
    notBefore: 0,
    recheckMs: 60_000,
    ...over,
  };
}

// the revocation kind's own answers (its host is not used for them)
const revocations = revocationKind({ revocationKeys: { get: async () => null, drop: async () => undefined } }, {} as KindHost);

/**
 * What the engine knows of a revocation waiting for a key: what its kind says the wait is, and
 * whether `candidateKeys` (the profile's active key and its saved keys with keys:manage) hold one
 * not tried yet.
 */
function keyWait(op: StoredOp, candidateKeys: string[], over: Partial<StepContext> = {}): StepContext {
  if (op.payload.type !== 'revocation') throw new Error('not a revocation');
  const waitsFor = revocations.waitsForPerson(op.item.pendingReason!);
  return ctx({ waitsFor, unblocked: hasUntriedKey(op.payload, candidateKeys), ...over });
}

function target(over: Partial<Target> = {}): Target {
  return { offline: false, failures: 0, nextProbeAt: 0, probing: false, pausedUntil: 0, ...over };
}

describe('nextStep', () => {
  it('a finished operation waits for the person only', () => {
    for (const state of ['sent', 'failed', 'cancelled'] as const) {
      expect(nextStep(message({ state, pendingReason: null }), ctx({ forced: true }), NOW)).toEqual({ kind: 'never' });
    }
  });

  it('a queued operation goes now; one backing off goes when its back-off ends', () => {
    expect(nextStep(message(), ctx(), NOW)).toEqual({ kind: 'now' });
    const backingOff = message({ pendingReason: 'server_error', nextAttemptAt: iso(NOW + 4_000) });
    expect(nextStep(backingOff, ctx(), NOW)).toEqual({ kind: 'at', at: NOW + 4_000 });
    expect(nextStep(backingOff, ctx(), NOW + 4_000)).toEqual({ kind: 'now' });
  });

  it('"sync now" and retry skip the back-off, never the wait a server asked for', () => {
    const backingOff = message({ pendingReason: 'server_error', nextAttemptAt: iso(NOW + 4_000) });
    expect(nextStep(backingOff, ctx({ forced: true }), NOW)).toEqual({ kind: 'now' });
    const rateLimited = message({ pendingReason: 'rate_limited', nextAttemptAt: iso(NOW + 9_000) });
    expect(nextStep(rateLimited, ctx({ forced: true }), NOW)).toEqual({ kind: 'at', at: NOW + 9_000 });
  });

  it('an API paused by a 429 holds every operation to it, forced or not', () => {
    const paused = target({ pausedUntil: NOW + 2_500 });
    expect(nextStep(message(), ctx({ target: paused }), NOW)).toEqual({ kind: 'at', at: NOW + 2_500 });
    expect(nextStep(message(), ctx({ target: paused, forced: true }), NOW)).toEqual({ kind: 'at', at: NOW + 2_500 });
    // a back-off that ends later than the pause wins
    const later = message({ pendingReason: 'server_error', nextAttemptAt: iso(NOW + 8_000) });
    expect(nextStep(later, ctx({ target: paused }), NOW)).toEqual({ kind: 'at', at: NOW + 8_000 });
  });

  it('nothing goes to an API known to be down: it waits for the next probe, or for the one in flight', () => {
    const down = target({ offline: true, failures: 2, nextProbeAt: NOW + 3_000 });
    expect(nextStep(message(), ctx({ target: down, forced: true }), NOW)).toEqual({ kind: 'at', at: NOW + 3_000 });
    expect(nextStep(message(), ctx({ target: { ...down, probing: true } }), NOW)).toEqual({ kind: 'never' });
  });

  it('a time in the record that cannot be read does not hold the operation forever', () => {
    expect(nextStep(message({ pendingReason: 'server_error', nextAttemptAt: 'not a time' }), ctx(), NOW)).toEqual({ kind: 'now' });
  });

  describe('a revocation waiting for a key that can manage keys', () => {
    it('waits while every key here was tried, or is the revoked key itself', () => {
      const agentTried = waitingRevocation(['lk_agent']);
      expect(nextStep(agentTried, keyWait(agentTried, ['lk_agent', 'lk_gone']), NOW)).toEqual({ kind: 'never' });
      expect(nextStep(waitingRevocation([]), keyWait(waitingRevocation([]), []), NOW)).toEqual({ kind: 'never' });
    });

    it('goes now once a key not tried yet is there, or the person retries', () => {
      const agentTried = waitingRevocation(['lk_agent']);
      expect(nextStep(agentTried, keyWait(agentTried, ['lk_agent', 'lk_admin']), NOW)).toEqual({ kind: 'now' });
      expect(nextStep(agentTried, keyWait(agentTried, ['lk_agent'], { forced: true }), NOW)).toEqual({ kind: 'now' });
    });

    it('still waits for an API that is down, and for a 429 pause', () => {
      const op = waitingRevocation([]);
      const keys = (over: Partial<StepContext>): StepContext => keyWait(op, ['lk_admin'], { forced: true, ...over });
      expect(nextStep(op, keys({ target: target({ offline: true, nextProbeAt: NOW }) }), NOW)).toEqual({
        kind: 'never',
      });
      expect(nextStep(op, keys({ target: target({ pausedUntil: NOW + 1_000 }) }), NOW)).toEqual({
        kind: 'at',
        at: NOW + 1_000,
      });
    });
  });

  describe('an operation being sent', () => {
    const sending = (until: number): StoredOp =>
      message({ state: 'sending', pendingReason: null }, { claim: { holder: 'other', pid: 4242, until } });

    it('is taken over at once from a process that died, or from this one (a left-over claim)', () => {
      expect(nextStep(sending(NOW + 100_000), ctx({ claimHolder: 'dead' }), NOW)).toEqual({ kind: 'now' });
      expect(nextStep(sending(NOW + 100_000), ctx({ claimHolder: 'ours' }), NOW)).toEqual({ kind: 'now' });
      expect(nextStep(message({ state: 'sending', pendingReason: null }), ctx(), NOW)).toEqual({ kind: 'now' });
    });

    it('is left to a live process until its claim runs out, looked at again now and then', () => {
      expect(nextStep(sending(NOW + 5_000), ctx({ claimHolder: 'alive' }), NOW)).toEqual({ kind: 'at', at: NOW + 5_000 });
      expect(nextStep(sending(NOW + 100_000), ctx({ claimHolder: 'alive', recheckMs: 60_000 }), NOW)).toEqual({
        kind: 'at',
        at: NOW + 60_000,
      });
      expect(nextStep(sending(NOW), ctx({ claimHolder: 'alive' }), NOW)).toEqual({ kind: 'now' });
    });
  });

  it('never names a moment already past for an operation it could send (the timer would spin)', () => {
    const random = createRandom(7);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    for (let i = 0; i < 2_000; i++) {
      const offset = (): number => Math.round((random() - 0.5) * 20_000);
      const reason = pick(['queued', 'offline', 'server_error', 'rate_limited'] as const);
      const op = message({ pendingReason: reason, nextAttemptAt: random() < 0.2 ? null : iso(NOW + offset()) });
      const step = nextStep(op, ctx({ forced: random() < 0.3, target: target({ pausedUntil: NOW + offset() }) }), NOW);
      if (step.kind === 'at') expect(step.at).toBeGreaterThan(NOW);
      else expect(step).toEqual({ kind: 'now' });
    }
  });
});
