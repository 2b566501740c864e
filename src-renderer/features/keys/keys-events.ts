import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { combineUnsubscribes } from '../../lib/unsubscribes';
import { useKeysStore } from './keys-store';

/**
 * Main sends keys:changed once per change of a key, each step of a server revocation included,
 * so the outbox's own changes never list the keys again.
 */
export function wireKeysEvents(): Unsubscribe {
  return combineUnsubscribes([
    onEvent('keys:changed', (e) => {
      const keys = useKeysStore.getState();
      if (e.profileId !== null && e.profileId !== keys.profileId) return;
      void keys.reload();
      // a server revocation may have just completed: the server's list changed too
      if (keys.server.status === 'ready') void keys.loadServerKeys();
    }),
    // the Roll dialog shows which step the roll it started is at
    onEvent('keys:roll-progress', (e) => useKeysStore.getState().rollProgress(e)),
  ]);
}
