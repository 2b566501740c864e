// When a scheduled server revocation may go: a rolled key's old value keeps working on the
// service until its grace ends, so its revocation waits in the outbox with a not-before time.
// Pure functions, no I/O: the revocation kind (its notBefore hook, which the send loop and a
// retry ask) and the roll (keys/roll.ts) all ask here, so they cannot disagree about the time.
import { GRACES, type Grace } from '../../../../shared/key-roll';
import type { StoredOp } from '../../records';
import type { Payload } from '../payloads';

// the graces are named once, in shared/, so the window offers the same ones
export { DEFAULT_GRACE, GRACES, type Grace } from '../../../../shared/key-roll';

const GRACE_MS: Record<Grace, number> = { now: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };

export function isGrace(value: string): value is Grace {
  return (GRACES as readonly string[]).includes(value);
}

export function graceMs(grace: Grace): number {
  return GRACE_MS[grace];
}

/** the not-before time of a revocation retiring a key after `grace` from `now`; null: at once */
export function retirementAt(now: number, grace: Grace): string | null {
  const ms = graceMs(grace);
  return ms === 0 ? null : new Date(now + ms).toISOString();
}

/** epoch ms before which nothing of the operation is sent; 0 when it has no such time (or one that cannot be read) */
export function notBeforeOf(op: StoredOp): number {
  return payloadNotBefore(op.payload);
}

/** notBeforeOf, from the payload alone */
export function payloadNotBefore(payload: Payload): number {
  if (payload.type !== 'revocation' || payload.notBefore === undefined) return 0;
  const at = Date.parse(payload.notBefore);
  return Number.isFinite(at) ? at : 0;
}

/** waiting for its not-before time: nothing is sent, and its API is not probed for it */
export function isScheduled(op: StoredOp, now: number): boolean {
  return op.item.state === 'pending' && notBeforeOf(op) > now;
}
