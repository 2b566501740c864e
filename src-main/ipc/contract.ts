// The one IPC contract between main and the renderer. TYPES ONLY (lint enforces it).
// Every invoke channel takes one payload object and answers a Result<T>; every event is
// main -> renderer. `window.crm` is derived from these maps, so the two sides cannot drift.
// What crosses is the core's own types, taken from src-main/shared/ (lint enforces that too),
// so the window type-checks against the same definitions main uses and there is no twin.
import type {
  ContactPage,
  ErrorInfo,
  FilePurpose,
  KeyMeta,
  KeyTestResult,
  OutboxItem,
  Permission,
  Profile,
  RequestLogDetail,
  RequestLogEntry,
  Result,
  SendResult,
  ServerKeyList,
  StagedFile,
} from '../shared/model';
import type {
  ApiPreview,
  DescribedApi,
  DescribedOperation,
  OperationSpec,
  Proposal as ApiProposal,
  RoleFixes,
} from '../shared/api-description';
import type { ApiDocumentProposal, ApiDocumentSource, ApiDocumentView } from '../shared/api-document';
import type { MessageHistoryPage } from '../shared/message-history';
import type { SearchPage } from '../shared/message-search';
import type { TemplateList } from '../shared/approved-template';
import type { ManagedTemplate, SendVerdict, TemplateDraft, TemplateOverview } from '../shared/template-lifecycle';
import type { Conversation, FileOriginAllowed, MediaPreview, WebhookInfo } from '../shared/conversation';
import type { CaFileState } from '../shared/network-settings';
import type { DeliveryList, KeptDelivery, TestEventKind } from '../shared/webhook-deliveries';
import type { InboxFilter, InboxPage } from '../shared/inbox';
import type { Grace, RollOutcome, RollStep } from '../shared/key-roll';
import type { KeyLeak } from '../shared/key-leak';
import type { CannedResponse } from '../shared/canned';
import type {
  AppInfo,
  ClipboardReport,
  MicrophoneAccess,
  NetStatus,
  ProfilesState,
  RequestPreview,
  SendDraft,
  UpdateState,
} from '../shared/ipc-types';

export type * from '../shared/ipc-types';
export type * from '../shared/conversation';
export type * from '../shared/network-settings';
export type * from '../shared/inbox';
export type { CannedResponse } from '../shared/canned';
export type * from '../shared/message-search';
export type * from '../shared/template-lifecycle';

