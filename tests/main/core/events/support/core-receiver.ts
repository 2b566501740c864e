// The webhook listener of a test core on a free port, handing posts to the core's conversations
// the way the receiver's own tests need it: the test says which profiles exist, whether Meta's
// handshake has a token and whether the service posts forms; secrets and storage are the core's.
import type { Core } from '../../../../../src-main/core/create-core';
import {
  startWebhookReceiver,
  type WebhookReceiver,
  type WebhookTarget,
} from '../../../../../src-main/core/events/webhooks/webhook-receiver';
import type { TestCore } from '../../../helpers/core';
import { closeSandboxes } from '../../../helpers/sandbox';

export interface ReceiverChoices {
  exists: WebhookTarget['exists'];
  verifyTokenOf: WebhookTarget['verifyTokenOf'];
  postsForms: () => boolean;
  log: (line: string) => void;
}

export function startCoreReceiver(core: Core, choices: ReceiverChoices): Promise<WebhookReceiver> {
  return startWebhookReceiver(
    {
      exists: choices.exists,
      secretOf: (id) => core.webhookSecrets.secretOf(id),
      verifyTokenOf: choices.verifyTokenOf,
      receive: (id, payload) => core.conversations.receive(id, payload),
      postsForms: async () => choices.postsForms(),
    },
    { port: 0, log: choices.log },
  );
}

/** the listener closed, the profile's webhook secret forgotten in the keychain, the core and the sandboxes closed */
export async function closeCoreReceiver(receiver: WebhookReceiver | undefined, t: TestCore | undefined, profileId: string): Promise<void> {
  await receiver?.close();
  await t?.core.webhookSecrets.forget(profileId);
  await t?.cleanup();
  await closeSandboxes();
}
