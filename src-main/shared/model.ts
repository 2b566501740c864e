// Domain types shared by the core, the IPC contract and (as types only) the window.
// Pure types: no runtime code, no Node imports, so the window's type-check can include it.
import type { ApiDescription } from './api-description';
import type { FieldDetail } from './field-detail';
import type { FilePurpose, MediaType } from './file-purpose';
import type { KeyTestOutcome } from './key-test-outcome';
import type { EndpointId } from './operation-ids';
import type { Permission } from './permissions';

export type { FieldDetail, RequestProblem } from './field-detail';
export type { FilePurpose, MediaType } from './file-purpose';
export type { KeyTestOutcome } from './key-test-outcome';
export type { DescribedOperation, EndpointId } from './operation-ids';
export type { Permission } from './permissions';

export type ErrorCode =
  // local validation (bad input typed by a person or a bad IPC payload)
  | 'validation'
  // mapped from HTTP statuses (docs/API.md)
  | 'bad_request'
  | 'idempotency_mismatch'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'http_status' // any other non-2xx
  | 'bad_response' // 2xx whose body is not what the contract says
  | 'refused_by_service' // 2xx whose body says the operation failed ({"result":false}...)
  // transport
  | 'network' // refused, reset, DNS, TLS
  | 'timeout'
  | 'cancelled'
  | 'offline'
  // local state
  | 'keychain_unavailable'
  | 'no_key'
  | 'key_revoked'
  | 'key_held_back' // saved for another origin than the profile's current one
  | 'file_too_large'
  | 'file_unreadable'
  | 'conflict'
  | 'internal';

/** What crosses IPC and what the CLI prints: never a key value, never a stack. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  status?: number;
  retryAfterMs?: number;
  details?: FieldDetail[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export interface Contact {
  id: string;
  name: string;
  number: string;
  email: string | null;
  tags: string[];
  createdAt: string | null;
  updatedAt: string | null;
}

export interface ContactPage {
  items: Contact[];
  page: number;
  perPage: number;
  /** null when the server gives no total */
  total: number | null;
  totalPages: number | null;
  /** false on the last page; null when the answer does not say */
  hasMore: boolean | null;
  /**
   * Set when the page is not the service's listing: why (the service has none), and what it is
   * instead (the numbers this app has messaged).
   */
  notice?: string;
  /**
   * Set when a search was asked for but the service cannot search (its listing takes no search
   * term, or it answered one with contacts that do not hold the term): why. The items are then the
   * listing as it is, not searched; the caller searches what it has itself, and says so.
   */
  searchUnsupported?: string;
}

export type MessageType = 'text' | 'media' | 'audio' | 'template';

export interface SentMessage {
  /** the service's id for the message; null when its answer did not give one we could find */
  id: string | null;
  type: MessageType;
  number: string;
  status: string;
  createdAt: string | null;
  /** The server's body, scrubbed of the key, minus anything large; safe to show. */
  raw: Record<string, unknown>;
  /** false when the service took the message (2xx) but its answer could not be read */
  understood: boolean;
}

/**
 * What a send did (MessageService, send:submit). `replayed`: the server answered with its stored
 * first answer (Idempotent-Replayed: true): the message had already been sent with this
 * Idempotency-Key, and this send created nothing; the window says "already sent". `queued`: the
 * service could not be reached and the message waits in the outbox.
 */
export type SendResult =
  | {
      status: 'sent';
      message: SentMessage;
      durationMs: number;
      replayed: boolean;
      /** set when the service took the message (2xx) but its answer could not be read: why */
      note?: string;
    }
  | { status: 'queued'; outboxId: string; reason: string };

/** A file main has opened (picked in a dialog, dropped, or recorded) and holds for sending. */
export interface StagedFile {
  fileId: string;
  name: string;
  size: number;
  /** detected from the bytes */
  mimetype: string;
  /** what the bytes are good for */
  category: FilePurpose;
  /** data: URL to show an image or play audio (files up to 5 MiB only), else null */
  previewDataUrl: string | null;
  /**
   * true for a dropped or recorded file: main holds a temporary copy under staging/, deleted
   * when the file is released or the app quits, so a copied cURL can read it only until then
   */
  temporary: boolean;
}

