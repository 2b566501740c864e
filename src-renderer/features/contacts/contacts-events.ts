import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { useContactsStore } from './contacts-store';

/** Back online: what failed for want of a connection is asked again, without a click. */
export function wireContactsEvents(): Unsubscribe {
  let online: boolean | null = null;
  return onEvent('net:status', (net) => {
    const wasOffline = online === false;
    online = net.online;
    if (wasOffline && net.online) useContactsStore.getState().retryFailed();
  });
}
