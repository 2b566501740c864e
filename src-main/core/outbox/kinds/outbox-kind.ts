// The small port between the generic outbox engine and one kind of queued work (a message, a
// key's server revocation). The engine owns the queue: claims, passes, back-off, reachability,
// the timer, the journal. A kind owns what only it knows: what its payload holds, where its
// requests go, what one attempt does, what it waits for, what a retry changes, and what happens
// once its outcome is on disk.
import type { OutboxItem, Profile } from '../../model';
import type { AttemptContext } from '../attempt-context';
import type { Tx } from '../journal';
import type { PersonWait } from '../next-step';
import type { Outcome, PendingReason, Streaks } from '../policy';
import type { Payload, PayloadRules, StoredOp } from '../records';

export type KindName = Payload['type'];

/** A stored operation of one kind, its payload narrowed. */
export type StoredOpOf<K extends KindName> = StoredOp & { payload: Extract<Payload, { type: K }> };

/** What the engine lends a kind. */
export interface KindHost {
  /** one journal transaction (under the cross-process lock, caught up first) */
  transact<T>(fn: (tx: Tx) => T): Promise<T>;
  /** stores one new operation built in a journal transaction (`offlineUntil`: its profile's API is down till then), then starts a pass */
  enqueue(profileId: string, add: (tx: Tx, at: string, offlineUntil: number | null) => StoredOp): Promise<OutboxItem>;
  /** every stored operation, caught up with other processes first (a state another process moved on shows as it is) */
  records(): Promise<Iterable<StoredOp>>;
  /** one pass now, waiting for what it starts */
  syncNow(): Promise<void>;
  /** the engine's clock as an ISO time */
  iso(): string;
  log(line: string): void;
  /** this process's name on the claims it holds */
  readonly holder: string;
  /** when an API is known to be down: its next probe (epoch ms), else null */
  offlineUntil(base: string): number | null;
  /** where this operation's requests go from now on, as this process knows it */
  pinBase(id: string, base: string): void;
  /** where an operation's requests go, as far as this process knows */
  baseOf(r: StoredOp): string | undefined;
  /** an operation as this process last saw it (no catch-up) */
  stored(id: string): StoredOp | undefined;
}

/** One answer per pass for a key: what a kind reads while deciding (a profile's keys) is read once per pass. */
export type PassMemo = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** `Detail`: what this kind's outcomes carry for its own bookkeeping (policy.ts Outcome) */
export interface OutboxKind<K extends KindName, Detail = never> {
  /**
   * Where a waiting operation's requests go now: a base URL, null when it is held for the
   * person (nothing is sent, probed or timed for it), undefined when the kind has no say (the
   * engine uses the last known base, else the profile's).
   */
  route(r: StoredOpOf<K>, profile: Profile, host: KindHost): Promise<string | null | undefined>;
  /** operations of one group are sent one after the other, in enqueue order */
  groupOf(r: StoredOpOf<K>): string;
  /** epoch ms before which nothing of it is sent, nor its API probed for it; 0 when it has no such time */
  notBefore(payload: Extract<Payload, { type: K }>): number;
  /** what a pending reason of this kind waits for besides the clock and the network (next-step.ts) */
  waitsForPerson(reason: PendingReason): PersonWait;
  /** for an operation waiting for a change (waitsForPerson: 'change'): whether one came since */
  unblocked(r: StoredOpOf<K>, profile: Profile, memo: PassMemo): Promise<boolean>;
  /** the payload the person's retry starts from */
  onRetry(r: StoredOpOf<K>): Extract<Payload, { type: K }>;
  /** the payload recorded with a pending outcome (`activeKeyId`: the profile's active key at the attempt) */
  onPending(r: StoredOpOf<K>, outcome: Outcome<Detail>, activeKeyId: string | null): Extract<Payload, { type: K }>;
  /** one attempt; `contextAt(base)` is the engine's context for requests to that base */
  attempt(
    r: StoredOpOf<K>,
    profile: Profile,
    streaks: Streaks,
    contextAt: (base: string) => AttemptContext,
    host: KindHost,
  ): Promise<Outcome<Detail>>;
  /** after this process recorded the attempt's outcome (`recorded` is the record as written) */
  afterRecorded(recorded: StoredOpOf<K>, outcome: Outcome<Detail>): Promise<void>;
  /** after every change on disk, ours or another process's, for each operation of this kind */
  observe(r: StoredOpOf<K>): void;
}

/** Every kind the journal holds, one module each. */
export type OutboxKinds = { readonly [K in KindName]: OutboxKind<K, unknown> };

/** What the engine is built with: its kinds, lent the engine once it exists. */
export interface KindSet {
  /** what the journal needs of the kinds' records (kinds/payloads.ts) */
  readonly payloads: PayloadRules;
  /** the kinds, working through `host` from now on; called once, by the engine */
  attach(host: KindHost): OutboxKinds;
  /** resolves when what the kinds started after a recorded change is done */
  idle(): Promise<void>;
}

/** The kind that owns a record; TypeScript cannot pair a payload's type with its module by itself. */
export function kindOf(kinds: OutboxKinds, r: StoredOp): OutboxKind<KindName, unknown> {
  return kinds[r.payload.type] as OutboxKind<KindName, unknown>;
}

/** Kinds without a say in a hook answer with these. */
export const plainKind = {
  notBefore: (): number => 0,
  waitsForPerson: (): PersonWait => null,
  unblocked: (): Promise<boolean> => Promise.resolve(false),
  onRetry: <P>(r: { payload: P }): P => r.payload,
  onPending: <P>(r: { payload: P }): P => r.payload,
};
