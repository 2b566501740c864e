// The one IPC contract between main and the renderer. TYPES ONLY (lint enforces it).
// Every invoke channel takes one payload object and answers a Result<T>; every event is
// main -> renderer. `window.crm` is derived from these maps, so the two sides cannot drift.
// What crosses is the core's own types, taken from src-main/shared/ (lint enforces that too),
// so the window type-checks against the same definitions main uses and there is no twin.
// The invoke channels live per domain in contract/ (small files); this file composes them and
// is the one face every importer uses.
import type { ErrorInfo, OutboxItem, RequestLogEntry, Result } from '../shared/model';
import type { RollStep } from '../shared/key-roll';
import type { KeyLeak } from '../shared/key-leak';
import type { NetStatus, ProfilesState, UpdateState } from '../shared/ipc-types';
import type { AppInvokeMap } from './contract/app';
import type { ProfilesInvokeMap } from './contract/profiles';
import type { ApiInvokeMap } from './contract/api';
import type { KeysInvokeMap } from './contract/keys';
import type { SendInvokeMap } from './contract/send';
import type { ConversationsInvokeMap } from './contract/conversations';
import type { InboxInvokeMap } from './contract/inbox';
import type { TemplatesInvokeMap } from './contract/templates';
import type { WebhooksInvokeMap } from './contract/webhooks';
import type { OutboxInvokeMap } from './contract/outbox';

export type * from '../shared/ipc-types';
export type * from '../shared/conversation';
export type * from '../shared/network-settings';
export type * from '../shared/inbox';
export type { CannedResponse } from '../shared/canned';
export type * from '../shared/message-search';
export type * from '../shared/template-lifecycle';

/** every invoke channel, one map per domain (contract/<domain>.ts) composed into one */
export interface InvokeMap
  extends
    AppInvokeMap,
    ProfilesInvokeMap,
    ApiInvokeMap,
    KeysInvokeMap,
    SendInvokeMap,
    ConversationsInvokeMap,
    InboxInvokeMap,
    TemplatesInvokeMap,
    WebhooksInvokeMap,
    OutboxInvokeMap {}

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
  /**
   * The answer to the call window.crm made as it was installed (shared/first-screen.ts: EARLY_CALL),
   * handed once to the very same call while fresh; undefined for any other call, once taken, when
   * stale, or when none was made. Its payload crossed the dispatcher's schema like any other call's.
   */
  takeEarly<C extends InvokeChannel>(channel: C, payload: InvokePayload<C>): Promise<Result<InvokeValue<C>>> | undefined;
};

export type { ErrorInfo as IpcError };
