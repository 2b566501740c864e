// The words a revoked key's retirement and proof are told in, by `crm keys list` and the Keys
// screen alike: "retires at 15:04", "refused (401) at 14:02", "still accepted (200) at 14:02,
// checking again". `clock` renders an ISO time as each place shows times (a terminal, the window).
import type { RevocationProof, RevocationSyncState } from './model';

/** what the checks that a revoked key is refused found */
export function proofWords(proof: RevocationProof, clock: (iso: string) => string): string {
  switch (proof.state) {
    case 'refused':
      return `refused (${proof.status}) at ${clock(proof.at)}`;
    case 'accepted':
      return `still accepted (${proof.status}) at ${clock(proof.at)}, checking again${proof.nextAttemptAt ? ` at ${clock(proof.nextAttemptAt)}` : ''}`;
    case 'checking':
      return 'checking that the service refuses it';
    case 'unproved':
      return `not proved refused: ${proof.reason}`;
    case 'cancelled':
      return 'its check was cancelled';
  }
}

/** when a rolled key's scheduled server revocation goes; null when the revocation is not one waiting for its grace */
export function retirementTime(sync: RevocationSyncState | null | undefined): string | null {
  return sync?.state === 'pending' && sync.reason === 'scheduled' && sync.nextAttemptAt ? sync.nextAttemptAt : null;
}
