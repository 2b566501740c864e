import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { combineUnsubscribes } from '../../lib/unsubscribes';
import { useOutboxStore } from './outbox-store';

/** The outbox's items, and whether this process reaches its services (shown beside them). */
export function wireOutboxEvents(): Unsubscribe {
  return combineUnsubscribes([
    onEvent('outbox:changed', (e) => useOutboxStore.getState().setItems(e.items)),
    onEvent('net:status', (net) => useOutboxStore.getState().setNet(net)),
  ]);
}
