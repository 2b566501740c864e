// The delivery state a history line shows: the later of what the listing says (the service's
// word, or the record's state at send time) and what the service's events said since (the
// conversation's state), so `crm messages` never shows "sent" where the conversation shows Read.
// A word that is no delivery state is kept as the service wrote it unless an event said more. Pure.
import type { HistoryMessage, MessageHistoryPage } from '../../shared/message-history';
import { deliveryStateOf, laterState, type DeliveryState } from '../events/status-words';

function statusOf(item: HistoryMessage, known: DeliveryState | undefined): string {
  if (known === undefined) return item.status;
  return laterState(deliveryStateOf(item.status), known);
}

export function withDeliveryStates(page: MessageHistoryPage, known: ReadonlyMap<string, DeliveryState>): MessageHistoryPage {
  if (known.size === 0) return page;
  return { ...page, items: page.items.map((item) => (item.id === null ? item : { ...item, status: statusOf(item, known.get(item.id)) })) };
}
