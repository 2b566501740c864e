import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { useLeakStore } from './leak-store';

/** main's keys:leak events into the leak notices; those main kept from before are asked once */
export function wireLeakEvents(): Unsubscribe {
  const off = onEvent('keys:leak', (leak) => useLeakStore.getState().add(leak));
  // asked after subscribing, so a leak in between is not missed
  void useLeakStore.getState().load();
  return off;
}
