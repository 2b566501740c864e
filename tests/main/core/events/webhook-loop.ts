// The app's side of a webhook loop test: a test core and the local webhook receiver feeding its
// conversations (signature secret and verify token as saved in the core, none when unset),
// opened per test and closed after each, with the sandboxes. Call at a test file's top level.
import { afterEach } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';
import { servicePostsForms } from '../../../../src-main/core/events/webhooks/webhook-dialect';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import type { RunningSandbox, SandboxDialect, SandboxEventOptions } from '../../../../src-main/sandbox/types';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { teachPlayground } from '../../helpers/playground';
import { closeOpened } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';

export interface WebhookLoop {
  openCore(name: string): Promise<Core>;
  listen(core: Core, profileId: string, options?: { log?: (line: string) => void }): Promise<WebhookReceiver>;
  /**
   * a core named `shop.name` with the profile "Shop" on the sandbox (taught its playground unless
   * the dialect is docs/API.md's), its webhook secret saved, and the listener the sandbox posts to
   */
  connectShop(sandbox: RunningSandbox, shop: LoopShop): Promise<{ core: Core; profileId: string }>;
}

export interface LoopShop {
  name: string;
  dialect: SandboxDialect;
  /** the secret both sides share; null: the service signs nothing */
  secret: string | null;
  log?: (line: string) => void;
}

/** a sandbox of 5 contacts whose statuses come within 150 ms, its contacts answering as `events` says */
export function openAnsweringSandbox(dialect: SandboxDialect, events: Partial<SandboxEventOptions>): Promise<RunningSandbox> {
  return openSandbox({ contacts: 5, dialect, events: { statusDelaysMs: [50, 100, 150], ...events } });
}

export function webhookLoop(): WebhookLoop {
  let opened: TestCore | null = null;
  let receiver: WebhookReceiver | null = null;
  afterEach(async () => {
    await closeOpened(receiver, opened);
    [receiver, opened] = [null, null];
  });
  const loop: WebhookLoop = {
    openCore: async (name) => {
      opened = await openTestCore(name);
      return opened.core;
    },
    connectShop: async (sandbox, shop) => {
      const core = await loop.openCore(shop.name);
      const key = { name: 'ops', value: sandbox.adminKey };
      const { profileId } = await addProfileWithKey(core, { name: 'Shop', baseUrl: sandbox.baseUrl }, key);
      if (shop.dialect !== 'default') await teachPlayground(core, profileId, shop.dialect, sandbox.baseUrl);
      if (shop.secret !== null) await core.webhookSecrets.set(profileId, { secret: shop.secret });
      const receiver = await loop.listen(core, profileId, shop.log ? { log: shop.log } : {});
      sandbox.configureEvents({ webhookUrl: receiver.urlFor(profileId), webhookSecret: shop.secret, webhookRetryDelaysMs: [50, 100, 200] });
      return { core, profileId };
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
  return loop;
}
