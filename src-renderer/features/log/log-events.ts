import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { useLogStore } from './log-store';

/** Each request as main logs it (this process's and, through the database, the others'). */
export function wireLogEvents(): Unsubscribe {
  return onEvent('log:entry', (entry) => useLogStore.getState().add(entry));
}