export type EndpointOverrides = Partial<Record<EndpointId, string>>;

export interface Profile {
  id: string;
  name: string;
  /** http(s) origin plus optional path prefix, no trailing slash, no credentials. */
  baseUrl: string;
  endpointOverrides: EndpointOverrides;
  /** how this service's operations are asked for and read; null: docs/API.md */
  api: ApiDescription | null;
  activeKeyId: string | null;
  /** true for the profile that points at the built-in sandbox started by the app. */
  sandbox: boolean;
  /** plain http to a non-loopback host was confirmed by the person. */
  allowInsecureHttp: boolean;
  createdAt: string;
  /** marked live by the person: it reaches real people, so the window and `crm` ask before acting on it (shared/live-guard.ts) */
  live?: boolean;
}

export type KeyState = 'active' | 'revoked';

/**
 * Why an outbox item (a queued send, a server revocation) still waits. 'held': the profile's
 * service (or its description of the send) changed since it was queued; it waits for the person
 * to send it as queued (retry) or discard it (cancel), and its lastError says which change.
 */
export type PendingReason =
  'offline' | 'server_error' | 'rate_limited' | 'needs_admin_key' | 'queued' | 'held' | 'scheduled' | 'still_accepted';

/**
 * After a key's server revocation synced, the revoked value is tried against a harmless request
 * until the service refuses it (or an hour passes): what those checks found. Computed from the
 * outbox's record of the checks, never stored elsewhere.
 */
export type RevocationProof =
  | { state: 'checking'; nextAttemptAt?: string }
  | { state: 'accepted'; at: string; status: number; nextAttemptAt?: string }
  | { state: 'refused'; at: string; status: number }
  | { state: 'unproved'; at: string; reason: string }
  | { state: 'cancelled' };

/** outboxId names the outbox item carrying the server revocation (absent when none was queued). */
export type RevocationSyncState =
  | { state: 'pending'; reason: PendingReason; detail?: string; nextAttemptAt?: string; outboxId?: string }
  | { state: 'synced'; at: string; proof?: RevocationProof }
  | { state: 'failed'; reason: string; outboxId?: string }
  | { state: 'local_only' };

/**
 * A saved key as the database keeps it: the key's own facts. The value itself lives only in the OS
 * keychain; how its server revocation is doing lives only in the outbox journal (KeyMeta.sync).
 */
export interface SavedKey {
  id: string;
  name: string;
  profileId: string;
  /** last 4 characters of the key */
  fingerprint: string;
  permissions: Permission[] | null;
  addedAt: string;
  lastUsedAt: string | null;
  lastStatus: KeyTestOutcome | null;
  /** revoked: on this computer, at once; the server side is the outbox's */
  state: KeyState;
  /** id of the key on the server (k_...), when known (created through the API). */
  serverKeyId: string | null;
  revokedAt: string | null;
  /**
   * the origin (scheme://host:port) the key was saved for: it is only ever sent there. Absent for
   * keys saved before keys were bound; such a key is bound at its first use.
   */
  origin?: string | null;
  /**
   * What answers have proved about the key, per permission: true after a 2xx, false after a 403
   * for that kind of request; absent until one was seen. A key test proves contacts:read only.
   */
  proven?: Partial<Record<Permission, boolean>>;
  /**
   * when the key expires (ISO time), as chosen at creation and kept here: the app warns before
   * it and never sends the key after it. Absent or null: no expiry known.
   */
  expiresAt?: string | null;
}

/** Metadata of a saved key as it is shown: what the database keeps, and what is computed on read. */
export interface KeyMeta extends SavedKey {
  /**
   * computed when read (never stored): where the revoked key's server revocation stands, from the
   * outbox's record of it; null for an active key
   */
  sync: RevocationSyncState | null;
  /**
   * computed when read (never stored): true when the key's profile now points at another origin,
   * so the key is held back (not sent) until the person approves the move through main
   */
  heldBack?: boolean;
}

/** What a key test found (KeyService.test, keys:test), with the key as it now stands. */
export interface KeyTestResult {
  outcome: KeyTestOutcome;
  /** the outcome as a sentence for the person */
  message: string;
  key: KeyMeta;
}

