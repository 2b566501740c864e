import { create } from 'zustand';
import type { ErrorInfo, NetStatus, OutboxItem } from '../../lib/api';
import { invoke } from '../../lib/api';
import { guardLiveAct } from '../profiles/live-confirm';

interface OutboxStore {
  items: OutboxItem[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: ErrorInfo | null;
  net: NetStatus | null;
  syncing: boolean;
  /** the last failed action by item id (cancel/retry), or '' for Sync now */
  actionErrors: Record<string, ErrorInfo>;
  load: () => Promise<void>;
  setItems: (items: OutboxItem[]) => void;
  setNet: (net: NetStatus) => void;
  cancel: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
  sync: () => Promise<void>;
}

export const useOutboxStore = create<OutboxStore>()((set, get) => {
  const replaceItem = (item: OutboxItem) => set((s) => ({ items: s.items.map((i) => (i.id === item.id ? item : i)) }));
  const setActionError = (id: string, error: ErrorInfo | null) =>
    set((s) => {
      const next = { ...s.actionErrors };
      if (error) next[id] = error;
      else delete next[id];
      return { actionErrors: next };
    });

  return {
    items: [],
    status: 'idle',
    error: null,
    net: null,
    syncing: false,
    actionErrors: {},
    load: async () => {
      set({ status: get().status === 'ready' ? 'ready' : 'loading' });
      const r = await invoke('outbox:list', {});
      if (r.ok) set({ items: r.value, status: 'ready', error: null });
      else set({ status: 'error', error: r.error });
    },
    setItems: (items) => set({ items, status: 'ready', error: null }),
    setNet: (net) => set({ net }),
    cancel: async (id) => {
      const r = await invoke('outbox:cancel', { id });
      if (r.ok) replaceItem(r.value);
      setActionError(id, r.ok ? null : r.error);
    },
    retry: async (id) => {
      const item = get().items.find((i) => i.id === id);
      const go = item ? guardLiveAct('retry', item.profileId, item.label) : true;
      if (go !== true && !(await go)) return;
      const r = await invoke('outbox:retry', { id });
      if (r.ok) replaceItem(r.value);
      setActionError(id, r.ok ? null : r.error);
    },
    sync: async () => {
      set({ syncing: true });
      const r = await invoke('outbox:sync', {});
      set({ syncing: false });
      setActionError('', r.ok ? null : r.error);
      if (r.ok) await get().load();
    },
  };
});

type S = OutboxStore;
export const selectOutboxItems = (s: S): OutboxItem[] => s.items;
/** operations still to go out (waiting or being sent) */
export const selectWaitingCount = (s: S): number => s.items.filter((i) => i.state === 'pending' || i.state === 'sending').length;
export const selectNet = (s: S): NetStatus | null => s.net;

/** The outbox item carrying a key's server revocation, as named by the key's sync state. */
export function findRevocationItem(items: OutboxItem[], outboxId: string | undefined): OutboxItem | null {
  if (!outboxId) return null;
  return items.find((i) => i.id === outboxId && i.kind === 'keys.revoke') ?? null;
}

export const PENDING_REASON: Record<NonNullable<OutboxItem['pendingReason']>, string> = {
  offline: 'waiting for the connection to return',
  server_error: 'the server failed; it will be retried',
  rate_limited: 'rate limited; it will be retried after the wait',
  needs_admin_key: 'needs a key with the keys:manage permission',
  // not "queued": that is the service's own status of a message it accepted
  queued: 'waiting its turn',
  held: 'held: the profile changed since it was queued',
  scheduled: 'scheduled: a rolled key retires when its grace ends',
  still_accepted: 'the revoked key is still accepted; checking again',
};
