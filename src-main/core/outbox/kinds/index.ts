// Every kind of queued work the outbox holds, built before the engine: the only place that names
// them, so the engine itself stays generic (it moves operations; a kind knows what one is). The
// kinds' own queues (the keys' revocations, the messages) are handed out from here, so whoever
// queues work depends on its kind's small port, not on the engine.
import { CrmError } from '../../errors';
import type { OutboxService, RevocationQueue } from '../../services';
import type { Tx } from '../journal';
import { enqueueMessage, messageKind, type MessageKindDeps } from './message/message-kind';
import type { KindHost, KindSet, OutboxKinds } from './outbox-kind';
import { PAYLOAD_RULES } from './payloads';
import { proofKind } from './revocation/proof-kind';
import type { RevocationDeps } from './revocation/revocation-deps';
import { revocationKind } from './revocation/revocation-kind';
import { createRevocationQueue } from './revocation/revocation-queue';
import { syncStateOf, withProof } from './revocation/revocation-views';

export type { RevocationDeps, RevocationKeyStore } from './revocation/revocation-deps';
export { journalRevocationProgress } from './revocation/journal-progress';

/** What the kinds are built from. */
export type KindDeps = RevocationDeps & Pick<MessageKindDeps, 'onDelivered'> & { log?: (line: string) => void };

export interface OutboxKindSet extends KindSet {
  /** the keys' queue of server revocations */
  readonly revocations: RevocationQueue;
  /** queues a message (see OutboxService.enqueueMessage) */
  enqueueMessage: OutboxService['enqueueMessage'];
}

export function createKinds(deps: KindDeps): OutboxKindSet {
  let attached: KindHost | null = null;
  const engine = (): KindHost => {
    if (attached === null) throw new CrmError('internal', 'The outbox is not built yet.');
    return attached;
  };
  // The kinds are built now (their queues exist before the engine does) and work through the
  // engine's host once it attaches itself.
  const host: KindHost = {
    transact: <T>(fn: (tx: Tx) => T) => engine().transact(fn),
    enqueue: (profileId, add) => engine().enqueue(profileId, add),
    records: () => engine().records(),
    syncNow: () => engine().syncNow(),
    iso: () => engine().iso(),
    log: (line) => (attached ? attached.log(line) : deps.log?.(line)),
    get holder() {
      return engine().holder;
    },
    offlineUntil: (base) => engine().offlineUntil(base),
    pinBase: (id, base) => engine().pinBase(id, base),
    baseOf: (r) => engine().baseOf(r),
    stored: (id) => engine().stored(id),
  };
  const revocation = revocationKind(deps, host);
  const proof = proofKind({
    revocationKeys: deps.revocationKeys,
    reports: revocation.reports,
    syncOf: (r) => {
      if (r.payload.type !== 'proof') return undefined;
      const proved = host.stored(r.payload.revocationId);
      return proved ? withProof(syncStateOf(proved), r) : undefined;
    },
  });
  const kinds: OutboxKinds = { message: messageKind({ onDelivered: deps.onDelivered, log: host.log }), revocation, proof };
  return {
    payloads: PAYLOAD_RULES,
    attach(engineHost) {
      if (attached !== null) throw new CrmError('internal', 'These outbox kinds already serve an outbox.');
      attached = engineHost;
      return kinds;
    },
    revocations: createRevocationQueue(host, revocation.reports),
    enqueueMessage: (input) => enqueueMessage(host, input),
    idle: () => revocation.reports.idle(),
  };
}
