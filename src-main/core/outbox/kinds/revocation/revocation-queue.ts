// The revocation kind's own queue: what the keys ask of the outbox (the RevocationQueue port of
// services.ts), over the engine's generic parts. Queuing one is a record of this kind
// (revocation-records.ts); where each stands is worked out from the records (revocation-views.ts);
// each change is told once by the kind's reports (revocation-reports.ts).
import type { OutboxItem } from '../../../model';
import type { RevocationQueue } from '../../../services';
import type { Tx } from '../../journal';
import type { StoredOp } from '../../records';
import { revocationFields } from './revocation-kind';
import { addRevocation } from './revocation-records';
import type { RevocationReports } from './revocation-reports';
import { revocationStates, serverRevocationStates } from './revocation-views';

/** What a kind's queue borrows of the engine. */
export interface QueueHost {
  /** stores one new operation built in a journal transaction, then starts a pass */
  enqueue(profileId: string, add: (tx: Tx, at: string, offlineUntil: number | null) => StoredOp): Promise<OutboxItem>;
  /** every stored operation, caught up with other processes first (a state another process moved on shows as it is) */
  records(): Promise<Iterable<StoredOp>>;
  syncNow(): Promise<void>;
}

export function createRevocationQueue(host: QueueHost, reports: RevocationReports): RevocationQueue {
  return {
    // Without a server id or a kept value the attempt fails with a reason the person can act on;
    // it is still recorded, so the key shows why its revocation never reached the server.
    enqueue(input) {
      const clean = revocationFields(input);
      return host.enqueue(clean.profileId, (tx, at, offline) => addRevocation(tx, clean, at, offline));
    },
    onDidReport: (listener) => reports.onDidReport(listener),
    serverRevocations: async (profileId) => serverRevocationStates(await host.records(), profileId),
    syncStates: async () => revocationStates(await host.records()),
    syncNow: () => host.syncNow(),
  };
}
