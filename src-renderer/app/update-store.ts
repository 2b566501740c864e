import { create } from 'zustand';
import type { UpdateState } from '../lib/api';
import { invoke } from '../lib/api';

/** Updating the installed app, as main reports it (app:update-state, then app:update events). */
interface UpdateStore {
  update: UpdateState;
  /** why "Restart to update" did not restart, in main's words */
  restartError: string | null;
  load: () => Promise<void>;
  apply: (update: UpdateState) => void;
  restart: () => Promise<void>;
}

export const useUpdateStore = create<UpdateStore>()((set) => ({
  update: { phase: 'off' },
  restartError: null,
  load: async () => {
    const r = await invoke('app:update-state', {});
    // an event that arrived while asking is newer than this answer
    if (r.ok) set((s) => (s.update.phase === 'off' ? { update: r.value } : s));
  },
  apply: (update) => set({ update, restartError: null }),
  restart: async () => {
    const r = await invoke('app:restart-to-update', {});
    if (!r.ok) set({ restartError: r.error.message });
  },
}));

/** the version waiting for a restart, or null */
export const selectReadyVersion = (s: UpdateStore): string | null => (s.update.phase === 'ready' ? s.update.version : null);
export const selectRestartError = (s: UpdateStore): string | null => s.restartError;
/** a newer version this OS does not install by itself: what to tell the person, or null */
export const selectManualUpdate = (s: UpdateStore): string | null => (s.update.phase === 'manual' ? s.update.message : null);
