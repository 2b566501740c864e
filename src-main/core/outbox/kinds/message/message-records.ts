// The message kind's records: a new queued message, and the changes only a message has (bound to
// a service, held for the person, released or re-keyed by the person's retry). Each checks the
// state it finds in the transaction, as the engine's mutations do.
import type { PreparedRequest } from '../../../http/prepared-request';
import type { OutboxItem } from '../../../model';
import type { Tx } from '../../journal';
import { baseItem, newOpId, putNew } from '../../mutations';
import type { StoredOp } from '../../records';
import type { StoredOpOf } from '../outbox-kind';
import type { MessageOp, MessagePayload } from './message-payload';
import { MESSAGE_ITEM_KIND } from './message-payload';

export function addMessage(
  tx: Tx,
  input: {
    profileId: string;
    keyId: string | null;
    op: MessageOp;
    label: string;
    number: string;
    request?: PreparedRequest;
    baseUrl?: string;
  },
  at: string,
  offlineUntil: number | null,
): StoredOp {
  // The same Idempotency-Key queued twice (a caller retrying its enqueue) is one operation.
  const same = tx.find(
    (r) =>
      r.payload.type === 'message' &&
      r.item.profileId === input.profileId &&
      r.payload.op.idempotencyKey === input.op.idempotencyKey &&
      r.item.state !== 'cancelled',
  );
  if (same) return same;
  return putNew(tx, baseItem(newOpId(at), MESSAGE_ITEM_KIND[input.op.op], input.profileId, input.label, at, offlineUntil), {
    type: 'message',
    keyId: input.keyId,
    op: input.op,
    group: `${input.profileId}|${input.number}`,
    ...(input.request ? { request: input.request } : {}),
    ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl } : {}),
  });
}

/** what the person's retry sends: a held message as it was queued, a keyless one with the active key */
export function retriedMessage(payload: MessagePayload, item: OutboxItem): MessagePayload {
  // held because the profile changed: the person's retry is "send it as it was queued, to where"
  if (item.pendingReason === 'held') return { ...payload, release: true };
  // "No usable key; add one and retry": the retry uses the profile's active key.
  if (item.lastError?.code === 'no_key' || item.lastError?.code === 'key_revoked') return { ...payload, keyId: null };
  return payload;
}

function messageAt(tx: Tx, id: string): StoredOpOf<'message'> | undefined {
  const cur = tx.get(id);
  return cur?.payload.type === 'message' ? (cur as StoredOpOf<'message'>) : undefined;
}

/**
 * A message queued by an older build (or without its base URL) is bound to where its profile
 * points at the first pass that sees it: from then on it is held if the profile moves.
 */
export function bindBase(tx: Tx, id: string, baseUrl: string): void {
  const cur = messageAt(tx, id);
  if (!cur || cur.payload.baseUrl !== undefined || cur.item.state !== 'pending') return;
  tx.put({ ...cur, payload: { ...cur.payload, baseUrl } });
}

/** holds a waiting message for the person (binding.ts); `question` says what changed */
export function holdOp(tx: Tx, id: string, question: string, at: string): StoredOp | null {
  const cur = tx.get(id);
  if (!cur || cur.item.state !== 'pending') return null;
  if (cur.item.pendingReason === 'held' && cur.item.lastError?.message === question) return cur;
  const next: StoredOp = {
    ...cur,
    item: { ...cur.item, pendingReason: 'held', nextAttemptAt: null, updatedAt: at, lastError: { code: 'conflict', message: question } },
  };
  tx.put(next);
  return next;
}

/** a held message whose profile points where it was queued for again goes on by itself */
export function unholdOp(tx: Tx, id: string, at: string): void {
  const cur = tx.get(id);
  if (!cur || cur.item.state !== 'pending' || cur.item.pendingReason !== 'held') return;
  tx.put({ ...cur, item: { ...cur.item, pendingReason: 'queued', nextAttemptAt: null, updatedAt: at, lastError: null } });
}
