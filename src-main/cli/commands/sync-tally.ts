// What one `crm sync` did, from the outbox's items before and after it. Pure.
// The outbox starts sending as the command's session opens it, so a pass may deliver (or fail)
// an operation before the command's first list: an operation whose record changed after the
// session opened belongs to this sync, whatever that first list said.
import type { OutboxItem, OutboxState } from '../../core/model';

export interface SyncTally {
  sent: OutboxItem[];
  /** every failed operation still in the outbox, also one set aside by an earlier run */
  failed: OutboxItem[];
  /** of `failed`, those that had failed before this sync */
  failedEarlier: number;
  /** waiting by design: a rolled key's retirement before its grace ends, the checks that a revoked key is refused */
  later: OutboxItem[];
  pending: OutboxItem[];
}

export function syncTally(items: OutboxItem[], before: ReadonlyMap<string, OutboxState>, openedAt: number): SyncTally {
  const changedSinceOpen = (i: OutboxItem): boolean => Date.parse(i.updatedAt) >= openedAt;
  const sent = items.filter((i) => i.state === 'sent' && (before.get(i.id) !== 'sent' || changedSinceOpen(i)));
  // a failed operation counts even when an earlier run failed it: it has not reached the
  // service, and a sync that says "0 failed" would hide it
  const failed = items.filter((i) => i.state === 'failed');
  const failedEarlier = failed.filter((i) => before.get(i.id) === 'failed' && !changedSinceOpen(i)).length;
  const later = items.filter((i) => i.state === 'pending' && (i.pendingReason === 'scheduled' || i.kind === 'keys.prove'));
  const pending = items.filter((i) => (i.state === 'pending' || i.state === 'sending') && !later.includes(i));
  return { sent, failed, failedEarlier, later, pending };
}