export interface InvokeMap {
  /** the app's version, host, start-up notices, the sandbox's address and the send limits; asked once at start */
  'app:info': { payload: Record<string, never>; value: AppInfo };
  /**
   * "Reset sandbox": makes the Sandbox profile again after it was deleted, on the sandbox's saved
   * data, with a new admin key in the keychain; profiles:changed and keys:changed follow.
   */
  'sandbox:restore': { payload: Record<string, never>; value: { baseUrl: string; notice: string } };
  /** where updating the installed app stands now (later changes come as app:update) */
  'app:update-state': { payload: Record<string, never>; value: UpdateState };
  /** installs the downloaded update and restarts the app; refused when no update is ready */
  'app:restart-to-update': { payload: Record<string, never>; value: null };
  /**
   * Asked before recording a voice note: on macOS the system's consent (asked once, by the
   * system's own prompt); elsewhere `granted`, and Chromium's permission path decides.
   */
  'app:microphone-access': { payload: Record<string, never>; value: MicrophoneAccess };
  /**
   * The window painted its first contact rows (once per load): main writes it to its log, the
   * line that says the app is not only open but showing its first screen's data.
   */
  'app:first-rows': { payload: { rows: number }; value: null };
  /** every profile and which one is active */
  'profiles:list': { payload: Record<string, never>; value: ProfilesState };
  /**
   * Plain http to a host that is not this computer is confirmed by the person through main (a
   * native dialog); `confirmInsecure` from the window is accepted for compatibility and ignored.
   * profiles:changed follows.
   */
  'profiles:create': { payload: { name: string; baseUrl: string; confirmInsecure?: boolean }; value: Profile };
  /**
   * Main asks the person (a native dialog) before plain http to a remote host, and before the
   * profile's saved keys are sent to a new origin; a "no" to the keys leaves them bound to their
   * old origin (KeyMeta.heldBack) and saves the rest. Saving the profile again re-asks for
   * held-back keys. `confirmInsecure` from the window is ignored. profiles:changed follows, and
   * keys:changed when the origin moved.
   */
  'profiles:update': {
    payload: { id: string; name?: string; baseUrl?: string; endpointOverrides?: Profile['endpointOverrides']; confirmInsecure?: boolean };
    value: Profile;
  };
  /** removes the profile and forgets its keys (their keychain entries are deleted); answers the profiles left; profiles:changed follows */
  'profiles:delete': { payload: { id: string }; value: ProfilesState };
  /** makes the profile the one every screen works with; profiles:changed follows */
  'profiles:activate': { payload: { id: string }; value: ProfilesState };
  /** marks the profile live (sends, revocations and retries on it ask first after a practice profile) or not; profiles:changed follows */
  'profiles:set-live': { payload: { id: string; live: boolean }; value: Profile };
  /** every described operation of a profile: its spec (own or docs/API.md's) and whether it is its own */
  'api:describe': { payload: { profileId: string }; value: DescribedApi };
  /** reads a pasted cURL and proposes the operation's description; saves nothing */
  'api:import-curl': { payload: { profileId: string; operation: DescribedOperation; curl: string; fixes?: RoleFixes }; value: ApiProposal };
  /**
   * The pasted Download media cURL is a received file's own address on another origin (its
   * proposal names `fileOrigin`): main reads the cURL again itself, asks the person whether the
   * profile's key may go to that origin for received files, and on yes lists it and tries the
   * downloads refused for it again. Nothing of the cURL is saved as the operation.
   */
  'api:allow-file-origin': { payload: { profileId: string; curl: string }; value: FileOriginAllowed };
  /** stores one operation's description with the profile; profiles:changed follows */
  'api:save': { payload: { profileId: string; operation: DescribedOperation; spec: OperationSpec }; value: Profile };
  /** back to docs/API.md for one operation or all; profiles:changed follows */
  'api:reset': { payload: { profileId: string; operation: DescribedOperation | 'all' }; value: Profile };
  /** records that the service does not offer the operation (or that it does); profiles:changed follows */
  'api:mark-absent': { payload: { profileId: string; operation: DescribedOperation; absent: boolean }; value: Profile };
  /** the request a spec (null: the saved one) makes with example values, as a cURL */
  'api:preview': { payload: { profileId: string; operation: DescribedOperation; spec: OperationSpec | null }; value: ApiPreview };
  /**
   * Reads an OpenAPI 3 document or a Postman collection, from a file main's own dialog picks (the
   * window never sees its path or text) or an https URL (plain http only to this computer), and
   * answers its operations under a handle main keeps it by for a while. null: the dialog was cancelled.
   */
  'api:spec-load': { payload: { profileId: string; source: ApiDocumentSource }; value: ApiDocumentView | null };
  /** proposes one operation from one of a loaded document's candidates, with the values the person gave; saves nothing */
  'api:spec-propose': {
    payload: {
      profileId: string;
      handle: string;
      operation: DescribedOperation;
      candidateId: string;
      vars?: Record<string, string>;
      user?: string;
      fixes?: RoleFixes;
      example?: string;
    };
    value: ApiDocumentProposal;
  };
  /** a profile's saved keys (default: the active profile's): metadata only, never a key value */
  'keys:list': { payload: { profileId?: string }; value: KeyMeta[] };
  /** the only channel that carries a key value, renderer -> main, once: it goes to the OS keychain; keys:changed follows */
  'keys:add': { payload: { profileId: string; name: string; value: string }; value: KeyMeta };
  /** one GET of a contacts page with the key; the outcome, its sentence and the key's new last status; keys:changed follows */
  'keys:test': { payload: { id: string }; value: KeyTestResult };
  /** makes the key its profile's active key; a revocation waiting for such a key is retried; keys:changed follows */
  'keys:activate': { payload: { id: string }; value: KeyMeta };
  /** revokes locally at once; the server revocation is queued in the outbox (outbox:changed and keys:changed follow) */
  'keys:revoke': { payload: { id: string }; value: KeyMeta };
  /**
   * the server's keys, asked with the active key (needs keys:manage); each with a prefix (never a
   * value) and its queued revocation; offline, the last list seen, with cachedAt
   */
  'keys:server-list': { payload: Record<string, never>; value: ServerKeyList };
  /** the created value goes straight to the keychain; never returned. keys:changed follows */
  /**
   * `expires` (optional): when the key stops being sent, as `crm keys create --expires` takes it
   * ("30d" or a last day "2027-01-31"); checked before the key is made and kept on this computer
   */
  'keys:server-create': { payload: { name: string; permissions: Permission[]; expires?: string }; value: KeyMeta };
  /** queues the server revocation in the outbox (and revokes the key here too if it is saved here); `queued` says it waits there */
  'keys:server-revoke': { payload: { serverKeyId: string }; value: { serverKeyId: string; queued: boolean } };
  /**
   * main writes a newly created key to the clipboard; the one copy is spent only when the write
   * succeeded (a failed clipboard says why and can be tried again). The value never comes back here
   */
  'keys:copy-new': { payload: { id: string }; value: ClipboardReport };
  /**
   * THE ONE EXCEPTION TO "no key value reaches the window": the value of a key keys:server-create
   * just made, for the Keys screen's "shown once" panel (masked, Reveal, Copy), as people expect
   * from Stripe or GitHub, and because a window without a clipboard program has no other way to
   * take it. Main answers it once per created key, within 5 minutes of its creation and only in
   * this process, then refuses ('conflict'); it is in no event, log, error or other reply (the
   * request log and app log cut it out like every key in use). The window keeps it only while the
   * panel is open. `crm keys create --print-key` is the terminal's way.
   */
  'keys:reveal-new': { payload: { id: string }; value: { value: string } };
  /**
   * the ids of the profile's live keys whose value is not in the keychain: one keychain listing
   * per call. The Keys screen asks about once a second while it is open (and only then)
   */
  'keys:missing-values': { payload: { profileId: string }; value: string[] };
  /**
   * puts a missing value back under its key when the keychain holds it under another entry
   * (same value tag, else last 4); `repaired` false: `message` says how to give the key a value
   * again. Names values by their last 4 only; keys:changed follows a re-link
   */
  'keys:repair': { payload: { id: string }; value: { repaired: boolean; message: string } };
  /** drops a revoked key's record (and any keychain entry it left); a live key is refused ('conflict'); keys:changed follows */
  'keys:remove': { payload: { id: string }; value: { id: string } };
  /**
   * replaces a live key (core/keys/roll.ts): a new key with the same permissions is created on
   * the service and saved in the keychain, proved with a live request, every profile that used
   * the old key is switched to it, and the old key is revoked here with its server revocation
   * scheduled for the end of `grace`. keys:roll-progress names each step as it starts; a step
   * that fails answers the sentence that says where it stopped. Answers both keys' metadata,
   * never the new value. keys:changed, profiles:changed and outbox:changed follow
   */
  'keys:roll': { payload: { id: string; grace: Grace }; value: RollOutcome };
  /** the saved keys seen where they must not be since main started (keys:leak), oldest first; names and last 4 only */
  'keys:leaks': { payload: Record<string, never>; value: KeyLeak[] };
  /** one page of the active profile's contacts, asked with its active key */
  'contacts:list': { payload: { page: number; perPage: number; search?: string }; value: ContactPage };
  /** main opens its own file dialog (the window never sees a path) and stages the chosen file; null when the person cancels */
  'files:pick': { payload: { purpose: FilePurpose }; value: StagedFile | null };
  /** bytes from a drop or a recording (renderer -> main), written to a private temporary file; refused over the purpose's limit */
  'files:stage': { payload: { name: string; bytes: Uint8Array; purpose: FilePurpose }; value: StagedFile };
  /** main forgets a staged file and deletes its temporary copy, if it made one */
  'files:release': { payload: { fileId: string }; value: null };
  /** the exact request the draft would make (the key written as $CRM_API_KEY) and what would stop it; sends nothing */
  'send:preview': { payload: { draft: SendDraft }; value: RequestPreview };
  /**
   * The draft keeps its Idempotency-Key until a definite answer, so pressing Send again after an
   * ambiguous one (5xx, timeout, reset, an unreadable 2xx) can never make a second message.
   * Right after a definite success the same draft is refused ('conflict') unless `again` says
   * the person chose to send it once more. send:progress events carry `requestId` meanwhile.
   */
  'send:submit': { payload: { draft: SendDraft; requestId: string; again?: boolean }; value: SendResult };
  /**
   * Asks the server hosting a media URL what the file is (HEAD, then a 1-byte GET where HEAD is
   * refused), for a URL without a telling extension; the person asked for it. No key is sent.
   */
  'media:detect-type': { payload: { url: string }; value: { mimetype: string | null; reason: string | null } };
  /** aborts the send with this requestId; its send:submit then answers 'cancelled' */
  'send:cancel': { payload: { requestId: string }; value: null };
  /** main writes the draft's cURL to the clipboard; `withKey` puts the real key in it (the window asks the person first) and clears it later */
  'send:copy-curl': { payload: { draft: SendDraft; withKey: boolean }; value: ClipboardReport };
  /** everything in the outbox: queued sends and server revocations, waiting, done or failed */
  /**
   * One page of what the active profile sent, newest first: the service's own message listing, or,
   * when the service has none (404/405), this app's record of its sends. The page and each message
   * say which (`source`), the page says why it fell back, and each message how this app sent it
   * (`origin`, null when not by this app). `number` is written as people write it; a bad one is
   * refused ('validation') before anything is asked.
   */
  'messages:list': { payload: { number?: string; page?: number; perPage?: number }; value: MessageHistoryPage };
  /**
   * One contact's conversation in the active profile: what this app sent (with how far each
   * message got, from the service's events) and what the contact wrote, oldest first, and
   * whether WhatsApp's 24-hour window is open. A bad number is refused ('validation').
   */
  'conversations:get': { payload: { number: string }; value: Conversation };
  /**
   * an image or audio a contact sent (by its message id, in the active profile), downloaded by
   * main and handed over as a data: URL; the file's address never comes to the window
   */
  'conversations:media': { payload: { messageId: string }; value: MediaPreview };
  /** opens a file a contact sent in the OS browser (a document, or one too large to preview) */
  'conversations:open-media': { payload: { messageId: string }; value: null };
  /**
   * the active profile's approved templates, read from its service when it lists them; otherwise
   * none, with the reason, and the window has them typed
   */
  'templates:list': { payload: Record<string, never>; value: TemplateList };
  /** every template of the active profile's service with its state (the Templates screen), listed now or as last kept */
  'template-lifecycle:overview': { payload: Record<string, never>; value: TemplateOverview };
  /** the states kept in the database, without asking the service (after template-lifecycle:changed) */
  'template-lifecycle:kept': { payload: Record<string, never>; value: ManagedTemplate[] };
  /** submits a new template for review; refused with every problem before anything is sent */
  'template-lifecycle:create': { payload: { draft: TemplateDraft }; value: { id: string | null; status: string } };
  /** changes the template named by the draft's name and language; it is reviewed again */
  'template-lifecycle:update': { payload: { draft: TemplateDraft }; value: null };
  /** deletes the template in every language */
  'template-lifecycle:delete': { payload: { name: string }; value: null };
  /** "will this send?" for a template send from the active profile */
  'template-lifecycle:check': { payload: { name: string; language: string }; value: SendVerdict };
  /** where the active profile's service should post its webhooks, and whether its secret and verify token are set */
  'webhooks:info': { payload: Record<string, never>; value: WebhookInfo };
  /**
   * sets (a string) or removes (null) the active profile's webhook secret and verify token, in
   * the OS keychain; main never sends either back
   */
  'webhooks:set-secrets': { payload: { secret?: string | null; verifyToken?: string | null }; value: WebhookInfo };
  /** the active profile's kept webhook deliveries (the inspector), newest first; afterSeq: only newer ones */
  'inspector:list': { payload: { afterSeq?: number; limit?: number }; value: DeliveryList };
  /** hands a kept delivery to the app again, as a live one is handled; answers the replay's own record */
  'inspector:replay': { payload: { id: string }; value: KeptDelivery };
  /** posts a test event at this window's listener for the active profile, signed with its secret; answers the HTTP status */
  'inspector:fire': { payload: { kind: TestEventKind; dialect: string }; value: { status: number } };
  /** main writes a cURL re-posting the delivery to the clipboard; its signature is computed only when asked (then cleared later) */
  'inspector:copy-curl': { payload: { id: string; withSignature: boolean }; value: ClipboardReport };
  'outbox:list': { payload: Record<string, never>; value: OutboxItem[] };
  /** gives up on a waiting item: it is never sent; outbox:changed follows */
  'outbox:cancel': { payload: { id: string }; value: OutboxItem };
  /** tries a waiting or failed item again now; outbox:changed follows */
  'outbox:retry': { payload: { id: string }; value: OutboxItem };
  /** tries every waiting item now and answers once the outbox has settled (rate-limited items keep their wait) */
  'outbox:sync': { payload: Record<string, never>; value: null };
  /**
   * the newest requests (500) made by any process on the data folder (this app, `crm` commands),
   * kept in crm.db across restarts: host, path, status, timing, which process, and headers with
   * Authorization redacted
   */
  'log:list': { payload: Record<string, never>; value: RequestLogEntry[] };
  /**
   * one log entry in full: response status text and headers, request and response bodies (each
   * scrubbed of every key value, then cut; file bodies described, not read) and its cURL, which
   * reads the key from $CRM_API_KEY. not_found once the entry left the log
   */
  'log:detail': { payload: { id: string }; value: RequestLogDetail };
  /** main writes that entry's cURL (key as $CRM_API_KEY, never the key itself) to the clipboard */
  'log:copy-curl': { payload: { id: string }; value: ClipboardReport };
  /**
   * sends that entry's request again, as this process prepared it (never the logged copy), with
   * the profile's key attached by main for the request's origin and, where it had one, a new
   * Idempotency-Key; answers its status and the new entry's id. not_found for a request this
   * process does not hold (another process's, or one from before a restart)
   */
  'log:resend': { payload: { id: string }; value: { status: number; entryId: string | null } };
  /** the CA file whose certificates main trusts beside the defaults, and whether it can be read now */
  'settings:ca-file': { payload: Record<string, never>; value: CaFileState };
  /**
   * `choose`: main opens its own file dialog (the window never names a path) and trusts the
   * chosen PEM file's certificates from the next request on; a file that cannot be used is
   * refused ('validation', with the reason) and the setting stays. A cancelled dialog changes
   * nothing. `clear`: no CA file.
   */
  'settings:set-ca-file': { payload: { action: 'choose' | 'clear' }; value: CaFileState };
  /** opens an http(s) link in the OS browser; any other scheme is refused */
  'shell:open-external': { payload: { url: string }; value: null };
  /**
   * One page of the active profile's conversations (the inbox), newest first: one row per contact
   * with its newest line, unread count, whether it waits for an answer and when its 24-hour
   * window closes; `filter` keeps only unread ones, those waiting for an answer, or those whose
   * window closes within two hours. Answers the rows the filter matches in all and the unread total.
   */
  'inbox:list': { payload: { filter: InboxFilter; offset: number; limit: number }; value: InboxPage };
  /** the agent opened the conversation: what the contact wrote so far is read; answers the profile's unread total */
  'inbox:mark-read': { payload: { number: string }; value: { unreadTotal: number } };
  /** whether a reply arriving while the window is not focused shows a desktop notification (on unless switched off) */
  'inbox:reply-notices': { payload: Record<string, never>; value: { on: boolean } };
  /** switches those notifications on or off for every process on the data folder (crm settings reply-notices too) */
  'inbox:set-reply-notices': { payload: { on: boolean }; value: { on: boolean } };
  /**
   * a reply to the contact in the active profile, quoting `replyTo` (a message's id) when given;
   * a profile whose Send Text has no place for the quote is refused ('validation', field
   * `replyTo`) and nothing is sent: the window then offers to send it without the quote
   */
  'quick:reply': { payload: { number: string; text: string; replyTo?: string }; value: SendResult };
  /** our reaction to a message of the conversation ('' takes it back); refused where the profile has no Send Reaction */
  'quick:react': { payload: { number: string; messageId: string; emoji: string }; value: { emoji: string } };
  /** the canned responses this OS user sees (the shared ones and their own), read afresh each time the reply box's / list opens */
  'canned:list': { payload: Record<string, never>; value: CannedResponse[] };
  /**
   * sends the named canned response's file to the contact in the active profile, `caption` (its
   * text as the person filled it) as the caption; main reads the file's path from the canned
   * response, the window never names one
   */
  'canned:send-media': { payload: { name: string; number: string; caption: string }; value: SendResult };
  /**
   * Searches every conversation of the active profile (what this app sent and what contacts
   * wrote) for the words typed, accents and case aside, the last word also as the start of a
   * word: newest first, `limit` (1 to 100, default 20) at a time, the next page from `after` (the
   * page's `next`). Text with no word in it, or a page marker no search gave, is refused
   * ('validation') with the reason.
   */
  'messages:search': { payload: { text: string; limit?: number; after?: string }; value: SearchPage };
  /**
   * tries again to download a file a contact sent by media id whose download failed (a Download
   * media operation added since, a key replaced); a file not failed is left as it is
   */
  'conversations:retry-media': { payload: { messageId: string }; value: null };
  /** whether opening a conversation tells the service it was read, where it has read receipts (on unless switched off) */
  'inbox:read-receipts': { payload: Record<string, never>; value: { on: boolean } };
  /** switches read receipts on or off for every process on the data folder (crm settings read-receipts too) */
  'inbox:set-read-receipts': { payload: { on: boolean }; value: { on: boolean } };
  /**
   * "Allow the key there for files…" on a received file whose download failed because the
   * service keeps it on another origin than its own (Meta's lookaside.fbsbx.com): main reads that
   * origin from its own record of the download (the window never names one), asks the person
   * itself, and on yes lists it for the profile's files and tries the downloads refused for it
   * again. A message without such a failed download is 'not_found'.
   */
  'conversations:allow-file-origin': { payload: { messageId: string }; value: FileOriginAllowed };
}

