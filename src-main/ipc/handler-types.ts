// What the IPC handlers are built from: the core's services (HandlerCore), the host's OS services
// (HandlerPlatform) and the event sink, and the shape every domain's handlers fill in.
import type { AskConsent, ConsentProfiles } from '../core/profiles/profile-consent';
import type {
  ContactsService,
  KeyAccess,
  KeyService,
  MessageHistoryService,
  MessageService,
  OutboxService,
  ProfileService,
  RequestLog,
} from '../core/services';
import type { ConversationService } from '../core/conversations/conversation-service';
import type { InboxService } from '../core/conversations/inbox-service';
import type { QuickAnswers } from '../core/conversations/quick-answers';
import type { CannedResponses } from '../core/canned/canned-responses';
import type { MessageSearch } from '../core/conversations/message-search';
import type { CaFileTrust } from '../core/http/network/ca-file-trust';
import type { KeyManager } from '../core/keys/key-manager';
import type { KeychainRepair } from '../core/keys/keychain-repair';
import type { KeyRecordEdits } from '../core/keys/key-record-edits';
import type { KeyLeaks } from '../core/keys/key-leaks';
import type { NetworkRoute } from '../core/http/network/dispatcher-cache';
import type { ResolveProxy } from '../core/http/network/proxy-choice';
import type { WebhookSecrets } from '../core/events/webhooks/webhook-secrets';
import type { LogResend } from '../core/log/log-resend';
import type { TemplateCatalogue } from '../core/messages/template-catalogue';
import type { ApiEditor } from '../core/profiles/api-editor';
import type { TemplateManager } from '../core/templates/template-manager';
import type { ClipboardGuard } from './clipboard-guard';
import type { WebhookInspector } from '../core/events/webhooks/webhook-inspector';
import type { DialogPurpose } from '../shared/file-purpose';
import type {
  AppInfo,
  EventChannel,
  EventMap,
  FilePurpose,
  InvokeChannel,
  InvokePayload,
  InvokeValue,
  MicrophoneAccess,
  StagedFile,
  UpdateState,
} from './contract';

/** what the api:* channels use of the API editor */
export type ApiHandlerCore = Pick<
  ApiEditor,
  'describe' | 'propose' | 'save' | 'reset' | 'markAbsent' | 'preview' | 'documents' | 'addFileOrigin'
>;

/** the running webhook listener, as the runtime started it (or why it did not) */
export interface WebhookListener {
  urlFor(profileId: string): string | null;
  problem(): string | null;
  /** a post for the profile came through a tunnel; absent: never */
  throughTunnel?(profileId: string): boolean;
}

export interface FileStaging {
  stageFromPath(path: string, purpose: FilePurpose): Promise<StagedFile>;
  stageFromBytes(name: string, bytes: Uint8Array, purpose: FilePurpose): Promise<StagedFile>;
  resolve(fileId: string): string | Promise<string>;
  release(fileId: string): void | Promise<void>;
}

