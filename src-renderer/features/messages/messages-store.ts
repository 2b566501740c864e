// The Messages view: pages of what the active profile sent, newest first, optionally for one
// recipient. Main decides where the list comes from (the service, or the app's record) and says
// so on every page; this store only pages, filters and follows messages:changed.
import { create } from 'zustand';
import type { ErrorInfo, HistoryMessage, HistorySource, MessageHistoryPage } from '../../lib/api';
import { invoke } from '../../lib/api';

export const MESSAGES_PER_PAGE = 50;

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface MessagesStore {
  /** what the number field shows, as the person writes it */
  numberInput: string;
  /** the filter the list was asked with ('' = every recipient) */
  filter: string;
  items: HistoryMessage[];
  /** the last page loaded */
  page: number;
  hasMore: boolean;
  total: number | null;
  source: HistorySource | null;
  /** the recipient main filtered by, digits only */
  number: string | null;
  fallbackReason: string | null;
  status: Status;
  /** a first page is being asked for (a load, a filter, a refresh after a change) */
  busy: boolean;
  /** why the list failed; with status 'ready', why the list shown could not be refreshed (it is kept) */
  error: ErrorInfo | null;
  loadingMore: boolean;
  moreError: ErrorInfo | null;
  /** main refused the number (it names what is wrong with it); the list stays as it was */
  filterProblem: string | null;
  /** the screen is on view: only then does a change in main list again */
  attached: boolean;
  /** bumped by every new first-page request; older answers are ignored */
  generation: number;
  setNumberInput: (text: string) => void;
  /** lists for the number in the field (empty: every recipient) */
  applyFilter: () => Promise<void>;
  /** the Contacts screen's "Messages": the list for this contact's number */
  showNumber: (number: string) => void;
  clearFilter: () => Promise<void>;
  /** the first page for the current filter */
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  /** the first page again, merged over what is shown (a send or a delivery happened) */
  refresh: () => Promise<void>;
  /** the screen mounted / unmounted */
  attach: () => () => void;
  /** messages:changed from main */
  onChanged: () => void;
  /** the active profile's key or address changed: what is shown is another service's */
  reset: () => void;
  /** the profile the filter belongs to */
  profileId: string | null;
  /** by profile id: the number filter each other profile left */
  parked: Record<string, { numberInput: string; filter: string }>;
  /** the active profile changed: its own filter comes back and its list loads */
  switchProfile: (to: string | null) => void;
}

