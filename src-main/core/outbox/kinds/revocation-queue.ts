// The keys' view of the outbox: the RevocationQueue port (services.ts) over the one durable queue,
// so the key service can queue a server revocation and hear how it does without holding the whole
// outbox (its messages, cancel, retry and close are none of its business).
import type { OutboxService, RevocationQueue } from '../../services';

export function revocationQueueOf(outbox: OutboxService): RevocationQueue {
  return {
    enqueue: (input) => outbox.enqueueRevocation(input),
    onDidReport: (listener) => outbox.onDidReportRevocation(listener),
    serverRevocations: (profileId) => outbox.serverRevocations(profileId),
    syncStates: () => outbox.syncStates(),
    syncNow: () => outbox.syncNow(),
  };
}
