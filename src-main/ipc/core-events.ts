// Main -> renderer events, all from the services that own the state: the request log (this
// process's requests and, through the database, those of `crm` commands), the outbox, the saved
// keys, the profiles, the record of sent messages, and the online status derived from them.
// Wired once by the runtime builder, so every host pushes the same events.
// keys:changed comes from one place: the key service (told by the outbox of revocations), and
// from a profile moving to another address (which of its keys may be used there changed).
import type { KeyChange } from '../core/keys/key-manager';
import type { ProfileChange } from '../core/profiles/profile-manager';
import { combinedDisposable, type Disposable, type Event } from '../core/emitter';
import type { OutboxItem } from '../core/model';
import type { HistoryChange, LoggedRequest } from '../core/services';
import type { EventChannel, EventMap } from './contract';
import type { KeyLeak } from '../shared/key-leak';
import { createNetStatus } from './net-status';

export interface EventSources {
  /** `own`: false for a request another process on the data folder made (a `crm` command) */
  requestLog: { onDidAppend: Event<LoggedRequest> };
  outbox?: { onDidChange: Event<OutboxItem[]> } | undefined;
  keys: { onDidChange: Event<KeyChange> };
  /** saved keys seen where they must not be (keys:leak); absent in a host without them */
  leaks?: { onDidLeak: Event<KeyLeak> } | undefined;
  profiles: { onDidChange: Event<ProfileChange> };
  /** absent in a host without a message history */
  history?: { onDidChange: Event<HistoryChange> } | undefined;
  /** absent in a host without conversations */
  conversations?: { onDidChange: Event<{ profileId: string | null; number: string | null }> } | undefined;
  /** absent in a host without template states */
  templateLifecycle?: { onDidChange: Event<{ profileId: string | null }> } | undefined;
  /** absent in a host without the webhook inspector */
  webhookInspector?: { onDidChange: Event<{ profileId: string | null }> } | undefined;
}

export function wireCoreEvents(core: EventSources, emit: <E extends EventChannel>(event: E, data: EventMap[E]) => void): Disposable {
  const net = createNetStatus((status) => emit('net:status', status));
  return combinedDisposable([
    core.requestLog.onDidAppend(({ entry, own }) => {
      emit('log:entry', entry);
      // online/offline is what THIS process reaches; another's request may go elsewhere
      if (own !== false) net.onRequest(entry);
    }),
    core.outbox?.onDidChange((items) => {
      emit('outbox:changed', { items });
      net.onOutbox(items);
    }),
    core.keys.onDidChange((change) => emit('keys:changed', { profileId: change.profileId })),
    core.leaks?.onDidLeak((leak) => emit('keys:leak', leak)),
    core.profiles.onDidChange((change) => {
      emit('profiles:changed', change.state);
      if (change.moved !== null) emit('keys:changed', { profileId: change.moved });
    }),
    core.history?.onDidChange((change) => emit('messages:changed', { profileId: change.profileId })),
    core.conversations?.onDidChange((change) => emit('conversation:changed', change)),
    core.templateLifecycle?.onDidChange((change) => emit('template-lifecycle:changed', change)),
    core.webhookInspector?.onDidChange((change) => emit('inspector:changed', change)),
  ]);
}
