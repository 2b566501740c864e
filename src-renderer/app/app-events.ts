import { onEvent } from '../lib/api';
import type { Unsubscribe } from '../lib/contract';
import { combineUnsubscribes } from '../lib/unsubscribes';
import { useAppStore } from './app-store';
import { useUpdateStore } from './update-store';

/** Main's own notices and the update's progress, for the window's frame. */
export function wireShellEvents(): Unsubscribe {
  const off = combineUnsubscribes([
    onEvent('app:notice', (n) => useAppStore.getState().pushNotice(n.level, n.message)),
    onEvent('app:update', (u) => useUpdateStore.getState().apply(u)),
  ]);
  // asked after subscribing, so a change in between is not missed (load keeps a newer event)
  void useUpdateStore.getState().load();
  return off;
}
