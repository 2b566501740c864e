// Every state change of an operation, as a function over a journal transaction. Each checks the
// state it finds (caught up with every process) before it puts a new snapshot, so the checks
// hold across processes: only a pending operation is claimed, only a claimed one is recorded
// by its claimant, only a pending or failed one is cancelled.
import { randomBytes } from 'node:crypto';
import { CrmError } from '../errors';
import type { OutboxItem, OutboxKind } from '../model';
import type { Tx } from './journal';
import type { Outcome } from './policy';
import type { Claim, StoredOp } from './records';
import { openHeads } from './queue-view';

/** `at`: when it is queued (ISO); the id starts with it, so ids sort roughly by age */
export function newOpId(at: string): string {
  return `ob_${Date.parse(at).toString(36)}${randomBytes(6).toString('hex')}`;
}

/**
 * `offlineUntil`: the API is known to be unreachable; the next probe is then. `notBefore`: it is
 * scheduled for then (its kind's own time), which comes before any network state.
 */
export function baseItem(
  id: string,
  kind: OutboxKind,
  profileId: string,
  label: string,
  at: string,
  offlineUntil: number | null,
  notBefore?: string,
): OutboxItem {
  // an operation scheduled for later waits for its time, whatever the network does meanwhile
  const scheduled = notBefore !== undefined && Date.parse(notBefore) > Date.parse(at);
  const offline = !scheduled && offlineUntil !== null;
  return {
    id,
    kind,
    profileId,
    label,
    state: 'pending',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    nextAttemptAt: scheduled ? notBefore : offline ? new Date(offlineUntil).toISOString() : null,
    lastError: null,
    resultSummary: null,
    pendingReason: scheduled ? 'scheduled' : offline ? 'offline' : 'queued',
  };
}

/** a new operation, last in the queue, unclaimed, stored in this transaction */
export function putNew(tx: Tx, item: OutboxItem, payload: StoredOp['payload']): StoredOp {
  const r: StoredOp = { item, payload, order: tx.nextOrder(), claim: null, serverErrors: 0, unanswered: 0, finalized: false };
  tx.put(r);
  return r;
}

/** a claim of this holder in this process (two processes given the same holder id stay apart) */
export function isOurs(claim: Claim | null, holder: string): boolean {
  return claim !== null && claim.holder === holder && claim.pid === process.pid;
}

export function mustGet(tx: Tx, id: string): StoredOp {
  const r = tx.get(id);
  if (!r) throw new CrmError('not_found', 'No such operation in the outbox (it may have been cleaned up).');
  return r;
}

export function cancelOp(tx: Tx, id: string, at: string): StoredOp {
  const r = mustGet(tx, id);
  switch (r.item.state) {
    case 'cancelled':
      return r;
    case 'sending':
      throw new CrmError('conflict', 'It is being sent right now and cannot be cancelled; if this attempt fails, cancel it then.');
    case 'sent':
      throw new CrmError('conflict', 'It was already sent and cannot be cancelled.');
    default: {
      const next: StoredOp = {
        ...r,
        item: { ...r.item, state: 'cancelled', updatedAt: at, nextAttemptAt: null, pendingReason: null },
        claim: null,
      };
      tx.put(next);
      return next;
    }
  }
}

/** What a retry starts from, as the operation's kind says. */
export interface Retried {
  payload: StoredOp['payload'];
  /** epoch ms before which its kind sends nothing of it (0: none): a retry never sends it before then */
  notBefore: number;
}

/** failed (or pending: e.g. waiting for the person) -> pending, next attempt now (or at its kind's not-before time) */
export function retryOp(tx: Tx, id: string, at: string, retried: (r: StoredOp) => Retried): StoredOp {
  const r = mustGet(tx, id);
  if (r.item.state !== 'failed' && r.item.state !== 'pending') {
    throw new CrmError(
      'conflict',
      r.item.state === 'sending' ? 'It is being sent right now.' : `It is ${r.item.state} and cannot be retried.`,
    );
  }
  const { payload, notBefore: scheduled } = retried(r);
  if (scheduled > Date.parse(at)) return putRetried(tx, r, payload, at, new Date(scheduled).toISOString());
  return putRetried(tx, r, payload, at, null);
}

/** pending again with a clean slate (no error, no claim, no streaks): now, or at `notBefore` when it is scheduled */
function putRetried(tx: Tx, r: StoredOp, payload: StoredOp['payload'], at: string, notBefore: string | null): StoredOp {
  const when =
    notBefore === null
      ? { nextAttemptAt: null, pendingReason: 'queued' as const }
      : { nextAttemptAt: notBefore, pendingReason: 'scheduled' as const };
  const next: StoredOp = {
    ...r,
    item: { ...r.item, state: 'pending', updatedAt: at, ...when, lastError: null },
    payload,
    claim: null,
    serverErrors: 0,
    unanswered: 0,
  };
  tx.put(next);
  return next;
}

