// When an operation can go next: now, at a known moment, or only once something other than the
// clock happens (the person, a key change, an API answering a probe). Pure, no I/O: the send loop
// asks once per operation and pass, and both what it sends and when its one timer wakes it come
// from that answer, so the two cannot disagree.
import type { Target } from './reachability';
import type { StoredOp } from './records';

/**
 * What a pending operation waits for besides the clock and the network, as its kind says of its
 * pending reason: 'person': only the person moves it (retry, cancel); 'change': the person, or a
 * change only its kind sees (StepContext.unblocked); null: nothing else.
 */
export type PersonWait = 'person' | 'change' | null;

export type Step =
  | { kind: 'now' }
  /** look again then: the back-off ends, a foreign claim runs out, the API's next probe is due */
  | { kind: 'at'; at: number }
  /** nothing the clock brings changes it: the send loop is woken by the change that does */
  | { kind: 'never' };

export interface StepContext {
  /**
   * who holds the claim of an operation being sent: this process (with no attempt of ours in
   * flight, so the claim is left over from an outcome that could not be recorded), another
   * process still running, or one that died; null when it has no claim
   */
  claimHolder: 'ours' | 'alive' | 'dead' | null;
  /** what requests and probes have shown of the operation's API; undefined: nothing yet */
  target: Target | undefined;
  /** the person asked (sync now, retry), or the API just came back: the back-off is skipped */
  forced: boolean;
  /** what its pending reason waits for besides the clock, as its kind says */
  waitsFor: PersonWait;
  /** for one that waits for a change: its kind sees one that may let it go without the person */
  unblocked: boolean;
  /** epoch ms before which its kind sends nothing of it (nor probes for it); 0: no such time */
  notBefore: number;
  /** how long a live process's claim is trusted before it is looked at again (its holder may die) */
  recheckMs: number;
}

const NOW: Step = { kind: 'now' };
const NEVER: Step = { kind: 'never' };

export function nextStep(op: StoredOp, ctx: StepContext, now: number): Step {
  switch (op.item.state) {
    case 'sending':
      return claimStep(op, ctx, now);
    case 'pending':
      // held for the person: only retry or cancel moves it
      if (ctx.waitsFor === 'person') return NEVER;
      return ctx.waitsFor === 'change' ? changeStep(ctx, now) : pendingStep(op, ctx, now);
    default:
      // sent, failed, cancelled: only the person moves it again (retry)
      return NEVER;
  }
}

/**
 * Being sent. Taking it over means sending it again, which is harmless (outbox.ts), so a claim
 * of a process that died, or one that ran out, is taken over at once.
 */
function claimStep(op: StoredOp, ctx: StepContext, now: number): Step {
  const claim = op.claim;
  if (claim === null || ctx.claimHolder !== 'alive' || claim.until <= now) return NOW;
  return { kind: 'at', at: Math.min(claim.until, now + ctx.recheckMs) };
}

/**
 * One that nothing here could do waits for the person (retry) or for the change its kind watches
 * for (e.g. a key not tried yet); trying the same again on a timer would only fail the same way.
 */
function changeStep(ctx: StepContext, now: number): Step {
  // the API is down as well: its answering again starts a pass, which looks at this then
  if (ctx.target?.offline) return NEVER;
  if (!ctx.forced && !ctx.unblocked) return NEVER;
  return notBefore(ctx.target?.pausedUntil ?? 0, now);
}

function pendingStep(op: StoredOp, ctx: StepContext, now: number): Step {
  // A scheduled operation waits for its time whatever else happens: "sync now", the API coming
  // back and a retry never send it before then (nor probe for it meanwhile).
  const scheduled = ctx.notBefore;
  if (scheduled > now) return { kind: 'at', at: scheduled };
  const target = ctx.target;
  // Nothing is sent to an API known to be down: it waits for the probe, whose answer starts a
  // pass (a probe in flight: that answer is what it waits for).
  if (target?.offline) return target.probing ? NEVER : { kind: 'at', at: target.nextProbeAt };
  // An API this process has not heard from yet: the pass that saw this started its probe, whose
  // answer starts the next pass (a fresh process never sends into an outage it cannot see).
  if (target?.unverified === true) return NEVER;
  // "Sync now" and retry skip the back-off, but never the wait a server asked for (429).
  const skipBackOff = ctx.forced && op.item.pendingReason !== 'rate_limited';
  const due = skipBackOff || op.item.nextAttemptAt === null ? now : Date.parse(op.item.nextAttemptAt);
  // a time that cannot be read would keep it waiting forever (or wake the loop in a spin): now
  return notBefore(Math.max(Number.isFinite(due) ? due : now, target?.pausedUntil ?? 0), now);
}

function notBefore(at: number, now: number): Step {
  return at <= now ? NOW : { kind: 'at', at };
}
