// The ports the outbox is built from (re-exported by index.ts).
import type { HttpSender } from '../http/sender';
import type { Delivery } from '../messages/sent-record';
import type { Profile } from '../model';
import type { KeyAccess } from '../services';

/** the revoked key's own value, kept in the keychain only so it can delete itself on the server */
export interface RevocationKeyStore {
  get(localKeyId: string): Promise<string | null>;
  drop(localKeyId: string): Promise<void>;
}

export interface OutboxDeps {
  /** data dir; the outbox keeps its files here (outbox.journal, outbox.lock, outbox.journal.damaged-*) */
  dir: string;
  sender: HttpSender;
  /** baseUrl + endpointOverrides */
  getProfile(profileId: string): Promise<Profile>;
  /** withKey(profileId, keyId|null, fn): the profile's active key (or a given one); throws 'no_key'/'key_revoked' */
  keyAccess: KeyAccess;
  revocationKeys: RevocationKeyStore;
  /**
   * Ids of the profile's saved, active keys known to hold keys:manage. A revocation tries them
   * after the active key and before the revoked key's own value. Default: none.
   */
  adminKeyIds?(profileId: string): Promise<string[]>;
  now?: () => number;
  random?: () => number;
  /** back-off bounds for probes and server errors; default 1 s .. 60 s */
  probeIntervalMs?: { min: number; max: number };
  /** for the cross-process claim; default `${process.pid}-${random}` */
  holderId?: string;
  /** never receives key values */
  log?: (line: string) => void;
  /**
   * A queued message the service took, told once its 'sent' record is on disk (by the process
   * that recorded it), for this app's record of what it sent. Its failure is logged, never retried.
   */
  onDelivered?(delivery: Delivery): Promise<void> | void;
}