/**
 * Claims the picked operations for sending, each only if it is unchanged since it was picked and
 * is still the head of its group. The claim is on disk before any request goes out.
 */
export function claimOps(tx: Tx, picks: StoredOp[], claim: Claim, at: string, groupOf: (r: StoredOp) => string): StoredOp[] {
  const heads = new Set(openHeads(tx.values(), groupOf).map((r) => r.item.id));
  const claimed: StoredOp[] = [];
  for (const pick of picks) {
    const cur = tx.get(pick.item.id);
    if (cur !== pick || !heads.has(pick.item.id)) continue;
    const next: StoredOp = {
      ...cur,
      item: { ...cur.item, state: 'sending', attempts: cur.item.attempts + 1, updatedAt: at, nextAttemptAt: null, pendingReason: null },
      claim,
    };
    tx.put(next);
    claimed.push(next);
  }
  return claimed;
}

/** What recording an outcome needs beyond the record: the time, and what its kind says of it. */
export interface OutcomeContext {
  now: number;
  /** the next probe of the operation's API when it is known to be down */
  probeAt: number | null;
  /** the outcome waits for the person (its kind says so of its reason): no time is set */
  waitsForPerson: boolean;
  /** the payload its kind records with the outcome */
  recorded(cur: StoredOp): StoredOp['payload'];
}

/**
 * Records the outcome of an attempt by `holder`. If another process took the operation over
 * meanwhile (our claim expired), only a success is still recorded: it is the truth either way.
 */
export function recordOutcome(tx: Tx, id: string, holder: string, outcome: Outcome<unknown>, ctx: OutcomeContext): StoredOp | null {
  const cur = tx.get(id);
  if (!cur) return null;
  const ours = cur.item.state === 'sending' && isOurs(cur.claim, holder);
  if (!ours && (outcome.kind !== 'sent' || cur.item.state === 'sent')) return null;
  const at = new Date(ctx.now).toISOString();
  const item: OutboxItem = { ...cur.item, updatedAt: at };
  let payload = cur.payload;
  let serverErrors = 0;
  let unanswered = 0;
  switch (outcome.kind) {
    case 'sent':
      Object.assign(item, { state: 'sent', resultSummary: outcome.summary, lastError: null, pendingReason: null, nextAttemptAt: null });
      break;
    case 'failed':
      Object.assign(item, { state: 'failed', lastError: outcome.error, pendingReason: null, nextAttemptAt: null });
      break;
    case 'pending': {
      const waitUntil = outcome.delayMs !== null ? ctx.now + outcome.delayMs : (ctx.probeAt ?? ctx.now);
      Object.assign(item, {
        state: 'pending',
        pendingReason: outcome.reason,
        lastError: outcome.error,
        // waiting for the person: no time
        nextAttemptAt: ctx.waitsForPerson ? null : new Date(waitUntil).toISOString(),
      });
      serverErrors = outcome.streak === 'server_error' ? cur.serverErrors + 1 : 0;
      // a request that never left neither counts nor breaks the streak of unanswered ones
      unanswered = outcome.streak === 'unanswered' ? (cur.unanswered ?? 0) + 1 : outcome.streak === 'unsent' ? (cur.unanswered ?? 0) : 0;
      payload = ctx.recorded(cur);
      break;
    }
  }
  const next: StoredOp = { ...cur, item, payload, claim: null, serverErrors, unanswered };
  tx.put(next);
  return next;
}

/** marks waiting operations of an unreachable API as 'offline' (what the person sees) */
export function markOffline(tx: Tx, ids: Set<string>, probeAt: number, at: string): StoredOp[] {
  const changed: StoredOp[] = [];
  for (const id of ids) {
    const cur = tx.get(id);
    if (!cur || cur.item.state !== 'pending' || cur.item.pendingReason !== 'queued') continue;
    const next: StoredOp = {
      ...cur,
      item: { ...cur.item, pendingReason: 'offline', updatedAt: at, nextAttemptAt: new Date(probeAt).toISOString() },
    };
    tx.put(next);
    changed.push(next);
  }
  return changed;
}

export function markFinalized(tx: Tx, id: string): void {
  const cur = tx.get(id);
  if (!cur || cur.finalized || (cur.item.state !== 'sent' && cur.item.state !== 'cancelled')) return;
  tx.put({ ...cur, finalized: true });
}

export function renewClaim(tx: Tx, id: string, holder: string, until: number): void {
  const cur = tx.get(id);
  if (!cur || cur.item.state !== 'sending' || !cur.claim || !isOurs(cur.claim, holder)) return;
  tx.put({ ...cur, claim: { ...cur.claim, until } });
}
