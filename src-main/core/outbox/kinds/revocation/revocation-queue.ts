// The revocation kind's own queue: what the keys ask of the outbox (the RevocationQueue port of
// services.ts), over the engine's generic parts. Queuing one is a record of this kind
// (revocation-records.ts); where each stands is worked out from the records (revocation-views.ts);
// each change is told once by the kind's reports (revocation-reports.ts).
import type { RevocationQueue } from '../../../services';
import type { KindHost } from '../outbox-kind';
import { revocationFields } from './revocation-kind';
import { addRevocation } from './revocation-records';
import type { RevocationReports } from './revocation-reports';
import { revocationStates, serverRevocationStates } from './revocation-views';

export function createRevocationQueue(host: KindHost, reports: RevocationReports): RevocationQueue {
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