export interface ServerKey {
  id: string;
  name: string;
  prefix: string;
  permissions: Permission[];
  createdAt: string | null;
  lastUsedAt: string | null;
  /** a revocation of it was queued here: where it stands (the server may still list the key) */
  revocation?: RevocationSyncState | null;
}

export interface ServerKeyList {
  keys: ServerKey[];
  /** set when the server could not be reached: the list as it was seen then (revocations still queue) */
  cachedAt: string | null;
}

export type OutboxKind = 'send.text' | 'send.media' | 'send.audio' | 'send.template' | 'keys.revoke' | 'keys.prove';

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  profileId: string;
  /** recipient number for sends, key name for revocations */
  label: string;
  state: OutboxState;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  nextAttemptAt: string | null;
  lastError: ErrorInfo | null;
  /** the created message id / revocation time once sent */
  resultSummary: string | null;
  /** why it waits, when pending */
  pendingReason: PendingReason | null;
}

/** the kind of process that made a logged request: the app's window (Electron or Chromium host) or a `crm` command */
export type LogProcess = 'window' | 'crm';

export interface RequestLogEntry {
  id: string;
  at: string;
  /** which kind of process made it: every process on one data folder shares the log */
  process: LogProcess;
  /** the host (and port, when not the scheme's default) the request went to */
  host: string;
  /** the operation the request was for (the sender sets it; entries made by hand may lack it) */
  endpoint?: EndpointId;
  /**
   * the profile whose request it was; absent for a request made for no profile (a probe) and
   * for entries logged before the log recorded it
   */
  profileId?: string;
  method: string;
  /** path and query only */
  path: string;
  status: number | null;
  durationMs: number;
  /** headers as sent, Authorization redacted */
  requestHeaders: Record<string, string>;
  errorCode: ErrorCode | null;
  attempt: number;
  /** where the time went; absent for entries logged before the log measured it, or with nothing measured */
  timing?: RequestTiming;
}

/**
 * Where one attempt's time went, in ms (durationMs is the total). null: not measured (a request
 * through a proxy has no DNS, connect or TLS of its own to time; a plain http:// one has no TLS).
 */
export interface RequestTiming {
  /** it went on a connection an earlier request opened: DNS, connect and TLS are 0 */
  reused: boolean;
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  /** from the start of the attempt to the answer's first byte; null when no answer came */
  firstByteMs: number | null;
}

/** A request or response body as the log keeps it. */
export interface LoggedBody {
  /**
   * text: the body scrubbed of every key value, then cut; file: a one-line description
   * ("file body: report.pdf, 4.2 MB, application/pdf"), the file itself is never read to log it
   */
  kind: 'text' | 'file';
  text: string;
  /** the Content-Type it was sent or answered with, when known */
  contentType: string | null;
  /** the text was cut (after scrubbing) to the log's per-body bound, or the reader stopped early */
  truncated: boolean;
}

/**
 * What a logged send asked for, as the person gave it, so "Open in the send panel" can fill the
 * panel again whatever body shape the profile's API description gave it. A file is named, never
 * carried: it has to be chosen again.
 */
export type LoggedSend =
  | { kind: 'text'; number: string; text: string }
  | {
      kind: 'media';
      number: string;
      mediatype: MediaType;
      url: string | null;
      fileName: string | null;
      mimetype: string | null;
      caption: string | null;
    }
  | { kind: 'audio'; number: string; url: string | null; fileName: string | null; mimetype: string | null };

/** One log entry with what was sent and what came back (log:detail). */
export interface RequestLogDetail extends RequestLogEntry {
  /** the standard reason phrase of the status ("Created"), when there is one */
  statusText: string | null;
  /** null when no answer came (network error) */
  responseHeaders: Record<string, string> | null;
  requestBody: LoggedBody | null;
  responseBody: LoggedBody | null;
  /** the request as a cURL command that reads the key from $CRM_API_KEY; null once released */
  curl: string | null;
  /** the bodies and cURL were dropped to keep the whole log within its memory bound */
  released: boolean;
  /** a message send's fields, scrubbed like the bodies; null for other requests or once released */
  sent: LoggedSend | null;
  /** "Resend" can send it again: a request this process made and still holds (log:resend) */
  resendable?: boolean;
}
