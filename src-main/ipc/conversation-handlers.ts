// The conversation view's and the webhook settings' channels: one-line adapters. Both act on the
// active profile, like messages:list.
import type { ConversationService } from '../core/conversations/conversation-service';
import type { WebhookSecrets } from '../core/events/webhooks/webhook-secrets';
import { unsignedWebhookWarning, type FileOriginAllowed, type WebhookInfo } from '../shared/conversation';
import { activeProfileId } from './active-profile';
import { CrmError } from '../core/errors';
import type { DomainHandlers, HandlerCore, HandlerPlatform, WebhookListener } from './handler-types';

export function createConversationHandlers(
  conversations: ConversationService,
  openExternal: HandlerPlatform['openExternal'],
  openPath?: HandlerPlatform['openPath'],
  /** absent: this host cannot ask the person, so the key goes nowhere new */
  allowFileOrigin: (input: { messageId: string }) => Promise<FileOriginAllowed> = noFileOrigins,
): DomainHandlers<'conversations'> {
  return {
    'conversations:get': (p) => conversations.thread(p),
    'conversations:media': (p) => conversations.mediaPreview(p),
    'conversations:open-media': async (p) => {
      // a file kept in the data folder opens with the OS's app; one the service only links, in the browser
      const stored = await conversations.storedFile(p);
      if (stored !== null) await (openPath ?? noOpenPath)(stored);
      else await openExternal(await conversations.mediaAddress(p));
      return null;
    },
    'conversations:retry-media': async (p) => {
      await conversations.retryDownload(p);
      return null;
    },
    // main reads the origin from the download's own record and asks the person itself
    'conversations:allow-file-origin': (p) => allowFileOrigin(p),
  };
}

async function noFileOrigins(): Promise<FileOriginAllowed> {
  throw new CrmError(
    'validation',
    'Nobody can be asked here whether the key may go to another origin for files: use crm profiles api file-origins --add ORIGIN',
  );
}

async function noOpenPath(): Promise<void> {
  throw new CrmError('validation', 'This window cannot open files with the OS: the file is kept in the data folder, under media/');
}

export function createTemplateHandlers(templates: HandlerCore['templates']): DomainHandlers<'templates'> {
  return {
    'templates:list': () => templates.list({}),
  };
}

export function createWebhookHandlers(
  profiles: Pick<HandlerCore['profiles'], 'active'>,
  secrets: WebhookSecrets,
  listener: WebhookListener,
  events: Pick<ConversationService, 'eventsArrived'>,
): DomainHandlers<'webhooks'> {
  const info = async (profileId: string): Promise<WebhookInfo> => {
    const state = await secrets.stateOf(profileId);
    const throughTunnel = listener.throughTunnel?.(profileId) ?? false;
    const eventsArrived = await events.eventsArrived(profileId);
    return {
      url: listener.urlFor(profileId),
      problem: listener.problem(),
      ...state,
      throughTunnel,
      warning: unsignedWebhookWarning(state.signed, throughTunnel),
      eventsArrived,
    };
  };
  return {
    'webhooks:info': async () => info(await activeProfileId(profiles)),
    'webhooks:set-secrets': async (p) => {
      const id = await activeProfileId(profiles);
      await secrets.set(id, p);
      return info(id);
    },
  };
}
