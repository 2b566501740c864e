// inspector:*: the webhook inspector of the active profile, as one-line adapters over the core's
// WebhookInspector and this window's listener. A cURL with its signature goes to the clipboard
// as a secret does (cleared later) and never to the window.
import type { WebhookInspector } from '../core/events/webhooks/webhook-inspector';
import type { WebhookSecrets } from '../core/events/webhooks/webhook-secrets';
import { fireTestEvent } from '../core/events/webhooks/fire-test-event';
import { TEST_EVENT_BUILDERS } from '../core/events/webhooks/test-events';
import { CrmError } from '../core/errors';
import type { DomainHandlers, HandlerCore, WebhookListener } from './handler-types';
import type { ClipboardGuard } from './clipboard-guard';
import { activeProfileId } from './active-profile';

/** the contact a window-fired test event is from (or to): a reserved fictional number */
const TEST_NUMBER = '15555550100';

function listenerUrl(listener: WebhookListener, profileId: string): string {
  const url = listener.urlFor(profileId);
  if (url === null) throw new CrmError('validation', listener.problem() ?? 'No webhook listener runs in this window.');
  return url;
}

export function createInspectorHandlers(
  core: Pick<HandlerCore, 'profiles'> & { webhookInspector: WebhookInspector; webhookSecrets: WebhookSecrets },
  listener: WebhookListener,
  clipboard: ClipboardGuard,
): DomainHandlers<'inspector'> {
  const inspector = core.webhookInspector;
  return {
    'inspector:list': async (p) => {
      const profileId = await activeProfileId(core.profiles);
      const after = p.afterSeq === undefined ? {} : { afterSeq: p.afterSeq };
      const deliveries = inspector.list({ profileId, limit: p.limit ?? 200, ...after });
      return { profileId, deliveries, dialects: Object.keys(TEST_EVENT_BUILDERS), url: listener.urlFor(profileId) };
    },
    'inspector:replay': ({ id }) => inspector.replay(id),
    'inspector:fire': async ({ kind, dialect }) => {
      const profileId = await activeProfileId(core.profiles);
      const secret = await core.webhookSecrets.secretOf(profileId);
      const fired = await fireTestEvent({ kind, dialect, number: TEST_NUMBER, at: new Date() }, listenerUrl(listener, profileId), secret);
      return { status: fired.status };
    },
    'inspector:copy-curl': async ({ id, withSignature }) => {
      const profileId = inspector.get(id).profileId;
      const secret = withSignature ? await core.webhookSecrets.secretOf(profileId) : null;
      const curl = inspector.curlOf(id, listenerUrl(listener, profileId), secret);
      if (secret === null) {
        await clipboard.copy(curl);
        return { clearsAfterMs: null };
      }
      return { clearsAfterMs: await clipboard.copySensitive(curl) };
    },
  };
}
