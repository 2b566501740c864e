// What the app made of a delivery: the events it held (a reply from a number, a state of a
// message), read with the same finder the conversations use. Pure; the words for them are in
// shared/webhook-deliveries.ts, which the window reads too.
import type { DeliveryEffect } from '../../../shared/webhook-deliveries';
import { findMessageEvents } from '../event-finder';

export function effectsOf(payload: unknown): DeliveryEffect[] {
  return findMessageEvents(payload).map((event) =>
    event.kind === 'received'
      ? { kind: 'reply', number: event.number, messageId: event.messageId }
      : { kind: 'state', messageId: event.messageId, state: event.state, reason: event.reason },
  );
}
