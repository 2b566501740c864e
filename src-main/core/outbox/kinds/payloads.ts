// Every kind's payload, as the journal holds it: the union the engine stores without looking
// inside, and the rules the journal reads and keeps records by. Each kind's fields and checks
// live in its own folder; this only assembles them.
import type { MessagePayload } from './message/message-payload';
import { MESSAGE_ITEM_KIND, readMessagePayload } from './message/message-payload';
import type { ProofPayload, RevocationPayload } from './revocation/revocation-payload';
import { readProofPayload, readRevocationPayload } from './revocation/revocation-payload';

export type Payload = MessagePayload | RevocationPayload | ProofPayload;

const READERS: { readonly [K in Payload['type']]: (p: Record<string, unknown>) => Extract<Payload, { type: K }> | null } = {
  message: readMessagePayload,
  revocation: readRevocationPayload,
  proof: readProofPayload,
};

/** What the journal needs of the kinds (records.ts: PayloadRules). */
export const PAYLOAD_RULES = {
  itemKinds: [...Object.values(MESSAGE_ITEM_KIND), 'keys.revoke', 'keys.prove'] as const,
  read(p: Record<string, unknown>): Payload | null {
    const type = p.type;
    return typeof type === 'string' && Object.hasOwn(READERS, type) ? READERS[type as Payload['type']](p) : null;
  },
  /**
   * A revocation (and its proof) is never pruned: it is the only record of whether the key is
   * gone from the server (a key's row shows it for as long as the key is listed), and one line
   * per key ever revoked costs nothing worth saving. A finished message is pruned after a while.
   */
  keptForever: (p: Payload): boolean => p.type !== 'message',
};
