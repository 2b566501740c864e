// The webhook inspector of the active profile as Profiles -> Edit -> Events shows it: the kept
// deliveries (any listener of this data folder wrote them), refreshed while the list is open by
// asking only for those newer than the newest held, the one selected, and the three actions.
// A listener under a stream of posts tells of thousands a second: refreshes asked for while one is
// under way become one more after it, not one each.
import { create } from 'zustand';
import type { ErrorInfo } from '../../lib/api';
import type { DeliveryList, KeptDelivery, TestEventKind } from '../../../src-main/shared/webhook-deliveries';
import { invoke } from '../../lib/api';

/** how many deliveries the list holds at most (the newest) */
const HELD = 200;

interface DeliveriesState {
  profileId: string | null;
  deliveries: KeptDelivery[];
  dialects: string[];
  url: string | null;
  selectedId: string | null;
  error: ErrorInfo | null;
  /** the last action's outcome, for the status line */
  note: string | null;
  load: () => Promise<void>;
  /** adds the deliveries kept since the newest held */
  refresh: () => Promise<void>;
  select: (id: string) => void;
  replay: (id: string) => Promise<void>;
  fire: (kind: TestEventKind, dialect: string) => Promise<void>;
  copyCurl: (id: string, withSignature: boolean) => Promise<void>;
}

function merged(newer: readonly KeptDelivery[], held: readonly KeptDelivery[]): KeptDelivery[] {
  const seen = new Set(held.map((d) => d.id));
  return [...newer.filter((d) => !seen.has(d.id)), ...held].slice(0, HELD);
}

export const useDeliveriesStore = create<DeliveriesState>()((set, get) => {
  const apply = (list: DeliveryList, fresh: boolean): void =>
    set((s) => {
      const deliveries = fresh || s.profileId !== list.profileId ? list.deliveries : merged(list.deliveries, s.deliveries);
      const selectedId = s.selectedId ?? deliveries[0]?.id ?? null;
      return { profileId: list.profileId, deliveries, dialects: list.dialects, url: list.url, error: null, selectedId };
    });
  /** the refresh under way, and whether another was asked for meanwhile */
  let running: Promise<void> | null = null;
  let again = false;
  const refreshOnce = async (): Promise<void> => {
    const newest = get().deliveries[0]?.seq;
    const r = await invoke('inspector:list', newest === undefined ? { limit: HELD } : { afterSeq: newest, limit: HELD });
    if (r.ok) apply(r.value, false);
  };
  return {
    profileId: null,
    deliveries: [],
    dialects: [],
    url: null,
    selectedId: null,
    error: null,
    note: null,

    async load() {
      const r = await invoke('inspector:list', { limit: HELD });
      if (r.ok) apply(r.value, true);
      else set({ error: r.error });
    },

    async refresh() {
      if (running !== null) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await refreshOnce();
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },

    select: (id) => set({ selectedId: id }),

    async replay(id) {
      const r = await invoke('inspector:replay', { id });
      if (!r.ok) return set({ error: r.error, note: null });
      const note = 'Replayed: the copy is listed, marked as a replay.';
      set((s) => ({ deliveries: merged([r.value], s.deliveries), selectedId: r.value.id, error: null, note }));
    },

    async fire(kind, dialect) {
      const r = await invoke('inspector:fire', { kind, dialect });
      if (!r.ok) return set({ error: r.error, note: null });
      set({ error: null, note: `Fired a ${kind} event in the ${dialect} shape: the listener answered HTTP ${r.value.status}.` });
      await get().refresh();
    },

    async copyCurl(id, withSignature) {
      const r = await invoke('inspector:copy-curl', { id, withSignature });
      if (!r.ok) return set({ error: r.error, note: null });
      const after = r.value.clearsAfterMs;
      const clears = after === null ? '' : ` It holds the signature: the clipboard is cleared in ${Math.round(after / 1000)} s.`;
      set({ error: null, note: `Copied as cURL.${clears}` });
    },
  };
});
