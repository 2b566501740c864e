// The outbox as the core uses it: the generic engine with every kind of queued work, and the
// kinds' own queues on it (OutboxService). Whoever needs only one kind's queue takes it from the
// kind set instead (kinds/index.ts), as the keys do.
import type { OutboxService, RevocationQueue } from '../../services';
import type { OutboxDeps } from '../deps';
import type { OutboxDiagnostics } from '../outbox';
import { OutboxEngine } from '../outbox';
import { createKinds, type KindDeps, type OutboxKindSet } from './index';

/** the outbox with its kinds' queues on it (the keys take theirs from the kind set instead) */
export type Outbox = OutboxService & OutboxDiagnostics & { readonly revocations: RevocationQueue };
export type DurableOutboxDeps = OutboxDeps & KindDeps;

export class DurableOutbox extends OutboxEngine implements Outbox {
  readonly revocations: RevocationQueue;
  readonly enqueueMessage: OutboxService['enqueueMessage'];

  /** `kinds`: built first when someone else needs one of their queues (createKinds); else built here from `deps` */
  constructor(...[deps, given]: [deps: DurableOutboxDeps] | [deps: OutboxDeps, kinds: OutboxKindSet]) {
    const kinds = given ?? createKinds(deps as DurableOutboxDeps);
    super(deps, kinds);
    this.revocations = kinds.revocations;
    this.enqueueMessage = kinds.enqueueMessage;
  }
}

/** A started outbox. Construct a DurableOutbox and start() it yourself to subscribe first. */
export async function createOutbox(deps: DurableOutboxDeps): Promise<Outbox> {
  const outbox = new DurableOutbox(deps);
  await outbox.start();
  return outbox;
}
