// The ports the outbox engine is built from (re-exported by index.ts). What only one kind of
// work needs is that kind's own (kinds/index.ts: KindDeps).
import type { HttpSender } from '../http/sender';
import type { Profile } from '../model';
import type { KeyAccess } from '../services';

export interface OutboxDeps {
  /** data dir; the outbox keeps its files here (outbox.journal, outbox.lock, outbox.journal.damaged-*) */
  dir: string;
  sender: HttpSender;
  /** baseUrl + endpointOverrides */
  getProfile(profileId: string): Promise<Profile>;
  /** withKey(profileId, keyId|null, fn): the profile's active key (or a given one); throws 'no_key'/'key_revoked' */
  keyAccess: KeyAccess;
  now?: () => number;
  random?: () => number;
  /** back-off bounds for probes and server errors; default 1 s .. 60 s */
  probeIntervalMs?: { min: number; max: number };
  /** for the cross-process claim; default `${process.pid}-${random}` */
  holderId?: string;
  /** never receives key values */
  log?: (line: string) => void;
}
