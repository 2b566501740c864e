// One sentence per state of a message in the outbox, the same in the send panel and on the
// Outbox screen (the Messages view says "from the outbox" through shared/message-words.ts).
// "queued" is the service's own status of a message it accepted: the outbox never says it.
import type { OutboxState } from '../../lib/api';

export const OUTBOX_STATE_WORDS: Readonly<Record<OutboxState, string>> = {
  pending: 'In the outbox',
  sending: 'Sending from the outbox',
  failed: 'Not sent from the outbox',
  sent: 'Sent from the outbox',
  cancelled: 'Cancelled in the outbox',
};

/** what happens next to a message in the outbox, said once */
export const IN_OUTBOX_NEXT = 'it will be sent when the connection returns.';

/**
 * main's reason for handing a send to the outbox ends by saying the message is in the outbox;
 * the panel says that itself, so only the cause is kept.
 */
export function outboxCause(reason: string): string {
  return reason.replace(/\s*The message is in the outbox\b[^]*$/, '').trim();
}
