// Every kind of queued work the outbox holds, built for one engine: the only place that names
// them, so the engine itself stays generic (it moves operations; a kind knows what one is).
import type { OutboxDeps } from '../deps';
import type { StoredOp } from '../records';
import type { RevocationQueue } from '../../services';
import { messageKind } from './message-kind';
import type { KindHost, OutboxKinds } from './outbox-kind';
import { proofKind } from './revocation/proof-kind';
import { revocationKind } from './revocation/revocation-kind';
import { createRevocationQueue, type QueueHost } from './revocation/revocation-queue';
import { syncStateOf, withProof } from './revocation/revocation-views';

export interface KindSet {
  kinds: OutboxKinds;
  /** the keys' queue of server revocations */
  revocations: RevocationQueue;
  /** resolves when what the kinds started after a recorded change (reports, proofs) is done */
  idle(): Promise<void>;
}

export function createKinds(deps: OutboxDeps, host: KindHost, queueHost: QueueHost, stored: (id: string) => StoredOp | undefined): KindSet {
  const revocation = revocationKind({ revocationKeys: deps.revocationKeys, adminKeyIds: deps.adminKeyIds }, host);
  const proof = proofKind({
    revocationKeys: deps.revocationKeys,
    reports: revocation.reports,
    syncOf: (r) => {
      if (r.payload.type !== 'proof') return undefined;
      const proved = stored(r.payload.revocationId);
      return proved ? withProof(syncStateOf(proved), r) : undefined;
    },
  });
  return {
    kinds: { message: messageKind({ onDelivered: deps.onDelivered, log: host.log }), revocation, proof },
    revocations: createRevocationQueue(queueHost, revocation.reports),
    idle: () => revocation.reports.idle(),
  };
}
