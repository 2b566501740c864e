// The one way a listener of this data folder hands its webhooks to the app: the window's and
// `crm webhooks listen` build the same target, so both check the same secrets, store into the
// same conversations and keep the same inspector record.
import type { Core } from '../../create-core';
import { servicePostsForms } from './webhook-dialect';
import type { WebhookTarget } from './webhook-receiver';
import type { KeptDelivery } from '../../store/tables/webhook-deliveries-table';
import { oncePerTurn } from './once-per-turn';

/** `kept`: told of each delivery once the inspector holds it (the listen command's line) */
export function webhookTargetOf(core: Core, kept?: (delivery: KeptDelivery) => void): WebhookTarget {
  const profiles = oncePerTurn(async () => (await core.profiles.list()).profiles);
  return {
    exists: async (profileId) => (await profiles()).some((p) => p.id === profileId),
    secretOf: (profileId) => core.webhookSecrets.listenerSecretOf(profileId),
    verifyTokenOf: (profileId) => core.webhookSecrets.listenerVerifyTokenOf(profileId),
    receive: (profileId, payload) => core.conversations.receive(profileId, payload),
    postsForms: async (profileId) => {
      const profile = (await profiles()).find((p) => p.id === profileId);
      return profile !== undefined && servicePostsForms(profile.api);
    },
    record: async (delivery) => {
      const stored = await core.webhookInspector.record(delivery);
      kept?.(stored);
    },
    take: async (delivery) => {
      const taken = await core.webhookInspector.take(delivery);
      // the row comes after the answer (webhook-inspector.ts take), and so does its line
      void taken.kept.then((row) => {
        if (row !== null) kept?.(row);
      });
      return taken.outcome;
    },
  };
}
