// crm settings read-receipts, and what `crm conversation --mark-read` prints of the receipt:
// whether opening a conversation tells the service it was read (WhatsApp's blue ticks), where
// the profile describes a Mark as Read operation.
import type { ReceiptOutcome } from '../../core/conversations/read-receipts';
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { clean } from '../format';

/** one line saying what marking the conversation read told the service */
export function receiptLine(receipt: ReceiptOutcome): string {
  switch (receipt.kind) {
    case 'sent':
      return `Marked read; the service was told (read receipt for ${clean(receipt.messageId)}).`;
    case 'absent':
      return 'Marked read; this service has no read receipts (teach one with crm profiles import-curl --operation read).';
    case 'off':
      return 'Marked read; read receipts are off (crm settings read-receipts on).';
    case 'unchanged':
      return 'Marked read; nothing new to tell the service (no message from the contact since the last read receipt).';
    case 'failed':
      return `Marked read; the service was not told (${clean(receipt.reason)}); the next open tries once more.`;
  }
}

export const readReceiptsCommand = defineCommand({
  name: 'settings read-receipts',
  summary: 'show or switch whether opening a conversation tells the service it was read (where it has read receipts)',
  usage: ['settings read-receipts [on|off] [--json]'],
  options: {},
  positionals: { min: 0, max: 1 },
  notes: [
    'On unless switched off. The window and every `crm` command on the data folder share it. A service has read receipts when ' +
      'its profile describes Mark as Read (crm profiles import-curl --operation read).',
  ],
  async run(ctx, { positionals }) {
    const given = positionals[0];
    if (given !== undefined && given !== 'on' && given !== 'off') throw new UsageError('say on or off');
    const session = await ctx.session();
    const state = given === undefined ? session.core.inbox.readReceipts() : session.core.inbox.setReadReceipts({ on: given === 'on' });
    return { data: state, text: `Read receipts: ${state.on ? 'on' : 'off'}.` };
  },
});
