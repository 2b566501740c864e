// crm settings read-receipts, and what `crm conversation --mark-read` prints of the receipt:
// whether opening a conversation tells the service it was read (WhatsApp's blue ticks), where
// the profile describes a Mark as Read operation.
import type { ReceiptOutcome } from '../../core/conversations/read-receipts';
import { clean } from '../format';
import { onOffSettingCommand } from './on-off-setting';

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

export const readReceiptsCommand = onOffSettingCommand({
  name: 'read-receipts',
  summary: 'show or switch whether opening a conversation tells the service it was read (where it has read receipts)',
  notes: [
    'On unless switched off. The window and every `crm` command on the data folder share it. A service has read receipts when ' +
      'its profile describes Mark as Read (crm profiles import-curl --operation read).',
  ],
  label: 'Read receipts',
  read: (core) => core.inbox.readReceipts(),
  write: (core, on) => core.inbox.setReadReceipts({ on }),
});