export const useMessagesStore = create<MessagesStore>()((set, get) => {
  const ask = (filter: string, page: number) =>
    invoke('messages:list', { page, perPage: MESSAGES_PER_PAGE, ...(filter.trim() === '' ? {} : { number: filter }) });

  const pageFields = (p: MessageHistoryPage) => ({
    total: p.total,
    source: p.source,
    number: p.number,
    fallbackReason: p.fallbackReason,
  });

  /** a first page for `filter`; a refused number keeps the list and says what is wrong */
  const first = async (filter: string, mode: 'replace' | 'merge'): Promise<void> => {
    const generation = get().generation + 1;
    const before = { status: get().status, error: get().error };
    set(mode === 'replace' ? { generation, busy: true, status: 'loading', error: null } : { generation, busy: true });
    const r = await ask(filter, 1);
    if (get().generation !== generation) return;
    set({ busy: false });
    if (!r.ok) {
      const problem = numberProblem(r.error);
      // what was shown before this request (the list, or its error) stays as it was
      if (problem !== null)
        set({ filterProblem: problem, status: before.status === 'loading' ? 'idle' : before.status, error: before.error });
      // a refresh behind a shown list keeps the list and says it is not current
      else if (mode === 'merge') set({ error: r.error });
      // the person asked for this list: Retry, and a change in main, ask for it again
      else set({ status: 'error', error: r.error, filter, items: [], source: null, moreError: null });
      return;
    }
    const p = r.value;
    if (mode === 'merge' && get().filter === filter && get().source === p.source) {
      // newer messages push older ones onto later pages: what is shown stays, below the new first page
      const fresh = new Set(p.items.map((m) => m.key));
      const rest = get().items.filter((m) => !fresh.has(m.key));
      set({
        items: [...p.items, ...rest],
        hasMore: get().page > 1 ? get().hasMore : p.hasMore,
        ...pageFields(p),
        status: 'ready',
        error: null,
        filterProblem: null,
      });
      return;
    }
    set({
      filter,
      items: p.items,
      page: 1,
      hasMore: p.hasMore,
      ...pageFields(p),
      status: 'ready',
      error: null,
      moreError: null,
      filterProblem: null,
    });
  };

  return {
    numberInput: '',
    filter: '',
    items: [],
    page: 0,
    hasMore: false,
    total: null,
    source: null,
    number: null,
    fallbackReason: null,
    status: 'idle',
    busy: false,
    error: null,
    loadingMore: false,
    moreError: null,
    filterProblem: null,
    attached: false,
    generation: 0,
    profileId: null,
    parked: {},
    setNumberInput: (text) => set({ numberInput: text, filterProblem: null }),
    applyFilter: () => first(get().numberInput, 'replace'),
    showNumber: (number) => {
      set({ numberInput: number, filterProblem: null });
      // the screen lists it when it opens; already open, it lists it now
      if (get().attached) void first(number, 'replace');
      else set({ filter: number, status: 'idle' });
    },
    clearFilter: () => {
      set({ numberInput: '', filterProblem: null });
      return first('', 'replace');
    },
    load: () => first(get().filter, 'replace'),
    loadMore: async () => {
      const s = get();
      if (s.loadingMore || !s.hasMore || s.status !== 'ready') return;
      const next = s.page + 1;
      set({ loadingMore: true, moreError: null });
      const r = await ask(s.filter, next);
      // another list (a new filter, a failed load) or a reload from the top came meanwhile: this
      // page belongs to none of it; a refresh of the first page leaves it valid
      const now = get();
      if (now.filter !== s.filter || now.page !== s.page || now.status !== 'ready') {
        set({ loadingMore: false });
        return;
      }
      if (!r.ok) {
        set({ loadingMore: false, moreError: r.error });
        return;
      }
      // a message that moved onto this page since the last one was read is shown once
      const shown = new Set(get().items.map((m) => m.key));
      const added = r.value.items.filter((m) => !shown.has(m.key));
      set({ items: [...get().items, ...added], page: next, hasMore: r.value.hasMore, ...pageFields(r.value), loadingMore: false });
    },
    refresh: () => (get().status === 'ready' ? first(get().filter, 'merge') : first(get().filter, 'replace')),
    attach: () => {
      set({ attached: true });
      void (get().status === 'idle' ? get().load() : get().refresh());
      return () => set({ attached: false });
    },
    onChanged: () => {
      if (get().attached) void get().refresh();
    },
    reset: () => {
      const { numberInput, filter, attached, generation, profileId, parked } = get();
      set({ ...useMessagesStore.getInitialState(), numberInput, filter, attached, generation: generation + 1, profileId, parked });
      if (attached) void get().load();
    },
    switchProfile: (to) => {
      const { profileId, numberInput, filter } = get();
      if (profileId === to) return;
      // the first profile known: the filter on screen is already its own
      if (profileId === null) {
        set({ profileId: to });
        return;
      }
      const parked = { ...get().parked, [profileId]: { numberInput, filter } };
      const back = (to !== null ? parked[to] : undefined) ?? { numberInput: '', filter: '' };
      if (to !== null) delete parked[to];
      set({ profileId: to, parked, ...back });
      get().reset();
    },
  };
});

/** main's words for a number it refused, or null for any other failure */
function numberProblem(error: ErrorInfo): string | null {
  if (error.code !== 'validation') return null;
  const detail = error.details?.find((d) => d.field === 'number');
  if (!detail) return null;
  return detail.sentence ?? `Number ${detail.message}`;
}

type S = MessagesStore;
export const selectMessages = (s: S): HistoryMessage[] => s.items;
export const selectIsFiltered = (s: S): boolean => s.filter.trim() !== '';
