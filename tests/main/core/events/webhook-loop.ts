// The app's side of a webhook loop test: a test core and the local webhook receiver feeding its
// conversations (signature secret and verify token as saved in the core, none when unset),
// opened per test and closed after each, with the sandboxes. Call at a test file's top level.
import { afterEach } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';
import { servicePostsForms } from '../../../../src-main/core/events/webhooks/webhook-dialect';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import { openTestCore, type TestCore } from '../../helpers/core';
import { closeSandboxes } from '../../helpers/sandbox';

export interface WebhookLoop {
  openCore(name: string): Promise<Core>;
  listen(core: Core, profileId: string, options?: { log?: (line: string) => void }): Promise<WebhookReceiver>;
}

export function webhookLoop(): WebhookLoop {
  let opened: TestCore | null = null;
  let receiver: WebhookReceiver | null = null;
  afterEach(async () => {
    await receiver?.close();
    receiver = null;
    await opened?.cleanup();
    opened = null;
    await closeSandboxes();
  });
  return {
    openCore: async (name) => {
      opened = await openTestCore(name);
      return opened.core;
    },
    listen: async (core, profileId, options = {}) => {
      receiver = await startWebhookReceiver(
        {
          exists: async (id) => id === profileId,
          secretOf: (id) => core.webhookSecrets.secretOf(id),
          verifyTokenOf: (id) => core.webhookSecrets.verifyTokenOf(id),
          receive: (id, payload) => core.conversations.receive(id, payload),
          postsForms: async (id) => servicePostsForms((await core.profiles.get(id)).api),
        },
        { port: 0, ...options },
      );
      return receiver;
    },
  };
}
