// Main -> renderer events that come from the core rather than from a handler: the request log,
// the outbox, revocation sync states, and the online status derived from them. Wired once by
// the Electron composition root and by the e2e harness, so both push the same events.
// keys:changed for a server revocation comes from one place: the key service, told by the
// outbox once per change (the window lists the keys again on it, not on outbox:changed).
import type { KeySyncChange } from '../core/keys/key-manager';
import type { OutboxItem, RequestLogEntry } from '../core/model';
import type { EventChannel, EventMap } from './contract';
import { createNetStatus } from './net-status';

export interface EventSources {
  requestLog: { subscribe(listener: (entry: RequestLogEntry) => void): () => void };
  outbox?: { subscribe(listener: (items: OutboxItem[]) => void): () => void } | undefined;
  keys: { onSyncChange(listener: (change: KeySyncChange) => void): () => void };
}

export function wireCoreEvents(core: EventSources, emit: <E extends EventChannel>(event: E, data: EventMap[E]) => void): () => void {
  const net = createNetStatus((status) => emit('net:status', status));
  const offs = [
    core.requestLog.subscribe((entry) => {
      emit('log:entry', entry);
      net.onRequest(entry);
    }),
    core.outbox?.subscribe((items) => {
      emit('outbox:changed', { items });
      net.onOutbox(items);
    }),
    core.keys.onSyncChange((change) => emit('keys:changed', { profileId: change.profileId })),
  ];
  return () => {
    for (const off of offs) off?.();
  };
}
