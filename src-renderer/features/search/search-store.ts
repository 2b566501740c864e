// The search across every conversation (Ctrl+Shift+F): what the person typed, and the messages
// main found for it. Results follow the typing: each change waits a moment (SEARCH_DEBOUNCE_MS)
// for the next key, and an answer to an older text than the one in the field is dropped, so the
// list never shows what was typed before.
import { create } from 'zustand';
import type { ErrorInfo, SearchHit, SearchPage } from '../../lib/api';
import { invoke } from '../../lib/api';

/** how long after the last key a search is asked for */
export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_PAGE = 20;

type Status = 'idle' | 'searching' | 'ready' | 'error';

interface SearchStore {
  open: boolean;
  text: string;
  status: Status;
  hits: SearchHit[];
  total: number;
  totalCapped: boolean;
  next: string | null;
  /** main's reason the text cannot be searched (no words in it, too many words) */
  problem: string | null;
  /** the search failed for another reason */
  error: ErrorInfo | null;
  loadingMore: boolean;
  /** bumped by every new search; older answers are ignored */
  generation: number;
  openSearch: () => void;
  close: () => void;
  setText: (text: string) => void;
  /** asks at once (Enter on an empty list, Retry) */
  searchNow: () => Promise<void>;
  loadMore: () => Promise<void>;
  /** the profile the results belong to */
  profileId: string | null;
  /** the active profile changed: what was found is another profile's, so it is found again */
  switchProfile: (to: string | null) => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

export const useSearchStore = create<SearchStore>()((set, get) => {
  const pageFields = (p: SearchPage) => ({ total: p.total, totalCapped: p.totalCapped, next: p.next });

  const search = async (): Promise<void> => {
    stopTimer();
    const text = get().text;
    const generation = get().generation + 1;
    if (text.trim() === '') {
      set({ generation, status: 'idle', hits: [], total: 0, totalCapped: false, next: null, problem: null, error: null });
      return;
    }
    set({ generation, status: 'searching', error: null });
    const r = await invoke('messages:search', { text, limit: SEARCH_PAGE });
    if (get().generation !== generation) return;
    if (!r.ok) {
      if (r.error.code === 'validation')
        set({ status: 'ready', hits: [], total: 0, totalCapped: false, next: null, problem: r.error.message, error: null });
      else set({ status: 'error', hits: [], next: null, problem: null, error: r.error });
      return;
    }
    set({ status: 'ready', hits: r.value.hits, ...pageFields(r.value), problem: null, error: null, loadingMore: false });
  };

  return {
    open: false,
    text: '',
    status: 'idle',
    hits: [],
    total: 0,
    totalCapped: false,
    next: null,
    problem: null,
    error: null,
    loadingMore: false,
    generation: 0,
    openSearch: () => {
      set({ open: true });
      // what was found last time is shown again, found anew: messages came and went since
      if (get().text.trim() !== '') void search();
    },
    close: () => {
      stopTimer();
      set({ open: false, generation: get().generation + 1, loadingMore: false });
    },
    setText: (text) => {
      set({ text });
      stopTimer();
      timer = setTimeout(() => void search(), SEARCH_DEBOUNCE_MS);
    },
    searchNow: () => search(),
    loadMore: async () => {
      const s = get();
      if (s.loadingMore || s.next === null || s.status !== 'ready') return;
      set({ loadingMore: true });
      const r = await invoke('messages:search', { text: s.text, limit: SEARCH_PAGE, after: s.next });
      if (get().generation !== s.generation) return;
      if (!r.ok) {
        set({ loadingMore: false, error: r.error });
        return;
      }
      const shown = new Set(get().hits.map((h) => h.key));
      set({
        hits: [...get().hits, ...r.value.hits.filter((h) => !shown.has(h.key))],
        ...pageFields(r.value),
        loadingMore: false,
        error: null,
      });
    },
    profileId: null,
    switchProfile: (to) => {
      const { profileId, open, text, generation } = get();
      if (profileId === to) return;
      stopTimer();
      set({ ...useSearchStore.getInitialState(), profileId: to, open, text, generation: generation + 1 });
      if (open && text.trim() !== '') void search();
    },
  };
});
