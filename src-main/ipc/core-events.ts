// Main -> renderer events, all from the services that own the state: the request log (this
// process's requests and, through the database, those of `crm` commands), the outbox, the saved
// keys, the profiles, the record of sent messages, and the online status derived from them. Wired once by the runtime builder, so every host pushes the same events.
// keys:changed comes from one place: the key service (told by the outbox of revocations), and
// from a profile moving to another address (which of its keys may be used there changed).
import type { KeyChange } from '../core/keys/key-manager';
import type { ProfileChange } from '../core/profiles/profile-manager';
import type { OutboxItem, RequestLogEntry } from '../core/model';
import type { HistoryChange } from '../core/services';
import type { EventChannel, EventMap } from './contract';
import { createNetStatus } from './net-status';

export interface EventSources {
  /** `own`: false for a request another process on the data folder made (a `crm` command) */
  requestLog: { subscribe(listener: (entry: RequestLogEntry, own?: boolean) => void): () => void };
  outbox?: { subscribe(listener: (items: OutboxItem[]) => void): () => void } | undefined;
  keys: { onChange(listener: (change: KeyChange) => void): () => void };
  profiles: { onChange(listener: (change: ProfileChange) => void): () => void };
  /** absent in a host without a message history */
  history?: { onChange(listener: (change: HistoryChange) => void): () => void } | undefined;
  /** absent in a host without conversations */
  conversations?: { onChange(listener: (change: { profileId: string | null; number: string | null }) => void): () => void } | undefined;
}

export function wireCoreEvents(core: EventSources, emit: <E extends EventChannel>(event: E, data: EventMap[E]) => void): () => void {
  const net = createNetStatus((status) => emit('net:status', status));
  const offs = [
    core.requestLog.subscribe((entry, own) => {
      emit('log:entry', entry);
      // online/offline is what THIS process reaches; another's request may go elsewhere
      if (own !== false) net.onRequest(entry);
    }),
    core.outbox?.subscribe((items) => {
      emit('outbox:changed', { items });
      net.onOutbox(items);
    }),
    core.keys.onChange((change) => emit('keys:changed', { profileId: change.profileId })),
    core.profiles.onChange((change) => {
      emit('profiles:changed', change.state);
      if (change.moved !== null) emit('keys:changed', { profileId: change.moved });
    }),
    core.history?.onChange((change) => emit('messages:changed', { profileId: change.profileId })),
    core.conversations?.onChange((change) => emit('conversation:changed', change)),
  ];
  return () => {
    for (const off of offs) off?.();
  };
}