export interface HandlerCore {
  profiles: ProfileService & ConsentProfiles;
  api: ApiHandlerCore;
  keys: KeyService & Pick<KeyManager, 'takeNewKeyValueForClipboard' | 'copyNewKeyValue' | 'revealNewKeyValue'>;
  keyAccess: KeyAccess;
  /** saved keys whose value left the keychain: found (one listing per call) and re-linked on request */
  keychain: Pick<KeychainRepair, 'missingValueIds' | 'repairKey'>;
  /** a saved key's expiry, and the removal of a revoked key's record */
  keyRecords: Pick<KeyRecordEdits, 'remove' | 'setExpiry'>;
  /** saved keys seen where they must not be, this session (keys:leaks), and a copy with a key noted */
  leaks: Pick<KeyLeaks, 'list' | 'report' | 'scrubbed'>;
  contacts: ContactsService;
  messages: MessageService;
  /** what the app sent (the Messages view) */
  history: MessageHistoryService;
  outbox?: OutboxService | undefined;
  /** each contact's conversation (the conversation view) */
  conversations: ConversationService;
  /** each profile's conversation list and read marks (the Conversations screen) */
  inbox: Pick<InboxService, 'list' | 'markRead' | 'replyNotices' | 'setReplyNotices' | 'readReceipts' | 'setReadReceipts'>;
  /** search across every conversation (messages:search) */
  messageSearch: Pick<MessageSearch, 'search'>;
  /** the approved templates each profile's service lists (the template form) */
  templates: Pick<TemplateCatalogue, 'list'>;
  /** every template's state, creation, edit, deletion and the send check (the Templates screen) */
  templateLifecycle: Pick<TemplateManager, 'overview' | 'kept' | 'create' | 'update' | 'remove' | 'check'>;
  /** quoted replies and reactions (the conversation view) */
  quick: Pick<QuickAnswers, 'reply' | 'react'>;
  /** canned responses for the reply box's / list */
  canned: Pick<CannedResponses, 'list' | 'sendMedia'>;
  /** each profile's webhook secret and verify token, in the keychain */
  webhookSecrets: WebhookSecrets;
  /** the webhook deliveries kept for the inspector (inspector:*) */
  webhookInspector: WebhookInspector;
  requestLog: RequestLog;
  /** "Resend" of a request this process sent (core/log/log-resend.ts) */
  logResend: Pick<LogResend, 'resend' | 'canResend'>;
  files: FileStaging;
  /** the way out the core's requests take (a media URL's type is asked the same way) */
  network: NetworkRoute;
  /** the CA-file setting */
  caFile: Pick<CaFileTrust, 'state' | 'choose'>;
  /** the whole-request deadline's setting, in seconds (null: the default) */
  requestDeadline: { get(): number | null; set(seconds: number | null): void };
}

export interface HandlerPlatform {
  clipboard: ClipboardGuard;
  /** a native open dialog; null when the person cancels */
  pickFile(purpose: DialogPurpose): Promise<string | null>;
  openExternal(url: string): Promise<void>;
  /** opens a file main keeps (a document a contact sent) with the OS's own app; absent: the host cannot */
  openPath?(path: string): Promise<void>;
  /**
   * Asks the person (Electron: a native dialog) and resolves true only for an explicit yes. The
   * window cannot answer it. Absent (a harness without dialogs): every such question is a no.
   */
  confirm?: AskConsent;
  /**
   * The OS's consent to record (Electron on macOS: systemPreferences). Absent: the OS does not
   * gate it, and Chromium's own permission prompt path decides.
   */
  microphoneAccess?: () => Promise<MicrophoneAccess>;
  /**
   * The OS's proxy for a URL, as a PAC answer ("PROXY host:port; DIRECT"): the installed app
   * asks Chromium, which reads the system settings and PAC file (electron/os-proxy.ts). Given
   * to the core when the runtime builds it. Absent: only environment variables name a proxy.
   */
  resolveProxy?: ResolveProxy;
}

export type Emit = <E extends EventChannel>(event: E, data: EventMap[E]) => void;

/** updating the installed app (app-shell/update-service.ts); absent where the app does not update itself */
export interface UpdateHandle {
  state(): UpdateState;
  /** false when no downloaded update is waiting */
  restart(): boolean;
}

/** the built-in sandbox as the runtime runs it */
export interface SandboxControl {
  /** makes the Sandbox profile again after it was deleted ("Reset sandbox") */
  restore(): Promise<{ baseUrl: string; notice: string }>;
}

export interface HandlerDeps {
  core: HandlerCore;
  platform: HandlerPlatform;
  appInfo(): AppInfo;
  emit: Emit;
  /** absent where no sandbox can be started (then restoring says so) */
  sandbox?: SandboxControl;
  /** absent where the app does not update itself: the state is `off` */
  updates?: UpdateHandle;
  /** the local webhook listener; absent: none runs here (webhooks:info says so) */
  webhooks?: WebhookListener;
  /** where the window's contacts pages come from (the runtime's start-up page first); absent: core.contacts */
  contacts?: Pick<HandlerCore['contacts'], 'list'>;
  /** the host's diagnostics log (never a key value); absent: what the window reports is dropped */
  log?: (message: string) => void;
}

export type Handlers = { [C in InvokeChannel]: (payload: InvokePayload<C>) => Promise<InvokeValue<C>> };

/** the handlers of the channels whose names start with `prefix` */
export type DomainHandlers<Prefix extends string> = Pick<Handlers, Extract<InvokeChannel, `${Prefix}:${string}`>>;
