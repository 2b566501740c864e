// The one IPC contract between main and the renderer. TYPES ONLY (lint enforces it).
// Every invoke channel takes one payload object and answers a Result<T>; every event is
// main -> renderer. `window.crm` is derived from these maps, so the two sides cannot drift.
import type {
  ContactPage,
  ErrorInfo,
  KeyMeta,
  KeyTestOutcome,
  OutboxItem,
  Permission,
  Profile,
  RequestLogEntry,
  Result,
  SentMessage,
  ServerKey,
} from '../core/model';
import type { ApiPreview, DescribedApi, DescribedOperation, OperationSpec, Proposal as ApiProposal, RoleFixes } from '../core/api/types';

export type { ContactPage, ErrorInfo, KeyMeta, KeyTestOutcome, OutboxItem, Permission, Profile, RequestLogEntry, Result, SentMessage, ServerKey };
export type { Contact, ErrorCode, FieldDetail, KeyState, RevocationSyncState, OutboxState, EndpointId } from '../core/model';
export type {
  ApiDescription,
  ApiPreview,
  ContactsResponseMap,
  DescribedApi,
  DescribedOperation,
  MappingRow,
  OperationSpec,
  PagingStyle,
  Proposal as ApiProposal,
  QueryParam,
  Role,
  RoleFixes,
  RoleRef,
  Template,
} from '../core/api/types';

/** A file main has opened (picked in a dialog, dropped, or recorded) and holds for sending. */
export interface StagedFile {
  fileId: string;
  name: string;
  size: number;
  /** detected from the bytes */
  mimetype: string;
  /** what the bytes are good for */
  category: 'image' | 'audio' | 'document';
  /** data: URL to show an image or play audio (files up to 5 MiB only), else null */
  previewDataUrl: string | null;
  /**
   * true for a dropped or recorded file: main holds a temporary copy, deleted when the file is
   * removed or the app quits, so a copied cURL can read it only until then
   */
  temporary: boolean;
}

export type DraftSource = { kind: 'file'; fileId: string } | { kind: 'url'; url: string };

export type SendDraft =
  | { kind: 'text'; number: string; text: string }
  | { kind: 'media'; number: string; mediatype: 'image' | 'document'; source: DraftSource; caption?: string; fileName?: string }
  | { kind: 'audio'; number: string; source: DraftSource };

export interface RequestPreview {
  method: string;
  url: string;
  /** POSIX-shell cURL with the key as $CRM_API_KEY */
  curl: string;
  /** problems that would stop a send (bad number, empty text, file too large) */
  problems: { field: string; message: string }[];
}

export type SendOutcome =
  /**
   * `replayed`: the server answered with the stored answer of an earlier send with the same
   * Idempotency-Key (Idempotent-Replayed: true): the message was ALREADY sent and this created
   * nothing new; the window says "already sent". Always set by main.
   */
  | { status: 'sent'; message: SentMessage; durationMs: number; replayed?: boolean }
  | { status: 'queued'; outboxId: string; reason: string };

/** what the window runs in: Electron, or an installed Chromium where no Electron can be had */
export type AppHost = 'electron' | 'chromium' | 'test';

export interface AppInfo {
  version: string;
  platform: string;
  host: AppHost;
  /** set on the launch that created the Sandbox profile */
  firstRunNotice: string | null;
  /** problems found while starting (a damaged settings file set aside, no sandbox), for the person */
  notices: string[];
  sandbox: { baseUrl: string } | null;
  limits: { imageBytes: number; documentBytes: number; audioBytes: number; textChars: number; captionChars: number };
}

export interface ProfilesState {
  profiles: Profile[];
  activeProfileId: string | null;
}

export interface KeyTestReport {
  outcome: KeyTestOutcome;
  message: string;
  key: KeyMeta;
}

export interface ClipboardReport {
  /** the clipboard is cleared after this many ms if it still holds what was copied */
  clearsAfterMs: number | null;
}