export type InvokeChannel = keyof InvokeMap;
export type InvokePayload<C extends InvokeChannel> = InvokeMap[C]['payload'];
export type InvokeValue<C extends InvokeChannel> = InvokeMap[C]['value'];

export type SendProgressEvent =
  | { requestId: string; kind: 'upload'; sentBytes: number; totalBytes: number }
  | { requestId: string; kind: 'waiting'; retryAfterMs: number; attempt: number; maxAttempts: number };

export interface EventMap {
  /** a send in flight is uploading, or waiting out a 429's Retry-After before its next attempt */
  'send:progress': SendProgressEvent;
  /** the whole outbox, after any item was added, tried, sent, failed or cancelled */
  'outbox:changed': { items: OutboxItem[] };
  /** this app's record of a profile's sends grew (a send now, a replay, an outbox delivery): the window lists messages again */
  'messages:changed': { profileId: string };
  /** a conversation changed (a send, a reply, a delivery state); nulls: any profile or contact may be affected */
  'conversation:changed': { profileId: string | null; number: string | null };
  /**
   * a profile's saved keys changed (added, tested, activated, revoked, a step of a server
   * revocation, or the profile moved); null: any profile may be affected. Carries no key: the
   * window asks keys:list again
   */
  'keys:changed': { profileId: string | null };
  /** a roll (keys:roll) of key `keyId` started this step; carries no key */
  'keys:roll-progress': { keyId: string; step: RollStep };
  /**
   * a saved key's value was seen where it must not be: in a reply a contact sent, in the
   * clipboard after "Copy cURL with key", or echoed by a service. Names the key (name, last 4),
   * never its value; keys:leaks lists them again
   */
  'keys:leak': KeyLeak;
  /** every profile and the active one, after any profile or its API description changed */
  'profiles:changed': ProfilesState;
  /**
   * one request main just made, as log:list lists it (Authorization redacted), or one another
   * process on the data folder (a `crm` command) wrote to the shared log, within about a second
   */
  'log:entry': RequestLogEntry;
  /** whether the service answered the last request, and how many outbox items still wait; sent only when either changes */
  'net:status': NetStatus;
  /** a message from main for the person, shown as a dismissable notice (start-up problems come in AppInfo.notices instead) */
  'app:notice': { level: 'info' | 'warning' | 'error'; message: string };
  /** updating the installed app moved on: checking, downloading (percent), ready to restart, failed */
  'app:update': UpdateState;
  /** the person clicked the notification of a reply: the window opens that conversation */
  'inbox:open': { number: string };
  /** a profile's kept template states changed (a listing, a webhook, another process); null: any profile */
  'template-lifecycle:changed': { profileId: string | null };
  /** the webhook inspector's kept deliveries changed (a listener here or in another process kept one); null: any profile */
  'inspector:changed': { profileId: string | null };
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
