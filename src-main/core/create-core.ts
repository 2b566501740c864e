// Builds the main-side core from its ports: the Electron main process, the `crm` command line
// and the test harnesses all call this. Plain Node: no electron import anywhere below.
import type { Disposable } from './emitter';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ContactsServiceImpl } from './contacts/contacts-service';
import { ContactNames, nameAmong } from './conversations/contact-names';
import { ConversationService } from './conversations/conversation-service';
import { WebhookSecrets } from './events/webhooks/webhook-secrets';
import { FileStaging } from './files/staging';
import { createApiClient } from './http/api-client';
import { CaFileTrust } from './http/network/ca-file-trust';
import { fetchMedia } from './conversations/media-fetch';
import type { NetworkRoute } from './http/network/dispatcher-cache';
import { createNetworkRoute } from './http/network/network-route';
import { requestDeadlineMs } from './http/request-deadline';
import type { ResolveProxy } from './http/network/proxy-choice';
import type { HttpSender } from './http/sender';
import { FingerprintKeySource } from './keys/fingerprint-key';
import { KeyFingerprints } from './keys/key-fingerprints';
import { KeyManager } from './keys/key-manager';
import { describeFindings } from './keys/keychain-consistency';
import { KeychainRepair } from './keys/keychain-repair';
import { KeyRecordEdits } from './keys/key-record-edits';
import { KeychainRevocationKeyStore } from './keys/revocation-key-store';
import { KeyVault } from './keys/key-vault';
import { KeyLeaks } from './keys/key-leaks';
import { LogResend } from './log/log-resend';
import { scrubSecret } from './http/scrub/redact';
import { MessageHistory } from './messages/message-history';
import { TemplateCatalogue } from './messages/template-catalogue';
import { TemplateManager } from './templates/template-manager';
import { TemplateStatesTable } from './store/tables/template-states-table';
import { MessageServiceImpl } from './messages/message-service';
import { createMetaStores } from './meta/stores';
import { listingRecorder } from './contacts/listing-record';
import { createKinds, DurableOutbox } from './outbox/index';
import { journalRevocationProgress } from './outbox/kinds/index';
import { ApiEditor } from './profiles/api-editor';
import { ProfileManager } from './profiles/profile-manager';
import type { LogProcess } from './model';
import { RequestLogService } from './log/request-log';
import { writeInThisThread } from './log/row-writer';
import { ThreadRowWriter, type StartLogThread } from './log/thread/thread-row-writer';
import { IdleCheckpoint } from './store/idle-checkpoint';
import { createKeytarStore, KEYCHAIN_LOCK_FILE } from './secrets/keytar-store';
import type { SecretStore } from './secrets/secret-store';
import type { KeyAccess, OutboxService, RevocationQueue } from './services';
import { watchDataVersion } from './store/data-version-watch';
import { watchForeignChanges } from './store/foreign-changes';
import { importLegacyFiles } from './store/legacy-import';
import { BUSY_TIMEOUT_MS, openMemoryDatabase } from './store/database';
import { ClosingWrites } from './store/closing-writes';
import { openStore } from './store/open-store';
import { GroupCommit } from './store/group-commit';
import { RequestLogTable, type RequestLogBounds } from './store/tables/request-log-table';
import { SentMessagesTable } from './store/tables/sent-messages-table';
import { SettingsTable } from './store/tables/settings-table';
import { MediaDownloadsTable } from './store/tables/media-downloads-table';
import { ReceivedFiles } from './media/received-files';
import { DEFAULT_MEDIA_CAP_BYTES, InboundMedia } from './conversations/inbound-media';
import { StoredDownloads } from './conversations/received-downloads';
import { ReadReceipts } from './conversations/read-receipts';
import { ReadReceiptsTable } from './store/tables/read-receipts-table';
import { SentExtrasTable } from './store/tables/sent-extras-table';
import { SentExtras } from './messages/sent-extras';
import { ServerKeysTable } from './store/tables/server-keys-table';
import { ConversationTables } from './store/tables/conversation-tables';
import { ConversationListTable } from './store/tables/conversation-list-table';
import { InboxService } from './conversations/inbox-service';
import { QuickAnswers } from './conversations/quick-answers';
import { QuickAnswerTables } from './store/tables/quick-answer-tables';
import type { Delivery } from './messages/sent-record';
import { CannedResponses } from './canned/canned-responses';
import { CannedTable } from './store/tables/canned-table';
import { MessageSearchTable } from './store/tables/message-search-table';
import { searchCatchUpSoon } from './store/search-catch-up';
import { WebhookDeliveriesTable } from './store/tables/webhook-deliveries-table';
import { WebhookInspector } from './events/webhooks/webhook-inspector';
import { MessageSearch } from './conversations/message-search';

