// The services the Electron main process, the `crm` command line and the tests share.
// Interfaces only: implementations live in their feature folders and are wired by
// createCore() in core/create-core.ts. Every method throws CrmError on failure and never
// returns or throws a key value.
import type { Disposable, Event } from './emitter';
import type { SendOptions } from './http/sender';
import type { PreparedRequest } from './http/prepared-request';
import type {
  ContactPage,
  EndpointOverrides,
  KeyMeta,
  KeyTestOutcome,
  KeyTestResult,
  OutboxItem,
  Permission,
  Profile,
  RequestLogDetail,
  RequestLogEntry,
  RequestProblem,
  RevocationSyncState,
  SavedKey,
  SendResult,
  SentMessage,
  ServerKeyList,
} from './model';
import type { ListContactsInput, ListMessagesInput, Operation } from './operations';
import type { MessageHistoryPage } from '../shared/message-history';

// What the key test and the sends answer crosses IPC as it is, so it is defined with the
// contract's types in src-main/shared/model.ts.
export type { KeyTestResult, SendResult } from './model';

export interface ProfileService {
  /** activeProfileId: this process's own choice; the two sides' choices beside it (profiles/profile-choice.ts) */
  list(): Promise<{
    profiles: Profile[];
    activeProfileId: string | null;
    terminalProfileId?: string | null;
    windowProfileId?: string | null;
  }>;
  get(id: string): Promise<Profile>;
  active(): Promise<Profile | null>;
  /** baseUrl: http(s) only, no credentials; plain http to a non-loopback host needs confirmInsecure */
  create(input: { name: string; baseUrl: string; confirmInsecure?: boolean; sandbox?: boolean }): Promise<Profile>;
  /**
   * A new base URL with another origin (scheme, host, port) leaves the profile's keys bound to the
   * old origin (held back, never sent to the new one) unless `moveKeys` says the person approved
   * sending them there. Only main decides that (a native dialog, a CLI prompt or flag).
   */
  update(
    id: string,
    patch: { name?: string; baseUrl?: string; endpointOverrides?: EndpointOverrides; confirmInsecure?: boolean },
    options?: { moveKeys?: boolean },
  ): Promise<Profile>;
  /** also forgets the profile's keys (keychain entries removed) */
  remove(id: string): Promise<void>;
  activate(id: string): Promise<void>;
  setActiveKey(profileId: string, keyId: string | null): Promise<void>;
  /** marks the profile live or not (shared/live-guard.ts) */
  setLive(id: string, live: boolean): Promise<Profile>;
}

export interface KeyService {
  /** metadata only */
  list(profileId?: string): Promise<KeyMeta[]>;
  get(id: string): Promise<KeyMeta>;
  /** validates the format (docs/API.md: 8..512 printable ASCII, no white space), writes the keychain, stores metadata */
  addKey(input: {
    profileId: string;
    name: string;
    value: string;
    permissions?: Permission[] | null;
    serverKeyId?: string | null;
  }): Promise<KeyMeta>;
  /** a saved key's row takes a new value and server id (the sandbox's admin key made anew) */
  replaceValue(id: string, input: { value: string; serverKeyId: string | null }): Promise<KeyMeta>;
  /** one GET /api/v1/contacts?per_page=1 */
  checkKey(id: string): Promise<KeyTestResult>;
  /** makes a saved key its profile's active key */
  activate(id: string): Promise<KeyMeta>;
  /**
   * Local revocation, effective at once: the keychain entry is removed from normal use, every
   * in-flight request with the key is aborted, later uses fail with 'key_revoked'. The server
   * revocation is handed to the outbox (durable, offline-safe), whose record of it is the key's
   * `sync` when listed.
   */
  revoke(id: string, options?: { notBefore?: string }): Promise<KeyMeta>;
  /** server keys (needs keys:manage on the profile's active key) */
  /** the server's keys, each with its queued revocation; offline, the last list seen (cachedAt) */
  listServerKeys(profileId?: string): Promise<ServerKeyList>;
  /** POST /api-keys; the new value goes straight into the keychain and is never returned */
  createServerKey(input: { profileId?: string; name: string; permissions?: Permission[] }): Promise<KeyMeta>;
  /** queue DELETE /api-keys/{id}; if the key is also saved locally it is revoked locally too */
  revokeServerKey(input: { profileId?: string; serverKeyId: string }): Promise<{ serverKeyId: string; queued: boolean }>;
}

/** Gives the core access to key values without exposing them: used only inside main. */
export interface KeyAccess {
  /**
   * Runs `fn` with the active (or given) key of a profile. The signal aborts when the key is
   * revoked while the request is in flight. Throws 'no_key' / 'key_revoked' / 'keychain_unavailable'.
   * `origin`: where the request goes when that is not the profile's origin now (a queued message
   * sent to the service it was queued for); the key must be bound to it, else 'key_held_back'.
   */
  withKey<T>(
    profileId: string,
    keyId: string | null,
    fn: (key: string, signal: AbortSignal, meta: SavedKey) => Promise<T>,
    options?: { origin?: string },
  ): Promise<T>;
  /** records the outcome of a request made with a key (last used, last status) */
  noteUse(keyId: string, outcome: KeyTestOutcome | null, proof?: { permission: Permission; holds: boolean }): void;
}