export interface InvokeMap {
  'app:info': { payload: Record<string, never>; value: AppInfo };
  'profiles:list': { payload: Record<string, never>; value: ProfilesState };
  /**
   * Plain http to a host that is not this computer is confirmed by the person through main (a
   * native dialog); `confirmInsecure` from the window is accepted for compatibility and ignored.
   */
  'profiles:create': { payload: { name: string; baseUrl: string; confirmInsecure?: boolean }; value: Profile };
  /**
   * Main asks the person (a native dialog) before plain http to a remote host, and before the
   * profile's saved keys are sent to a new origin; a "no" to the keys leaves them bound to their
   * old origin (KeyMeta.heldBack) and saves the rest. Saving the profile again re-asks for
   * held-back keys. `confirmInsecure` from the window is ignored.
   */
  'profiles:update': { payload: { id: string; name?: string; baseUrl?: string; endpointOverrides?: Profile['endpointOverrides']; confirmInsecure?: boolean }; value: Profile };
  'profiles:delete': { payload: { id: string }; value: ProfilesState };
  'profiles:activate': { payload: { id: string }; value: ProfilesState };
  /** every described operation of a profile: its spec (own or API.md's) and whether it is its own */
  'api:describe': { payload: { profileId: string }; value: DescribedApi };
  /** reads a pasted cURL and proposes the operation's description; saves nothing */
  'api:import-curl': { payload: { profileId: string; operation: DescribedOperation; curl: string; fixes?: RoleFixes }; value: ApiProposal };
  /** stores one operation's description with the profile */
  'api:save': { payload: { profileId: string; operation: DescribedOperation; spec: OperationSpec }; value: Profile };
  /** back to API.md for one operation or all */
  'api:reset': { payload: { profileId: string; operation: DescribedOperation | 'all' }; value: Profile };
  /** the request a spec (null: the saved one) makes with example values, as a cURL */
  'api:preview': { payload: { profileId: string; operation: DescribedOperation; spec: OperationSpec | null }; value: ApiPreview };
  'keys:list': { payload: { profileId?: string }; value: KeyMeta[] };
  /** the only channel that carries a key value, renderer -> main, once */
  'keys:add': { payload: { profileId: string; name: string; value: string }; value: KeyMeta };
  'keys:test': { payload: { id: string }; value: KeyTestReport };
  'keys:activate': { payload: { id: string }; value: KeyMeta };
  /** revokes locally at once; the server revocation is queued in the outbox */
  'keys:revoke': { payload: { id: string }; value: KeyMeta };
  'keys:server-list': { payload: Record<string, never>; value: ServerKey[] };
  /** the created value goes straight to the keychain; never returned */
  'keys:server-create': { payload: { name: string; permissions: Permission[] }; value: KeyMeta };
  'keys:server-revoke': { payload: { serverKeyId: string }; value: { serverKeyId: string; queued: boolean } };
  /** main writes a newly created key to the clipboard, once */
  'keys:copy-new': { payload: { id: string }; value: ClipboardReport };
  'contacts:list': { payload: { page: number; perPage: number; search?: string }; value: ContactPage };
  'files:pick': { payload: { purpose: 'image' | 'document' | 'audio' }; value: StagedFile | null };
  /** bytes from a drop or a recording (renderer -> main) */
  'files:stage': { payload: { name: string; bytes: Uint8Array; purpose: 'image' | 'document' | 'audio' }; value: StagedFile };
  'files:release': { payload: { fileId: string }; value: null };
  'send:preview': { payload: { draft: SendDraft }; value: RequestPreview };
  /**
   * The draft keeps its Idempotency-Key until a definite answer, so pressing Send again after an
   * ambiguous one (5xx, timeout, reset, an unreadable 2xx) can never make a second message.
   * Right after a definite success the same draft is refused ('conflict') unless `again` says
   * the person chose to send it once more.
   */
  'send:submit': { payload: { draft: SendDraft; requestId: string; again?: boolean }; value: SendOutcome };
  'send:cancel': { payload: { requestId: string }; value: null };
  'send:copy-curl': { payload: { draft: SendDraft; withKey: boolean }; value: ClipboardReport };
  'outbox:list': { payload: Record<string, never>; value: OutboxItem[] };
  'outbox:cancel': { payload: { id: string }; value: OutboxItem };
  'outbox:retry': { payload: { id: string }; value: OutboxItem };
  'outbox:sync': { payload: Record<string, never>; value: null };
  'log:list': { payload: Record<string, never>; value: RequestLogEntry[] };
  'shell:open-external': { payload: { url: string }; value: null };
}

export type InvokeChannel = keyof InvokeMap;
export type InvokePayload<C extends InvokeChannel> = InvokeMap[C]['payload'];
export type InvokeValue<C extends InvokeChannel> = InvokeMap[C]['value'];

export type SendProgressEvent =
  | { requestId: string; kind: 'upload'; sentBytes: number; totalBytes: number }
  | { requestId: string; kind: 'waiting'; retryAfterMs: number; attempt: number; maxAttempts: number };

export interface EventMap {
  'send:progress': SendProgressEvent;
  'outbox:changed': { items: OutboxItem[] };
  'keys:changed': { profileId: string | null };
  'profiles:changed': ProfilesState;
  'log:entry': RequestLogEntry;
  'net:status': { online: boolean; pending: number };
  'app:notice': { level: 'info' | 'warning' | 'error'; message: string };
}

export type EventChannel = keyof EventMap;

export type Unsubscribe = () => void;

/** window.crm: one method per invoke channel (named like the channel) plus `on` for events. */
export type CrmApi = {
  readonly [C in InvokeChannel]: (payload: InvokePayload<C>) => Promise<Result<InvokeValue<C>>>;
} & {
  on<E extends EventChannel>(event: E, listener: (data: EventMap[E]) => void): Unsubscribe;
};

export type { ErrorInfo as IpcError };