export interface CoreOptions {
  /** where crm.db, the outbox and staged files live */
  dataDir: string;
  /**
   * 'memory': a private in-memory database instead of `dataDir/crm.db`, for a core whose state
   * must not outlive the process (`crm` with CRM_API_KEY): nothing to create, sync or close on disk
   */
  database?: 'shared' | 'memory';
  /**
   * false: staged files are prepared at the first file staged, not at start (a `crm` command
   * that sends no file never touches the staging folder); default true
   */
  prepareFilesAtStart?: boolean;
  /** default: the OS keychain through keytar */
  secretStore?: SecretStore;
  /** keychain service name for the default store; default 'crm-console' */
  keychainService?: string | undefined;
  /**
   * default: the undici client, observed by the request log. A sender passed in is used as is:
   * the caller feeds `requestLog.record` if it wants a log.
   */
  sender?: HttpSender;
  /**
   * the OS's proxy answer for a URL (the installed app: Electron's session.resolveProxy);
   * absent: only the environment's variables name a proxy
   */
  resolveProxy?: ResolveProxy | undefined;
  /**
   * default: the durable outbox under `dataDir/outbox`. false: no outbox (sends fail instead of
   * queueing; a revocation stays on this computer: the server is not told). An outbox passed in is used as is: it is
   * started and closed by whoever made it.
   */
  outbox?: false | OutboxService;
  /**
   * with an outbox passed in: the keys' queue of server revocations on it (absent: a revocation
   * stays on this computer). The default outbox's comes from its kinds (outbox/kinds/index.ts).
   */
  revocationQueue?: RevocationQueue;
  /** diagnostics for the app log (never a key value) */
  log?: (message: string) => void;
  now?: () => Date;
  /** the kind of process this core serves, stamped on each request it logs; default 'window' */
  processKind?: LogProcess;
  /**
   * the request log's bounds in crm.db: entries, days, body characters; default
   * DEFAULT_REQUEST_LOG_BOUNDS (10,000 entries, 7 days). Each process prunes with its own.
   */
  requestLogBounds?: Partial<RequestLogBounds>;
  /**
   * starts the request log's writing thread (log/thread/request-log-thread.ts, where the host's
   * build put it): the window's process writes its log rows there. Absent, or with an in-memory
   * database: written on this thread (a `crm` command)
   */
  requestLogThread?: StartLogThread;
  /**
   * compare the key records with the keychain at start and add what is out of step to the
   * notices (the window does; a `crm` command asks for it with `crm keys check`)
   */
  checkKeychain?: boolean;
  /**
   * the downloads of files contacts sent by media id: the waits between tries, and whether a new
   * file starts its download at once (default true; tests race their own downloaders instead)
   */
  inboundMedia?: { retryDelaysMs?: readonly number[]; startOnArrival?: boolean };
}

