// A revoked key's retirement and proof in its row: "retires at 15:04" while a rolled key's server
// revocation waits for its grace, then what the checks that the service refuses the old value
// found ("refused (401) at 14:02", "still accepted (200) at 14:02, checking again"). Main computes
// both from the outbox with each key (KeyMeta.sync); nothing is kept here.
import type { KeyMeta } from '../../lib/api';
import { proofWords, retirementTime } from '../../../src-main/shared/revocation-proof-words';
import { keyClock } from './key-clock';

export function RevocationProofState({ k }: { k: KeyMeta }) {
  const retires = retirementTime(k.sync);
  const proof = k.sync?.state === 'synced' ? k.sync.proof : undefined;
  if (!retires && !proof) return null;
  const refused = proof?.state === 'refused';
  return (
    <span
      className={`block small ${refused ? 'sync-ok' : proof?.state === 'unproved' ? 'sync-failed' : ''}`}
      data-testid={`key-proof-${k.id}`}
    >
      {retires ? `retires at ${keyClock(retires)}` : proof ? proofWords(proof, (iso) => keyClock(iso)) : null}
    </span>
  );
}
