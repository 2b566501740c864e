import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { useSendStore } from './send-store';

/** An upload's progress, for the panel that started it. */
export function wireSendEvents(): Unsubscribe {
  return onEvent('send:progress', (e) => useSendStore.getState().onProgress(e));
}
