import { create } from 'zustand';
import type { ErrorInfo, RequestLogEntry } from '../../lib/api';
import { invoke } from '../../lib/api';

/** The log view keeps the newest entries only; main holds the full history. */
export const LOG_LIMIT = 500;

interface LogStore {
  entries: RequestLogEntry[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: ErrorInfo | null;
  load: () => Promise<void>;
  add: (entry: RequestLogEntry) => void;
}

function newestFirst(entries: RequestLogEntry[]): RequestLogEntry[] {
  return [...entries].sort((a, b) => b.at.localeCompare(a.at)).slice(0, LOG_LIMIT);
}

export const useLogStore = create<LogStore>()((set, get) => ({
  entries: [],
  status: 'idle',
  error: null,
  load: async () => {
    set({ status: get().status === 'ready' ? 'ready' : 'loading' });
    const r = await invoke('log:list', {});
    if (!r.ok) {
      set({ status: 'error', error: r.error });
      return;
    }
    // keep live entries that arrived while the list was loading
    const byId = new Map(r.value.map((e) => [e.id, e]));
    for (const e of get().entries) byId.set(e.id, e);
    set({ entries: newestFirst([...byId.values()]), status: 'ready', error: null });
  },
  add: (entry) =>
    set((s) => (s.entries.some((e) => e.id === entry.id) ? s : { entries: [entry, ...s.entries].slice(0, LOG_LIMIT) })),
}));

export const selectLogEntries = (s: LogStore): RequestLogEntry[] => s.entries;
