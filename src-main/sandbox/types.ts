// Public types of the built-in sandbox server (re-exported by index.ts). Other parts of the
// project (the app, the CLI, tests) code against these shapes: change them only additively.

export type Permission = 'contacts:read' | 'messages:send' | 'keys:manage';

export const PERMISSIONS: readonly Permission[] = ['contacts:read', 'messages:send', 'keys:manage'];

/**
 * The shape the sandbox serves its data in: 'default' is docs/API.md; 'cloud' is modelled on Meta's
 * WhatsApp Cloud API, 'desk' on green-api / WPPConnect / Laravel-style CRMs, 'twilio' on Twilio's
 * Programmable Messaging for WhatsApp, 'evolution-v2' on Evolution API v2, 'meta' on Meta's Graph
 * API paths, media upload and errors, 'wati' on Wati's v1 session API (see README.md).
 */
export type SandboxDialect = 'default' | 'cloud' | 'desk' | 'twilio' | 'evolution-v2' | 'meta' | 'wati';

export const SANDBOX_DIALECTS: readonly SandboxDialect[] = ['default', 'cloud', 'desk', 'twilio', 'evolution-v2', 'meta', 'wati'];

export interface SandboxOptions {
  /** default 0 = a free port */
  port?: number;
  /** default '127.0.0.1' */
  host?: string;
  /** number of seeded contacts, default 1000; 100_000 and more are fine */
  contacts?: number;
  /** deterministic seed for the contacts, default 42 */
  seed?: number;
  /** token-bucket refill per second per key, default 20 */
  rate?: number;
  /** token-bucket size, default 40 */
  burst?: number;
  /** optional persistence of keys (hashes only), messages and idempotency records */
  dataFile?: string;
  /** how long an Idempotency-Key's first response is replayed, default 24 h */
  idempotencyTtlMs?: number;
  /**
   * Addition to the agreed API: how long a deleted (revoked) key keeps authenticating, as real
   * services take a while to forget one. Default 0: the next request with it gets 401.
   */
  revokeDelayMs?: number;
  /** optional request log, one line per request; never receives a key value */
  log?: (line: string) => void;
  /**
   * Addition to the agreed API: how long a client may take to send its request headers, and
   * its body, before the sandbox answers 408 and closes the connection. Default 10_000 ms;
   * tests set it lower to exercise slow clients.
   */
  requestTimeoutMs?: number;
  /**
   * Addition to the agreed API: the shape of the contacts listing, the send routes and every
   * error body, default 'default' (docs/API.md). Keys, GET /api/v1/messages, auth, permissions, rate
   * limit, idempotency, faults and the journal are the same in every dialect.
   */
  dialect?: SandboxDialect;
  /**
   * Addition to the agreed API: request-body bytes held in memory at once, all requests
   * together; past it a request is answered 503 with Retry-After: 1 before its body is read.
   * Default 192 MiB (one largest document upload, 134 MiB of base64, fits).
   */
  uploadBudgetBytes?: number;
  /**
   * Addition to the agreed API: how the sandbox plays the other side of a conversation (status
   * changes, failures, replies) and where it reports them (a webhook; GET /api/v1/events and
   * GET /api/v1/messages/{id} always answer). Changeable later with configureEvents().
   */
  events?: SandboxEventOptions;
}