export interface Core {
  dataDir: string;
  profiles: ProfileManager;
  /** each profile's API description: import from cURL, save, reset, preview */
  api: ApiEditor;
  /** KeyService plus takeNewKeyValueForClipboard / onSyncChange / idle */
  keys: KeyManager;
  keyAccess: KeyAccess;
  /** key records and keychain values out of step: found, and mended on request */
  keychain: KeychainRepair;
  /** saved keys seen where they must not be: sends refused, replies, copies and echoes noted */
  leaks: KeyLeaks;
  /** a saved key's expiry, and the removal of a revoked key's record (a live key is refused) */
  keyRecords: KeyRecordEdits;
  contacts: ContactsServiceImpl;
  messages: MessageServiceImpl;
  /** what the app sent: the service's message listing, or this app's record of its sends */
  history: MessageHistory;
  /** each contact's conversation: sends, replies and delivery states from the service's events */
  conversations: ConversationService;
  /** each profile's conversation list, newest first, with unread counts and read marks */
  inbox: InboxService;
  /** quoted replies and reactions (conversations/quick-answers.ts) */
  quick: QuickAnswers;
  /** stored answers for replies, shared on the data folder or personal to the OS user */
  canned: CannedResponses;
  /** search across every conversation of a profile (sent and received messages) */
  messageSearch: MessageSearch;
  /** each profile's webhook secret and verify token, in the keychain */
  /** the approved templates of each profile's service (messages/template-catalogue.ts) */
  templates: TemplateCatalogue;
  /** every template's state, its creation, edit and deletion, the send check (templates/template-manager.ts) */
  templateLifecycle: TemplateManager;
  webhookSecrets: WebhookSecrets;
  /** every webhook delivery a listener on this data folder took or refused, kept a while (crm.db) */
  webhookInspector: WebhookInspector;
  outbox: OutboxService | undefined;
  /** every process's requests, from crm.db */
  requestLog: RequestLogService;
  /** "Resend" of a request this process sent (log-resend.ts) */
  logResend: LogResend;
  files: FileStaging;
  sender: HttpSender;
  /** the way out every request of this core takes: proxy and trusted certificates */
  network: NetworkRoute;
  /** the CA-file setting: certificates trusted beside the defaults */
  caFile: CaFileTrust;
  /** the whole-request deadline setting, in seconds (null: the default; request-deadline.ts) */
  requestDeadline: { get(): number | null; set(seconds: number | null): void };
  /** the files contacts sent by media id, downloaded in the background into the data folder */
  inboundMedia: InboundMedia;
  /** the media-cap setting, in megabytes (null: the default; inbound-media.ts) */
  mediaCap: { get(): number | null; set(megabytes: number | null): void };
  secretStore: SecretStore;
  /** `text` without any key value the core holds (for logs and crash reports) */
  scrubSecrets(text: string): string;
  /** messages for the person gathered while opening (e.g. a metadata file set aside) */
  notices: string[];
  /** stops the outbox, waits for pending writes, releases staged files, closes connections */
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir, log } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const notices: string[] = [];
  const onNotice = (message: string): void => {
    notices.push(message);
    log?.(message);
  };
  const now = options.now ?? (() => new Date());
  const secretStore =
    options.secretStore ??
    createKeytarStore({
      service: options.keychainService ?? undefined,
      onFailure: (operation, detail) => log?.(`keychain ${operation} failed: ${detail}`),
      // the window and every crm on this folder take turns to write, delete and list keys
      ...(options.database === 'memory' ? {} : { lockPath: join(dataDir, KEYCHAIN_LOCK_FILE) }),
    });
  // the data folder's shared database; every process opens it (docs/ARCHITECTURE.md, rule 7)
  const store = options.database === 'memory' ? { db: openMemoryDatabase(), shared: false } : openStore(dataDir, { onNotice, now });
  if (store.shared) importLegacyFiles(store.db, dataDir, { onNotice, now });
  const meta = createMetaStores(store.db, { onNotice });
  const fingerprints = new KeyFingerprints(new FingerprintKeySource(secretStore), meta, log);
  const vault = new KeyVault(secretStore, meta, now, (id, value) => fingerprints.noteValueRead(id, value));
  const leaks = new KeyLeaks({ liveValues: () => vault.liveValues(), now, ...(log ? { log } : {}) });
  const noteLeak = (work: Promise<void>): void => {
    work.catch((err: unknown) => log?.(`could not look for saved keys: ${err instanceof Error ? err.message : 'unknown error'}`));
  };
  const requestLogTable = new RequestLogTable(store.db, options.requestLogBounds, () => now().getTime());
  const idleCheckpoint = new IdleCheckpoint(store.db, undefined, (err) =>
    log?.(`could not checkpoint the database: ${err instanceof Error ? err.message : 'unknown error'}`),
  );
  const rowsHere = writeInThisThread(requestLogTable);
  const requestLog = new RequestLogService({
    onWritten: () => idleCheckpoint.noteWrite(),
    table: requestLogTable,
    rows:
      options.requestLogThread === undefined || !store.shared
        ? rowsHere
        : new ThreadRowWriter({
            start: options.requestLogThread,
            dataDir,
            bounds: options.requestLogBounds ?? {},
            here: rowsHere,
            report: (message) => log?.(message),
          }),
    process: options.processKind ?? 'window',
    containsSecret: (text) => vault.containsSecret(text),
    scrub: (text, scrubbedOf) => vault.scrubSecrets(text, scrubbedOf),
    watch: (onForeignWrite) => watchDataVersion(store.db, onForeignWrite),
    ...(log ? { log } : {}),
  });
  // what aged out while no process ran goes now, not at the 100th request
  try {
    requestLogTable.prune();
  } catch (err) {
    log?.(`could not prune the request log: ${err instanceof Error ? err.message : 'unknown error'}`);
  }
  // "Resend" in the log: this process's own requests, held in memory by their log entry
  const logResend = new LogResend({
    keyAccess: vault,
    sender: { send: (request, key, sendOptions) => sender.send(request, key, sendOptions) },
  });
  // one way out for every request this core makes: the proxy (environment, then the OS where
  // the host can ask it) and the trusted certificates, the CA file's among them
  const settings = new SettingsTable(store.db);
  const caFile = new CaFileTrust({ get: () => settings.get('ca_file'), set: (path) => settings.set('ca_file', path) }, log ? { log } : {});
  const network = createNetworkRoute({ env: process.env, resolveProxy: options.resolveProxy, trust: caFile });
  const sender =
    options.sender ??
    createApiClient({
      network,
      // read at each attempt: a change made by `crm settings` or the window applies at once
      deadlineMs: () => requestDeadlineMs(settings.get('request_deadline_s')),
      observer: (entry, observe, request) => {
        requestLog.observer(entry, observe);
        if (request !== undefined) logResend.remember(entry.id, request);
      },
      onKeyEcho: (apiKey, host) => noteLeak(leaks.reportValue(apiKey, { kind: 'echo', host })),
    });
  const ownsSender = options.sender === undefined;
  // built below, once the message service it sends through exists; asked only after createCore returns
  const late: { quick?: QuickAnswers; webhookInspector?: WebhookInspector } = {};
  // the window keeps its own profile choice; `crm` works with the terminal's (profile-choice.ts)
  const chooser = (options.processKind ?? 'window') === 'window' ? 'window' : 'terminal';
  const profiles = new ProfileManager(meta, secretStore, vault, now, chooser);
  const api = new ApiEditor(meta, () => profiles.announceChange(), network);
  const files = new FileStaging(dataDir);
  if (options.prepareFilesAtStart !== false) await files.init();
  // Before the outbox and the message service: both tell it of every send the service took.
  const sentRecords = new SentMessagesTable(store.db, undefined, now);
  // files contacts sent by media id, and copies of this app's own sent files: one folder, one cap
  const mediaDownloads = new MediaDownloadsTable(store.db);
  const receivedFiles = new ReceivedFiles(dataDir);
  const sentExtrasTable = new SentExtrasTable(store.db);
  const sentExtras = new SentExtras({
    table: sentExtrasTable,
    files: receivedFiles,
    // the body the service listed in this process; the send asks nothing more of the network
    templateBody: (profileId, name, language) => templates.bodyOf(profileId, name, language),
    scrub: (text) => vault.scrubSecrets(text),
    inUseElsewhere: (path) => mediaDownloads.usersOf(path) > 0,
    now,
    ...(log ? { log } : {}),
  });
  const history = new MessageHistory({
    profiles,
    keyAccess: vault,
    sender,
    store: sentRecords,
    scrub: (text) => vault.scrubSecrets(text),
    now,
    deliveryStates: (profileId, messageIds) => {
      const rows = conversationTables.statesOf(profileId, messageIds);
      return new Map([...rows].map(([id, row]) => [id, row.state]));
    },
    process: options.processKind ?? 'window',
    onRecorded: async (record, delivery) => {
      await sentExtras.remember(record, delivery);
      await inboundMedia
        .keepUnderCap()
        .catch((err: unknown) =>
          log?.(`received files: the media cap could not be kept (${err instanceof Error ? err.name : 'unknown error'})`),
        );
    },
    ...(log ? { log } : {}),
  });
  // every send the service took: its line in the history, and a quoted reply's quote
  const recordSend = {
    record: async (delivery: Delivery): Promise<void> => {
      await history.record(delivery);
      late.quick?.noteSent(delivery);
    },
  };
  // The outbox's kinds, then the outbox, before the services that queue into it: they get their
  // kind's queue (the keys: the revocations) or the outbox at construction.
  const ownKinds =
    options.outbox === undefined
      ? createKinds({
          revocationKeys: new KeychainRevocationKeyStore(secretStore),
          adminKeyIds: (profileId) => vault.adminKeyIds(profileId),
          onDelivered: (delivery) => recordSend.record(delivery),
          ...(log ? { log } : {}),
        })
      : undefined;
  const ownOutbox = ownKinds
    ? new DurableOutbox(
        {
          dir: join(dataDir, 'outbox'),
          sender,
          getProfile: (profileId: string) => profiles.get(profileId),
          keyAccess: vault,
          now: () => now().getTime(),
          ...(log ? { log } : {}),
        },
        ownKinds,
      )
    : undefined;
  const outbox: OutboxService | undefined = options.outbox === false ? undefined : (options.outbox ?? ownOutbox);
  const withOutbox = outbox ? { outbox } : {};
  // The keys depend on their kind's queue only (the outbox's revocation kind), not on the outbox.
  const revocationQueue = outbox ? (ownKinds?.revocations ?? options.revocationQueue) : undefined;
  // Without one, keys still show where their server revocation stands: read from the journal.
  const revocations = revocationQueue ? {} : { revocations: journalRevocationProgress(join(dataDir, 'outbox')) };
  const serverKeyCache = new ServerKeysTable(store.db);
  const keys = new KeyManager({
    meta,
    secrets: secretStore,
    vault,
    fingerprints,
    profiles,
    sender,
    now,
    serverKeyCache,
    ...(revocationQueue ? { revocationQueue } : {}),
    ...revocations,
    ...(log ? { log } : {}),
  });
  const webhookSecrets = new WebhookSecrets(secretStore);
  const templates = new TemplateCatalogue({ profiles, keyAccess: vault, sender });
  const templateLifecycle = new TemplateManager({ profiles, keyAccess: vault, sender, table: new TemplateStatesTable(store.db), now });
  const keychain = new KeychainRepair({
    meta,
    secrets: secretStore,
    profiles,
    now,
    fingerprints,
    onChange: () => keys.announceOutsideChange(),
  });
  const keyRecords = new KeyRecordEdits({ meta, secrets: secretStore, profiles, onChange: () => keys.announceOutsideChange() });
  const contacts = new ContactsServiceImpl(
    profiles,
    vault,
    sender,
    sentRecords,
    listingRecorder(meta, () => profiles.announceChange()),
  );
  // a conversation's name when the events carry none: the contacts list's, asked once per number
  const names = new ContactNames(async (profileId, number) =>
    nameAmong((await contacts.list({ profileId, search: number, perPage: 20 })).items, number),
  );
  // a profile moved to another service (or removed) has other contacts
  profiles.onDidChange((change) => {
    if (change.moved !== null) names.forget(change.moved);
    for (const id of [...names.profileIds()]) if (!change.state.profiles.some((p) => p.id === id)) names.forget(id);
  });
  // the files contacts sent by media id: claimed and downloaded by whichever process is free
  const inboundMedia = new InboundMedia({
    table: mediaDownloads,
    files: receivedFiles,
    sentCopies: sentExtrasTable,
    profiles,
    keyAccess: vault,
    sender,
    network,
    capBytes: () => {
      const mb = settings.get('media_cap_mb');
      return typeof mb === 'number' && mb > 0 ? mb * 1024 * 1024 : DEFAULT_MEDIA_CAP_BYTES;
    },
    now,
    onChange: (profileId) => conversations.announceOutsideChange(profileId),
    ...(options.inboundMedia?.retryDelaysMs ? { retryDelaysMs: options.inboundMedia.retryDelaysMs } : {}),
    ...(options.inboundMedia?.startOnArrival === false ? { startOnArrival: false } : {}),
    ...(log ? { log } : {}),
  });
  const conversationTables = new ConversationTables(store.db, {}, (message) => log?.(message));
  const conversations = new ConversationService({
    downloads: new StoredDownloads(mediaDownloads, receivedFiles, inboundMedia, sentExtrasTable),
    sentExtras: sentExtrasTable,
    tables: conversationTables,
    keyAccess: vault,
    quick: {
      receive: (profileId, payload) => late.quick!.receive(profileId, payload),
      decorate: (profileId, items) => late.quick!.decorate(profileId, items),
    },
    templateEvents: (profileId, payload) => templateLifecycle.receive(profileId, payload),
    sent: sentRecords,
    profiles,
    names,
    scrub: (text) => vault.scrubSecrets(text),
    now,
    fetchMedia: (url, fetchOptions) => fetchMedia(url, { ...fetchOptions, route: network }),
    onReplyTexts: (_profileId, number, texts) => noteLeak(leaks.inspect(texts, { kind: 'reply', number })),
    ...(log ? { log } : {}),
  });
  const readReceipts = new ReadReceipts({
    table: new ReadReceiptsTable(store.db),
    newestReceived: (profileId, number) => conversationTables.receivedFrom(profileId, number, 1)[0]?.messageId ?? null,
    profiles,
    keyAccess: vault,
    sender,
    setting: { get: () => settings.get('read_receipts'), set: (on) => settings.set('read_receipts', on) },
    ...(log ? { log } : {}),
  });
  const inbox = new InboxService({
    table: new ConversationListTable(store.db),
    profiles,
    replyNotices: { get: () => settings.get('reply_notices'), set: (on) => settings.set('reply_notices', on) },
    receipts: readReceipts,
    now,
    ...(log ? { log } : {}),
  });
  const messageSearchTable = new MessageSearchTable(store.db);
  const messageSearch = new MessageSearch({
    table: messageSearchTable,
    profiles,
    scrubber: async () => {
      const live = (await vault.liveValues()).map((entry) => entry.value);
      return (text) => live.reduce((out, value) => scrubSecret(out, value), vault.scrubSecrets(text));
    },
  });
  // a send the service took is the next line of its conversation
  history.onDidChange((change) => conversations.announceOutsideChange(change.profileId));
  const messages = new MessageServiceImpl({
    profiles,
    keyAccess: vault,
    sender,
    files,
    history: recordSend,
    refuseKeysIn: (input) => leaks.refuseKeysIn(input),
    ...withOutbox,
    ...(log ? { log } : {}),
  });
  const quick = new QuickAnswers({
    tables: new QuickAnswerTables(store.db),
    profiles,
    keyAccess: vault,
    sender,
    messages,
    announce: (profileId) => conversations.announceOutsideChange(profileId),
    now,
    refuseKeysIn: (input) => leaks.refuseKeysIn(input),
  });
  late.quick = quick;
  const canned = new CannedResponses(new CannedTable(store.db), undefined, {
    messages,
    now,
    refuseKeysIn: (input) => leaks.refuseKeysIn(input),
  });
  // Read both now, so an unreadable row is reported at start, not mid-action.
  await meta.profiles.read();
  await meta.keys.read();
  if (options.checkKeychain) {
    try {
      const findings = await keychain.check();
      if (findings) for (const line of describeFindings(findings)) onNotice(line);
    } catch (err) {
      // a locked keychain: the first use of a key says so; the start goes on
      log?.(`could not compare the saved keys with the keychain: ${err instanceof Error ? err.message : 'unknown error'}`);
    }
  }
  // what a `crm` command or another window changes shows here as this process's own changes do
  const foreignChanges = watchForeignChanges(
    store.db,
    (tables) => {
      if (tables.has('profiles') || tables.has('settings')) void profiles.announceChange().catch(() => undefined);
      if (tables.has('saved_keys')) keys.announceOutsideChange();
      if (tables.has('sent_messages')) history.noticeForeignRecords();
      if (
        tables.has('sent_messages') ||
        tables.has('received_messages') ||
        tables.has('message_states') ||
        tables.has('conversations') ||
        tables.has('media_downloads')
      )
        conversations.announceOutsideChange();
      else if (tables.has('message_quotes') || tables.has('message_reactions')) conversations.announceOutsideChange();
      if (tables.has('template_states')) templateLifecycle.announceOutsideChange();
      // built after this watch starts (late): a change seen before is shown by the inspector's first list
      if (tables.has('webhook_deliveries')) late.webhookInspector?.announceOutsideChange();
    },
    { onError: (err) => log?.(`could not read another process's changes: ${err instanceof Error ? err.message : 'unknown error'}`) },
  );

  let outboxSubscription: Disposable | null = null;
  // Started once everything that listens to it is built: what a crash left unreported is told then.
  await ownOutbox?.start();
  if (outbox) {
    // copies of staged files kept for queued sends: drop those whose send is over
    await files.sweepPinned(await outbox.list());
    outboxSubscription = outbox.onDidChange((items) => {
      void files.onOutboxChanged(items).catch(() => undefined);
    });
  }

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      outboxSubscription?.dispose();
      foreignChanges.stop();
      // a receipt under way is logged before the sender and the log close
      await readReceipts.idle();
      await inboundMedia.close();
      await ownOutbox?.close();
      // the bookkeeping below waits for a lock held by another process once, not once per write
      const last = new ClosingWrites(store.db, BUSY_TIMEOUT_MS);
      // the keys' pending last use is written here
      await last.next(() => keys.idle());
      await last.next(() => vault.flush());
      vault.clearCache();
      await last.next(() => meta.flush());
      await files.releaseAll();
      api.documents.close();
      if (ownsSender) await sender.close();
      // after the sender: a request cut short by the close is still logged
      await last.next(() => requestLog.close());
      // webhook posts waiting for their group are written before the file closes, and the
      // inspector rows their answers queued after them
      await last.next(() => deliveryWrites.drain());
      idleCheckpoint.stop();
      store.db.close();
    })();
    return closing;
  };

  const scrubSecrets = (text: string): string => vault.scrubSecrets(text);
  // a listener's posts arriving together share one commit (webhook-inspector.ts take)
  const deliveryWrites = new GroupCommit(store.db, { around: (writes) => conversationTables.trimmingOnceAfter(writes) });
  // the replies a listener stored, indexed for search in one write with a later group (a search catches up itself first)
  const indexRepliesSoon = searchCatchUpSoon(
    (work) => deliveryWrites.writeWithNext(work),
    () => messageSearchTable.catchUp(),
    (err) => log?.(`replies not indexed for search yet: ${err instanceof Error ? err.message : 'unknown error'}`),
  );
  const webhookInspector = new WebhookInspector({
    table: new WebhookDeliveriesTable(store.db, undefined, () => now().getTime()),
    secretsOf: async (profileId) =>
      [await webhookSecrets.listenerSecretOf(profileId), await webhookSecrets.listenerVerifyTokenOf(profileId)].filter(
        (s): s is string => s !== null,
      ),
    scrub: scrubSecrets,
    receive: (profileId, payload) => {
      const outcome = conversations.receive(profileId, payload);
      if (outcome.found > 0) indexRepliesSoon();
      return outcome;
    },
    write: (work) => deliveryWrites.write(work),
    writeLater: (work) => deliveryWrites.writeWithNext(work),
    ...(log ? { log } : {}),
    now,
  });
  late.webhookInspector = webhookInspector;
  const requestDeadline = {
    get: () => settings.get('request_deadline_s'),
    set: (seconds: number | null) => settings.set('request_deadline_s', seconds),
  };
  const mediaCap = { get: () => settings.get('media_cap_mb'), set: (megabytes: number | null) => settings.set('media_cap_mb', megabytes) };
  // what a window left pending (a crash, a quit mid-download) goes on here
  if ((options.processKind ?? 'window') === 'window' && options.inboundMedia?.startOnArrival !== false) inboundMedia.kick();
  return {
    dataDir,
    profiles,
    api,
    keys,
    keyAccess: vault,
    keychain,
    leaks,
    keyRecords,
    contacts,
    messages,
    history,
    conversations,
    messageSearch,
    inbox,
    quick,
    canned,
    templates,
    templateLifecycle,
    webhookSecrets,
    webhookInspector,
    outbox,
    requestLog,
    logResend,
    files,
    sender,
    network,
    caFile,
    requestDeadline,
    inboundMedia,
    mediaCap,
    secretStore,
    scrubSecrets,
    notices,
    close,
  };
}
