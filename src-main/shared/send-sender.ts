// Who made a send, as the conversation and `crm conversation` label it. A send is recorded by the
// process that made it, so the window and `crm` tell themselves apart; the outbox sends later,
// on its own, and a replay re-sends what was sent before. Pure: the window type-checks it too.
import type { MessageOrigin } from './message-history';

export type SendSender = 'window' | 'crm' | 'outbox' | 'replay';

export const SEND_SENDERS: readonly SendSender[] = ['window', 'crm', 'outbox', 'replay'];

/** the sender of a send this process recorded: the outbox's own sends are the outbox's, whoever runs it */
export function senderOf(origin: MessageOrigin, process: 'window' | 'crm'): SendSender {
  return origin === 'outbox' ? 'outbox' : process;
}

const LABELS: Record<SendSender, string> = {
  window: 'Sent from the window',
  crm: 'Sent by crm',
  outbox: 'Sent by the outbox',
  replay: 'Sent by a replay',
};

/** null: a send recorded before senders were kept */
export function senderLabel(sender: SendSender | null | undefined): string {
  return sender ? LABELS[sender] : 'Sent by this app';
}