/** See README.md, "Events". Numbers may be written with +, spaces or dashes: only digits count. */
export interface SandboxEventOptions {
  /** ms after a message is accepted at which it becomes sent, delivered, read; default [300, 800, 1500] */
  statusDelaysMs?: readonly [sent: number, delivered: number, read: number];
  /** recipients whose messages end `failed` (outside the 24-hour window) at the "sent" delay; default none */
  failNumbers?: readonly string[];
  /** recipients who answer each message they get (unless it failed); default none */
  replyFrom?: readonly string[];
  /** ms after a message is accepted at which its recipient answers; default 2000 */
  replyDelayMs?: number;
  /** what they answer; default "Thanks, got it" */
  replyText?: string;
  /**
   * they answer with a file of this kind instead (a sample the sandbox serves at
   * /media/samples/..., replyText as its caption), or 'location' a shared place, 'contacts' a
   * shared contact card (the meta dialect's payload gives them); null or absent: a text
   */
  /** the answer quotes the message it answers (Meta's `context.id`, the default shape's `replyTo`); default false */
  replyQuotes?: boolean;
  /** the answering recipient also reacts to the message with this emoji (not in Twilio's shape); null or absent: no reaction */
  replyReaction?: string | null;
  replyMedia?: 'image' | 'audio' | 'document' | 'location' | 'contacts' | null;
  /** where each event is POSTed; null or absent: no webhook */
  webhookUrl?: string | null;
  /** signs each webhook body (X-Crm-Signature-256, X-Hub-Signature-256 or X-Twilio-Signature); null: unsigned */
  webhookSecret?: string | null;
  /** waits before each retry of a webhook that failed or answered non-2xx; default [500, 2000, 8000] */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * the meta dialect's media lookup answers the file's url on this host (the port kept), so the
   * file is on another origin than the service, as Meta's lookaside.fbsbx.com is: `localhost`
   * where the profile uses 127.0.0.1. The attachment route checks the key as before. null or
   * absent: the host the lookup came to
   */
  mediaHost?: string | null;
}

export interface SandboxRequestRecord {
  method: string;
  /** path without the query string */
  path: string;
  query: Record<string, string>;
  /** lower-case names, as received (Authorization included: the journal stays in-process) */
  headers: Record<string, string>;
  /** the body as text; bodies over 64 KiB are cut there (see journal.ts) */
  rawBody: string;
  /**
   * the parsed body (a form body's fields too), undefined when none or not parsed; strings over
   * 1 KiB are elided when the body is large
   */
  json: unknown;
  /** the status answered; 0 while pending, or when the connection was reset or never answered */
  status: number;
  /** Date.now() when the request arrived */
  at: number;
}

export type SandboxFault =
  | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  | { kind: 'reset' }
  | { kind: 'hang' }
  | { kind: 'delay'; ms: number }
  | { kind: 'rate_limit'; retryAfter?: string };

export interface FaultMatch {
  method?: string;
  pathPrefix?: string;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:40123 (no trailing slash) */
  baseUrl: string;
  /** a key with every permission; its value exists only here and in the caller's hands */
  adminKey: string;
  /** the admin key's id (k_...), for a later resumeSandbox() with the same data file */
  adminKeyId: string;
  port: number;
  /** stop, destroy open sockets, persist; resolves when fully closed */
  close(): Promise<void>;
  /** stop listening and destroy sockets but KEEP all state (the server "goes down") */
  suspend(): Promise<void>;
  /** listen again on the same port with the same state */
  resume(): Promise<void>;
  /** faults are consumed in order, one per matching request */
  injectFaults(faults: SandboxFault[], match?: FaultMatch): void;
  clearFaults(): void;
  /**
   * journal of the last requests that carried a valid key or met an injected fault (at most
   * 10_000 and 64 MiB), oldest first; requests without a key are not kept
   */
  requests(): SandboxRequestRecord[];
  /**
   * Changes the event options given at start (only those named); applies to messages accepted
   * from now on, and the webhook ones to the next delivery. Throws TypeError on a bad value.
   */
  configureEvents(partial: SandboxEventOptions): void;
  /** same as POST /api-keys; throws on an invalid name or permission */
  createKey(name: string, permissions: Permission[]): { id: string; key: string };
}

/**
 * A sandbox started again from its data file by resumeSandbox(): adminKey and adminKeyId are set
 * only when a new admin key had to be made (the key the caller kept was gone).
 */
export type ResumedSandbox = Omit<RunningSandbox, 'adminKey' | 'adminKeyId'> & { adminKey: string | null; adminKeyId: string | null };
