// The revocation kind's new records: a key's server revocation, queued once per key, and the
// checks that prove its key is refused once it synced (proof-schedule.ts).
import type { RevocationInput } from '../../../services';
import type { Tx } from '../../journal';
import { baseItem, newOpId, putNew } from '../../mutations';
import type { StoredOp } from '../../records';

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
