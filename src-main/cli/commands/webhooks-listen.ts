// crm webhooks listen: the window's webhook listener without the window. Same address (127.0.0.1,
// the default port or CRM_WEBHOOK_PORT), same signature checks, same database: what it takes
// shows in `crm conversation`, `crm inbox` and an open window. One line per delivery on stdout;
// Ctrl+C (or SIGTERM) closes the listener and ends with status 0.
import { defineCommand } from '../command';
import { UsageError } from '../args';
import { CrmError } from '../../core/errors';
import { DEFAULT_WEBHOOK_PORT, webhookPortOf } from '../../core/events/webhooks/webhook-port';
import { startWebhookReceiver, type WebhookReceiver } from '../../core/events/webhooks/webhook-receiver';
import { webhookTargetOf } from '../../core/events/webhooks/webhook-target';
import type { KeptDelivery } from '../../core/store/tables/webhook-deliveries-table';
import { clean } from '../format';
import { followUntilStopped } from '../follow';
import { deliveryJson, deliveryLine } from '../delivery-lines';
import { linesPerTurn } from '../lines-per-turn';
import { profileOption } from './shared';
import { profileNamesOf } from './webhooks-log';

/** the person's words for a port another process holds */
export function portTakenMessage(port: number): string {
  return [
    `Port ${port} is already taken: an open CRM Console window (or another \`crm webhooks listen\`) is listening there`,
    'and receives the webhooks itself. Close it first, or set CRM_WEBHOOK_PORT to another port (and point the service there).',
  ].join(' ');
}

export const listenCommand = defineCommand({
  name: 'webhooks listen',
  summary: 'receive webhooks without the window: the same address, signature checks and database; one line per delivery until Ctrl+C',
  usage: ['webhooks listen [--profile NAME] [--json]'],
  options: { profile: { ...profileOption, help: "print only this profile's deliveries (every profile's address is listened on)" } },
  notes: [
    `Listens on 127.0.0.1 port ${DEFAULT_WEBHOOK_PORT} (or CRM_WEBHOOK_PORT; 0 takes a free port, said on stderr).`,
    'Only one process can listen there: while the window is open, it receives the webhooks.',
    'Each delivery is also kept for the inspector: `crm webhooks log` lists them, `crm webhooks replay ID` hands one to the app again.',
  ],
  async run(ctx, { values }) {
    const port = webhookPortOf(ctx.io.env);
    if (port === null) throw new UsageError('CRM_WEBHOOK_PORT is off: unset it (or give a port) to listen');
    const session = await ctx.session({ profileRef: values.profile });
    const only = values.profile === undefined ? null : (await session.profile()).id;
    const names = await profileNamesOf(session.core);
    const printLine = linesPerTurn(ctx.io.stdout);
    const print = (delivery: KeptDelivery): void => {
      if (only !== null && delivery.profileId !== only) return;
      printLine(ctx.json ? deliveryJson(delivery) : deliveryLine(delivery, names.get(delivery.profileId) ?? delivery.profileId, false));
    };
    let receiver: WebhookReceiver;
    try {
      receiver = await startWebhookReceiver(webhookTargetOf(session.core, print), { port, log: (message) => ctx.note(message) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new CrmError('conflict', portTakenMessage(port));
      throw new CrmError('network', `The webhook listener could not start on port ${port} (${code ?? 'unknown error'}).`);
    }
    const shown = only === null ? [...names.keys()] : [only];
    for (const id of shown) ctx.note(`Listening for "${clean(names.get(id) ?? id)}" at ${receiver.urlFor(id)}`);
    ctx.note('Each delivery is printed as it arrives; Ctrl+C stops.');
    await followUntilStopped(() => ({ dispose: () => undefined }));
    await receiver.close();
    ctx.note('Stopped listening.');
    return { data: null, text: '', printed: true };
  },
});