export interface ContactsService {
  list(input: ListContactsInput & { profileId?: string }, options?: { signal?: AbortSignal }): Promise<ContactPage>;
}

export interface MessageService {
  /**
   * Sends now, with the operation's own Idempotency-Key; when the API is unreachable the message
   * goes to the outbox (status 'queued').
   */
  send(op: Extract<Operation, { idempotencyKey: string }>, options?: Omit<SendCallOptions, 'idempotencyKey'>): Promise<SendResult>;
  /** the exact request a send would make (for the endpoint line and the cURL preview) */
  prepare(op: Operation, profileId?: string): Promise<{ request: PreparedRequest; problems: RequestProblem[] }>;
  list(input: ListMessagesInput & { profileId?: string }): Promise<{ items: SentMessage[]; total: number | null }>;
}

/** This app's record of a profile's sent messages changed (a send or an outbox delivery was added). */
export interface HistoryChange {
  profileId: string;
}

/** What the app sent and what happened to it (core/messages/message-history.ts). */
export interface MessageHistoryService {
  /**
   * One page, newest first: the service's own message listing, or (when the service has none)
   * this app's record of what it sent; the page says which, and why.
   */
  list(input: ListMessagesInput & { profileId?: string }): Promise<MessageHistoryPage>;
  /** told once a send is on the record */
  readonly onDidChange: Event<HistoryChange>;
}

export interface SendCallOptions extends Pick<SendOptions, 'signal' | 'onProgress'> {
  profileId?: string;
  /** reuse an Idempotency-Key (e.g. a retry by the person); a new one is made otherwise */
  idempotencyKey?: string;
  /** false: fail instead of queueing when offline (the CLI's default) */
  queueWhenOffline?: boolean;
}

/** One request logged; `own`: false when another process (the app or a `crm` command on the same data folder) made it. */
export interface LoggedRequest {
  entry: RequestLogEntry;
  own: boolean;
}

export interface RequestLog {
  /** the newest entries of every process on the data folder, oldest first */
  list(): RequestLogEntry[];
  /** one entry with its bodies, response headers and cURL; null once it left the log */
  detail(id: string): RequestLogDetail | null;
  readonly onDidAppend: Event<LoggedRequest>;
}

/**
 * A server revocation to queue. No part of the key's value goes in: without `serverKeyId` the
 * outbox finds the key on the server by comparing the value kept in the keychain (revoking:
 * account) with the server's key list, in memory. `origin`: where that value may be sent.
 */
export interface RevocationInput {
  profileId: string;
  localKeyId: string | null;
  serverKeyId: string | null;
  origin?: string | null;
  label: string;
  /**
   * not sent before this time (ISO): a rolled key's old value keeps working on the service until
   * its grace ends. Absent: as soon as the service can be reached.
   */
  notBefore?: string;
}

/** A server revocation changed; told only once the change is on disk. */
export interface RevocationReport {
  /** the saved key revoked; null for a server key no key here holds (revoked from the server list) */
  localKeyId: string | null;
  profileId: string;
  sync: RevocationSyncState;
}

/**
 * Where each saved key's server revocation stands. The outbox journal is its only record: this
 * computes it from there, for display, and nothing keeps a copy.
 */
export interface RevocationProgress {
  /** by local key id: the state of the key's latest revocation (keys never queued are absent) */
  syncStates(): Promise<ReadonlyMap<string, RevocationSyncState>>;
}

/**
 * What the keys ask of the durable queue for server revocations, and nothing more: the keys
 * depend on this port, not on the whole outbox (core/outbox/kinds/revocation/revocation-queue.ts).
 */
export interface RevocationQueue extends RevocationProgress {
  enqueue(input: RevocationInput): Promise<OutboxItem>;
  /** each change of a saved key's server revocation, in order, once per state, already on disk */
  onDidReport(listener: (report: RevocationReport) => Promise<void> | void): Disposable;
  /** by server key id: where each of this profile's server key revocations stands */
  serverRevocations(profileId: string): Promise<ReadonlyMap<string, RevocationSyncState>>;
  /** one pass now: a new key may let a revocation that waits for one go through */
  syncNow(): Promise<void>;
}

/** Durable queue of operations that must reach the server exactly once (core/outbox). */
export interface OutboxService {
  list(): Promise<OutboxItem[]>;
  /**
   * `request` and `baseUrl`: the request as built for the send that could not go, and where the
   * profile pointed then; the message is sent exactly so, to there, or held for the person if
   * the profile changes meanwhile. Without them it is bound at the outbox's next pass.
   */
  enqueueMessage(input: {
    profileId: string;
    keyId: string | null;
    op: Extract<Operation, { idempotencyKey: string }>;
    label: string;
    request?: PreparedRequest;
    baseUrl?: string;
  }): Promise<OutboxItem>;
  cancel(id: string): Promise<OutboxItem>;
  retry(id: string): Promise<OutboxItem>;
  /** one pass now (also runs on its own while anything is pending) */
  syncNow(): Promise<void>;
  /** every change on disk, ours or another process's: the whole list */
  readonly onDidChange: Event<OutboxItem[]>;
  close(): Promise<void>;
}
