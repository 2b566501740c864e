import { create } from 'zustand';
import type { ErrorInfo, RequestLogDetail, RequestLogEntry } from '../../lib/api';
import { invoke } from '../../lib/api';
import type { EndpointId } from '../../../src-main/shared/operation-ids';
import { NO_FILTER, type LogFilter } from './log-filter';

/** The log view keeps the newest entries only; main holds the full history. */
export const LOG_LIMIT = 500;

type DetailState =
  | { status: 'closed' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string; detail: RequestLogDetail }
  | { status: 'error'; id: string; error: ErrorInfo };

interface LogStore {
  entries: RequestLogEntry[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: ErrorInfo | null;
  filter: LogFilter;
  /** the entry whose detail panel is open */
  detail: DetailState;
  /** bodies as they were kept, not indented: the choice holds from one entry to the next */
  rawBodies: boolean;
  load: () => Promise<void>;
  add: (entry: RequestLogEntry) => void;
  setFilter: (patch: Partial<LogFilter>) => void;
  /** asks the app for the entry's bodies and cURL and opens the panel */
  openDetail: (id: string) => Promise<void>;
  closeDetail: () => void;
  setRawBodies: (raw: boolean) => void;
}

function newestFirst(entries: RequestLogEntry[]): RequestLogEntry[] {
  return [...entries].sort((a, b) => b.at.localeCompare(a.at)).slice(0, LOG_LIMIT);
}

export const useLogStore = create<LogStore>()((set, get) => ({
  entries: [],
  status: 'idle',
  error: null,
  filter: NO_FILTER,
  detail: { status: 'closed' },
  rawBodies: false,
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
  add: (entry) => set((s) => (s.entries.some((e) => e.id === entry.id) ? s : { entries: [entry, ...s.entries].slice(0, LOG_LIMIT) })),
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  openDetail: async (id) => {
    set({ detail: { status: 'loading', id } });
    const r = await invoke('log:detail', { id });
    // a later choice wins over this answer
    const current = get().detail;
    if (current.status === 'closed' || current.id !== id) return;
    set({ detail: r.ok ? { status: 'ready', id, detail: r.value } : { status: 'error', id, error: r.error } });
  },
  closeDetail: () => set({ detail: { status: 'closed' } }),
  setRawBodies: (raw) => set({ rawBodies: raw }),
}));

/** What one copy told the person: what was copied, or why nothing was. */
export type CopyOutcome = { ok: true; message: string } | { ok: false; message: string };

/** main writes the entry's cURL (the key as $CRM_API_KEY) to the clipboard */
export async function copyEntryCurl(entry: Pick<RequestLogEntry, 'id' | 'method' | 'path'>): Promise<CopyOutcome> {
  const r = await invoke('log:copy-curl', { id: entry.id });
  if (!r.ok) return { ok: false, message: `Nothing copied: ${r.error.message}` };
  return { ok: true, message: `Copied the cURL of ${entry.method} ${entry.path} (the key reads from $CRM_API_KEY).` };
}

/**
 * The newest logged request (a GET) for an operation: what a screen's "Copy cURL" copies. The
 * store holds the whole log already: loaded at start, then kept current by log:entry.
 */
export function newestEntryFor(endpoint: EndpointId): RequestLogEntry | null {
  return useLogStore.getState().entries.find((e) => e.endpoint === endpoint && e.method === 'GET') ?? null;
}

export const selectLogFilter = (s: LogStore): LogFilter => s.filter;
export const selectLogDetail = (s: LogStore): DetailState => s.detail;
export const selectRawBodies = (s: LogStore): boolean => s.rawBodies;
