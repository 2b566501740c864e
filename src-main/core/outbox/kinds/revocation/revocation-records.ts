// The revocation kind's records: a key's server revocation, queued once per key, and the checks
// that prove its key is refused once it synced (proof-schedule.ts); and the changes only a
// revocation has (its server id found, the keys the server refused, a retry's clean slate).
import { CrmError } from '../../../errors';
import type { RevocationInput } from '../../../services';
import type { Tx } from '../../journal';
import { baseItem, isOurs, newOpId, putNew } from '../../mutations';
import type { RevocationOutcome } from './attempt-revocation';
import type { StoredOp } from '../../records';
import type { StoredOpOf } from '../outbox-kind';
import type { RevocationPayload } from './revocation-payload';

export function addRevocation(tx: Tx, input: RevocationInput, at: string, offlineUntil: number | null): StoredOp {
  // One revocation per key: queuing it again returns the one already waiting.
  const same = tx.find((r) => {
    if (r.payload.type !== 'revocation' || r.item.profileId !== input.profileId) return false;
    if (r.item.state === 'sent' || r.item.state === 'cancelled') return false;
    return (
      (input.serverKeyId !== null && r.payload.serverKeyId === input.serverKeyId) ||
      (input.localKeyId !== null && r.payload.localKeyId === input.localKeyId)
    );
  });
  if (same) return same;
  const notBefore = input.notBefore;
  return putNew(tx, baseItem(newOpId(at), 'keys.revoke', input.profileId, input.label, at, offlineUntil, notBefore), {
    type: 'revocation',
    localKeyId: input.localKeyId,
    serverKeyId: input.serverKeyId,
    origin: input.origin ?? null,
    refusedKeys: [],
    ...(notBefore !== undefined ? { notBefore } : {}),
  });
}

/**
 * The checks that prove a synced revocation's key is refused (proof-schedule.ts): one per
 * revocation, whichever process saw it synced first.
 */
export function addProof(tx: Tx, revocation: StoredOp, at: string): StoredOp | null {
  const rev = revocation.payload;
  if (rev.type !== 'revocation' || rev.localKeyId === null) return null;
  const revocationId = revocation.item.id;
  const same = tx.find((r) => r.payload.type === 'proof' && r.payload.revocationId === revocationId);
  if (same) return same;
  return putNew(tx, baseItem(newOpId(at), 'keys.prove', revocation.item.profileId, revocation.item.label, at, null), {
    type: 'proof',
    localKeyId: rev.localKeyId,
    revocationId,
    origin: rev.origin ?? null,
    startedAt: at,
  });
}

/** the server id a revocation found in the key list, durable before the DELETE; only by its claimant */
export function saveServerKeyId(tx: Tx, id: string, holder: string, serverKeyId: string): void {
  const cur = tx.get(id);
  if (!cur || cur.payload.type !== 'revocation' || cur.item.state !== 'sending' || !isOurs(cur.claim, holder)) {
    throw new CrmError('conflict', 'The revocation was taken over by another process.');
  }
  tx.put({ ...cur, payload: { ...cur.payload, serverKeyId } });
}

/** the person's retry tries every key again (a retirement keeps its time: the kind's notBefore) */
export function retriedRevocation(payload: RevocationPayload): RevocationPayload {
  return { ...payload, refusedKeys: [] };
}

/**
 * A revocation that waits for a key: the active key at this attempt counts as tried, whatever
 * stopped it (no keys:manage, refused, not readable): only a different key, or the person's
 * retry, wakes it up.
 */
export function withRefusedKeys(r: StoredOpOf<'revocation'>, outcome: RevocationOutcome, activeKeyId: string | null): RevocationPayload {
  if (outcome.kind !== 'pending' || outcome.reason !== 'needs_admin_key') return r.payload;
  const refused = new Set([...r.payload.refusedKeys, ...(outcome.detail ?? [])]);
  if (activeKeyId !== null) refused.add(activeKeyId);
  return { ...r.payload, refusedKeys: [...refused] };
}
