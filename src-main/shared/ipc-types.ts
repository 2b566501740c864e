// The types the IPC contract (src-main/ipc/contract.ts) carries besides the domain model: the
// send drafts, previews, app info and small replies, and the one list of everything the window
// may import from the contract. Types only, shared by both processes.
import type { MediaType, Profile, RequestProblem } from './model';
import type { SendLimits } from './limits';

export type {
  ContactPage,
  ErrorInfo,
  FilePurpose,
  KeyMeta,
  KeyTestResult,
  MediaType,
  OutboxItem,
  Permission,
  Profile,
  LoggedBody,
  LoggedSend,
  LogProcess,
  RequestLogDetail,
  RequestLogEntry,
  RequestProblem,
  RequestTiming,
  Result,
  SendResult,
  ServerKey,
  StagedFile,
} from './model';
export type { SendLimits } from './limits';
export type {
  Contact,
  EndpointId,
  ErrorCode,
  FieldDetail,
  KeyState,
  KeyTestOutcome,
  OutboxState,
  PendingReason,
  RevocationSyncState,
  SentMessage,
} from './model';
export type { HistoryKind, HistoryMessage, HistorySource, MessageHistoryPage, MessageOrigin } from './message-history';
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
} from './api-description';
export type { ApiDocumentCandidate, ApiDocumentOpenValues, ApiDocumentProposal, ApiDocumentSource, ApiDocumentView } from './api-document';

export type DraftSource = { kind: 'file'; fileId: string } | { kind: 'url'; url: string };

export type SendDraft =
  | { kind: 'text'; number: string; text: string }
  /** `mimetype`: for a URL whose name says nothing of its type (chosen by the person, or detected) */
  | { kind: 'media'; number: string; mediatype: MediaType; source: DraftSource; caption?: string; fileName?: string; mimetype?: string }
  | { kind: 'audio'; number: string; source: DraftSource; mimetype?: string }
  /** an approved template: its name, the language of the translation, the body's parameters in order */
  | { kind: 'template'; number: string; name: string; language: string; params: string[] };

export interface RequestPreview {
  method: string;
  url: string;
  /** POSIX-shell cURL with the key as $CRM_API_KEY */
  curl: string;
  /** problems that would stop a send (bad number, empty text, file too large), each with its sentence */
  problems: RequestProblem[];
}

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
  limits: SendLimits;
}

export interface ProfilesState {
  profiles: Profile[];
  /** the profile this window works with (its own choice) */
  activeProfileId: string | null;
  /** the profile `crm` uses when none is named (`crm profiles use`), when known */
  terminalProfileId?: string | null;
  /** the window's own choice, when known (what `crm profiles` shows beside its own) */
  windowProfileId?: string | null;
}

/** Online as the window shows it, judged from real requests, and the outbox items still waiting. */
export interface NetStatus {
  online: boolean;
  pending: number;
}

export interface ClipboardReport {
  /** the clipboard is cleared after this many ms if it still holds what was copied */
  clearsAfterMs: number | null;
}

/**
 * Whether the OS lets the app record from the microphone. `denied` names where the person can
 * allow it (macOS: System Settings › Privacy & Security › Microphone). Where the OS does not
 * gate it, the answer is `granted` and Chromium's own permission decides.
 */
export type MicrophoneAccess = { access: 'granted' } | { access: 'denied'; where: string };

/**
 * Where updating the installed app stands. `off`: this copy does not update itself (run from
 * the source tree, the Chromium host, or a package built without an update address).
 */
export type UpdateState =
  | { phase: 'off' }
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'available'; version: string }
  | { phase: 'downloading'; version: string; percent: number }
  /** downloaded: "Restart to update" installs it */
  | { phase: 'ready'; version: string }
  /** a newer version is out, and this OS installs none by itself (no publisher to verify): where to get it */
  | { phase: 'manual'; version: string; message: string }
  | { phase: 'failed'; message: string };
