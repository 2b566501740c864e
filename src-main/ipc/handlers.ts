// Channel -> service call, assembled in this one place from each domain's one-line adapters.
// Plain functions, no electron: every host (Electron's ipcMain, the Chromium host, the e2e
// harness) serves exactly these handlers through ipc/dispatcher.ts.
import { allowFileOriginAsking, allowFileOriginFromCurlAsking } from '../core/conversations/file-origin-consent';
import { NO_CONSENT } from '../core/profiles/profile-consent';
import { createApiHandlers } from './api-handlers';
import { createConversationHandlers, createTemplateHandlers, createWebhookHandlers } from './conversation-handlers';
import { createAppHandlers } from './app-handlers';
import type { HandlerDeps, Handlers } from './handler-types';
import { createKeyHandlers } from './key-handlers';
import { createMessageHandlers } from './messages-handlers';
import { createMessageSearchHandlers } from './message-search-handlers';
import { createProfileHandlers } from './profile-handlers';
import { createSendHandlers } from './send-handlers';
import { createSettingsHandlers } from './settings-handlers';
import { createInboxHandlers } from './inbox-handlers';
import { createTemplateLifecycleHandlers } from './template-lifecycle-handlers';
import { createCannedHandlers, createQuickHandlers } from './quick-handlers';
import { createInspectorHandlers } from './inspector-handlers';

export type { FileStaging, HandlerCore, HandlerDeps, HandlerPlatform, Handlers, SandboxControl, UpdateHandle } from './handler-types';
export { createDispatcher, type Dispatch } from './dispatcher';

const NO_LISTENER = { urlFor: () => null, problem: () => 'No webhook listener runs in this process.' };

export function createHandlers(deps: HandlerDeps): Handlers {
  const { core, platform, emit } = deps;
  // the person's own word, asked by main (Electron: a native dialog); nobody to ask means no
  const ask = platform.confirm ?? NO_CONSENT;
  return {
    ...createAppHandlers(core, platform, deps.appInfo, deps.sandbox, deps.updates, deps.contacts, deps.log),
    ...createProfileHandlers(core.profiles, ask),
    ...createApiHandlers(
      core.api,
      (purpose) => platform.pickFile(purpose),
      (p) => allowFileOriginFromCurlAsking({ conversations: core.conversations, api: core.api, profiles: core.profiles, ask }, p),
    ),
    ...createKeyHandlers(core, platform.clipboard, emit),
    ...createMessageHandlers(core.history),
    ...createConversationHandlers(
      core.conversations,
      (url) => platform.openExternal(url),
      platform.openPath?.bind(platform),
      (p) => allowFileOriginAsking({ conversations: core.conversations, api: core.api, ask }, p),
    ),
    ...createTemplateHandlers(core.templates),
    ...createTemplateLifecycleHandlers(core.templateLifecycle, core.profiles),
    ...createWebhookHandlers(core.profiles, core.webhookSecrets, deps.webhooks ?? NO_LISTENER, core.conversations),
    ...createSettingsHandlers(core, (purpose) => platform.pickFile(purpose)),
    // send and roll progress are per request, so they are the events a handler emits
    ...createSendHandlers(core, platform.clipboard, emit),
    ...createInboxHandlers(core.inbox),
    ...createQuickHandlers(core.quick),
    ...createCannedHandlers(core.canned),
    ...createMessageSearchHandlers(core.messageSearch),
    ...createInspectorHandlers(core, deps.webhooks ?? NO_LISTENER, platform.clipboard),
  };
}
