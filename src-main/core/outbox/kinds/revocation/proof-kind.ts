// Proofs that a revoked key is refused: after its server revocation synced, the kept value is
// tried against the key test's harmless request (attempt-proof.ts) until the service refuses it,
// with the back-off of proof-schedule.ts for up to an hour. The engine's claims make sure one
// process makes each check; every change is reported to the revocation listeners, and a
// finished proof drops the value from the keychain (revocation-reports.ts).
import type { RevocationSyncState } from '../../../model';
import { attemptProof } from './attempt-proof';
import type { RevocationReports } from './revocation-reports';
import type { StoredOp } from '../../records';
import type { OutboxKind } from '../outbox-kind';
import { plainKind } from '../outbox-kind';
import type { RevocationDeps } from './revocation-deps';

export interface ProofKindDeps extends Pick<RevocationDeps, 'revocationKeys'> {
  reports: RevocationReports;
  /** the proved revocation's state as a key shows it, the proof included */
  syncOf(proof: StoredOp): RevocationSyncState | undefined;
}

export function proofKind({ revocationKeys, reports, syncOf }: ProofKindDeps): OutboxKind<'proof'> {
  return {
    ...plainKind,
    route: () => Promise.resolve(undefined),
    // each proof is its own group: it waits for nothing else in the queue
    groupOf: (r) => `rev:${r.item.id}`,
    attempt(r, profile, streaks, contextAt) {
      return attemptProof({ ...contextAt(profile.baseUrl), revocationKeys }, r.payload, r.item.attempts, streaks);
    },
    afterRecorded: () => Promise.resolve(),
    observe(r) {
      const sync = syncOf(r);
      if (sync) reports.reportProof(r, sync);
    },
  };
}
