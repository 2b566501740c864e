// The small port between the generic outbox engine and one kind of queued work (a message, a
// key's server revocation). The engine owns the queue: claims, passes, back-off, reachability,
// the timer. A kind owns what only it knows: where its requests go, what one attempt does, and
// what happens once its outcome is on disk.
import type { Profile } from '../../model';
import type { AttemptContext } from '../attempt-context';
import type { Tx } from '../journal';
import type { Outcome, Streaks } from '../policy';
import type { Payload, StoredOp } from '../records';

export type KindName = Payload['type'];

/** A stored operation of one kind, its payload narrowed. */
export type StoredOpOf<K extends KindName> = StoredOp & { payload: Extract<Payload, { type: K }> };

/** What the engine lends a kind. */
export interface KindHost {
  /** one journal transaction (under the cross-process lock, caught up first) */
  transact<T>(fn: (tx: Tx) => T): Promise<T>;
  /** the engine's clock as an ISO time */
  iso(): string;
  log(line: string): void;
  /** this process's name on the claims it holds */
  holder: string;
  /** where this operation's requests go from now on, as this process knows it */
  pinBase(id: string, base: string): void;
  /** where an operation's requests go, as far as this process knows */
  baseOf(r: StoredOp): string | undefined;
}

export interface OutboxKind<K extends KindName> {
  /**
   * Where a waiting operation's requests go now: a base URL, null when it is held for the
   * person (nothing is sent, probed or timed for it), undefined when the kind has no say (the
   * engine uses the last known base, else the profile's).
   */
  route(r: StoredOpOf<K>, profile: Profile, host: KindHost): Promise<string | null | undefined>;
  /** saved keys that could now unblock an operation waiting for one (read only when it waits) */
  candidateKeys(r: StoredOpOf<K>, profile: Profile, adminKeysOf: (profileId: string) => Promise<string[]>): Promise<string[]>;
  /** one attempt; `contextAt(base)` is the engine's context for requests to that base */
  attempt(
    r: StoredOpOf<K>,
    profile: Profile,
    streaks: Streaks,
    contextAt: (base: string) => AttemptContext,
    host: KindHost,
  ): Promise<Outcome>;
  /** after this process recorded the attempt's outcome (`recorded` is the record as written) */
  afterRecorded(recorded: StoredOpOf<K>, outcome: Outcome): Promise<void>;
  /** after every change on disk, ours or another process's, for each operation of this kind */
  observe(r: StoredOpOf<K>): void;
}

/** Every kind the journal holds, one module each. */
export type OutboxKinds = { readonly [K in KindName]: OutboxKind<K> };

/** The kind that owns a record; TypeScript cannot pair a payload's type with its module by itself. */
export function kindOf(kinds: OutboxKinds, r: StoredOp): OutboxKind<KindName> {
  return kinds[r.payload.type] as OutboxKind<KindName>;
}
