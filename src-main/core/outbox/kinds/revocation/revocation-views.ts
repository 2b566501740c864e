// Where each saved key's server revocation stands, worked out from the stored operations for
// display: the journal is its only record, so nothing here is ever written anywhere.
import type { RevocationProof, RevocationSyncState } from '../../../model';
import type { StoredOp } from '../../records';

export function syncStateOf(r: StoredOp): RevocationSyncState {
  const item = r.item;
  switch (item.state) {
    case 'sent':
      return { state: 'synced', at: item.updatedAt };
    case 'failed':
      return { state: 'failed', reason: item.lastError?.message ?? 'The revocation failed.', outboxId: item.id };
    case 'cancelled':
      return { state: 'local_only' };
    default: {
      const sync: RevocationSyncState = { state: 'pending', reason: item.pendingReason ?? 'queued', outboxId: item.id };
      if (item.lastError) sync.detail = item.lastError.message;
      if (item.nextAttemptAt) sync.nextAttemptAt = item.nextAttemptAt;
      return sync;
    }
  }
}

/** by server key id: the state of its latest revocation, for one profile's server key list */
export function serverRevocationStates(records: Iterable<StoredOp>, profileId: string): Map<string, RevocationSyncState> {
  const latest = new Map<string, StoredOp>();
  for (const r of records) {
    if (r.payload.type !== 'revocation' || r.payload.serverKeyId === null || r.item.profileId !== profileId) continue;
    const seen = latest.get(r.payload.serverKeyId);
    if (!seen || seen.order < r.order) latest.set(r.payload.serverKeyId, r);
  }
  return new Map([...latest].map(([serverKeyId, r]) => [serverKeyId, syncStateOf(r)]));
}

/**
 * The state of each saved key's latest revocation, by local key id. One key has one revocation
 * at a time (addRevocation), but a finished one may be followed by another (a cancelled one
 * queued again): the latest in enqueue order is the one that counts.
 */
export function revocationStates(records: Iterable<StoredOp>): Map<string, RevocationSyncState> {
  const latest = new Map<string, StoredOp>();
  const proofs = new Map<string, StoredOp>();
  for (const r of records) {
    if (r.payload.type === 'proof') proofs.set(r.payload.revocationId, r);
    if (r.payload.type !== 'revocation' || r.payload.localKeyId === null) continue;
    const seen = latest.get(r.payload.localKeyId);
    if (!seen || seen.order < r.order) latest.set(r.payload.localKeyId, r);
  }
  return new Map([...latest].map(([localKeyId, r]) => [localKeyId, withProof(syncStateOf(r), proofs.get(r.item.id))]));
}

/** a synced revocation with what the checks of its key found (none queued yet: nothing said) */
export function withProof(sync: RevocationSyncState, proof: StoredOp | undefined): RevocationSyncState {
  return sync.state === 'synced' && proof !== undefined ? { ...sync, proof: proofStateOf(proof) } : sync;
}

/** what the checks that a revoked key is refused found so far (attempt-proof.ts) */
export function proofStateOf(r: StoredOp): RevocationProof {
  const item = r.item;
  switch (item.state) {
    case 'sent': {
      const m = /^refused \((\d{3})\) at (.+)$/.exec(item.resultSummary ?? '');
      return { state: 'refused', status: m ? Number(m[1]) : 401, at: m ? m[2]! : item.updatedAt };
    }
    case 'failed':
      return { state: 'unproved', at: item.updatedAt, reason: item.lastError?.message ?? 'The check failed.' };
    case 'cancelled':
      return { state: 'cancelled' };
    default: {
      const next = item.nextAttemptAt ? { nextAttemptAt: item.nextAttemptAt } : {};
      if (item.lastError?.status !== undefined && (item.pendingReason === 'still_accepted' || item.state === 'sending')) {
        const m = / at (\S+), checking again$/.exec(item.lastError.message);
        return { state: 'accepted', status: item.lastError.status, at: m ? m[1]! : item.updatedAt, ...next };
      }
      return { state: 'checking', ...next };
    }
  }
}
