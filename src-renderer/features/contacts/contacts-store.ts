import { create } from 'zustand';
import { CONTACTS_PAGE_SIZE } from '../../../src-main/shared/first-screen';
import type { Contact, ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { searchLoaded, type LocalSearch } from './local-search';

/** the page size window.crm's early call asks for too (shared/first-screen.ts): the first page's answer is taken only if they agree */
export const PER_PAGE = CONTACTS_PAGE_SIZE;
export const SEARCH_DEBOUNCE_MS = 250;

export type PageState = { status: 'loading' } | { status: 'loaded'; items: Contact[] } | { status: 'error'; error: ErrorInfo };

export type RowState = { kind: 'contact'; contact: Contact } | { kind: 'loading' } | { kind: 'error'; page: number; error: ErrorInfo };

interface ContactsStore {
  /** what the search box shows */
  searchInput: string;
  /** the query the cached pages belong to */
  query: string;
  /** bumped by every new query; answers for older generations are ignored */
  generation: number;
  /** null until the first page answered (or when the server sends no total) */
  total: number | null;
  /** set when the server gives no total: the rows known so far (+ one page while more may follow) */
  estimatedCount: number;
  /** set when the server gives no total but a page was the last (it said so, or did not say and was short): the exact count */
  endCount: number | null;
  pages: Record<number, PageState>;
  /** why the list is not the service's own (it has no contacts listing), from the first page's answer */
  notice: string | null;
  /** set when the service cannot search: the query was searched here, over the rows it answered */
  localSearch: LocalSearch | null;
  /** keyboard highlight (index in the list) */
  activeIndex: number | null;
  /** the contact the person picked (Enter / click) */
  chosen: Contact | null;
  init: () => void;
  setSearch: (text: string) => void;
  /** applies a query now (the debounced search calls this) */
  applyQuery: (query: string) => void;
  /** resets the cache, e.g. after a profile or key switch */
  refresh: () => void;
  ensureRange: (firstIndex: number, lastIndex: number) => void;
  fetchPage: (page: number) => Promise<void>;
  retryPage: (page: number) => void;
  /** every page that failed, again (the connection came back) */
  retryFailed: () => void;
  setActiveIndex: (index: number | null) => void;
  choose: (contact: Contact | null) => void;
  /** the profile whose contacts are shown */
  profileId: string | null;
  /** by profile id: the search and the chosen contact each other profile left */
  parked: Record<string, ParkedContacts>;
  /** the active profile changed: its own search and chosen contact come back, its list loads */
  switchProfile: (to: string | null) => void;
}

/** What a profile keeps of this screen while another is active (the rows are fetched again). */
export interface ParkedContacts {
  searchInput: string;
  chosen: Contact | null;
}

/** a query's listing before its first page answers: at start, and with each new query */
const NOTHING_FETCHED = {
  total: null,
  estimatedCount: 0,
  endCount: null,
  pages: {},
  notice: null,
  localSearch: null,
  activeIndex: null,
} satisfies Partial<ContactsStore>;

let searchTimer: ReturnType<typeof setTimeout> | undefined;

export const useContactsStore = create<ContactsStore>()((set, get) => ({
  searchInput: '',
  query: '',
  generation: 0,
  ...NOTHING_FETCHED,
  chosen: null,
  profileId: null,
  parked: {},

  init: () => {
    if (get().generation === 0) get().applyQuery(get().searchInput.trim());
  },

  setSearch: (text) => {
    set({ searchInput: text });
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      searchTimer = undefined;
      const query = get().searchInput.trim();
      if (query !== get().query || get().generation === 0) get().applyQuery(query);
    }, SEARCH_DEBOUNCE_MS);
  },

  applyQuery: (query) => {
    clearTimeout(searchTimer);
    searchTimer = undefined;
    set((s) => ({
      query,
      generation: s.generation + 1,
      ...NOTHING_FETCHED,
    }));
    void get().fetchPage(1);
  },

  refresh: () => {
    if (get().generation === 0) return; // never loaded: init() will do it
    get().applyQuery(get().query);
  },

  ensureRange: (firstIndex, lastIndex) => {
    if (get().generation === 0) return;
    const first = Math.max(0, firstIndex);
    const firstPage = Math.floor(first / PER_PAGE) + 1;
    const lastPage = Math.floor(Math.max(first, lastIndex) / PER_PAGE) + 1;
    const known = selectKnownTotal(get());
    const maxPage = known != null ? Math.max(1, Math.ceil(known / PER_PAGE)) : Number.POSITIVE_INFINITY;
    for (let page = firstPage; page <= Math.min(lastPage, maxPage); page++) {
      if (!get().pages[page]) void get().fetchPage(page);
    }
  },

  fetchPage: async (page) => {
    const { generation, query, pages } = get();
    if (pages[page]?.status === 'loading' || pages[page]?.status === 'loaded') return; // dedupe
    set((s) => ({ pages: { ...s.pages, [page]: { status: 'loading' } } }));
    const r = await invoke('contacts:list', { page, perPage: PER_PAGE, ...(query ? { search: query } : {}) });
    if (get().generation !== generation) return; // a newer search replaced this one
    if (!r.ok) {
      set((s) => ({ pages: { ...s.pages, [page]: { status: 'error', error: r.error } } }));
      return;
    }
    const unsearched = query !== '' && page === 1 ? r.value.searchUnsupported : undefined;
    if (unsearched !== undefined) {
      // the rows found here are the whole answer: no further page is asked for
      const found = searchLoaded(r.value.items, query, unsearched);
      set((s) => ({
        pages: { ...s.pages, 1: { status: 'loaded', items: found.items } },
        total: found.items.length,
        localSearch: found.local,
        notice: r.value.notice ?? null,
      }));
      return;
    }
    const { items, total, hasMore } = r.value;
    if (page === 1) set({ notice: r.value.notice ?? null });
    set((s) => {
      const next = { ...s.pages, [page]: { status: 'loaded' as const, items } };
      if (total != null) return { pages: next, total };
      // No total: count what is known. The answer says whether another page follows (a cursor,
      // a Link header, a has_more flag); when it does not say, a full page means maybe one more.
      const seen = (page - 1) * PER_PAGE + items.length;
      const more = hasMore ?? items.length === PER_PAGE;
      if (!more) {
        // the end; an empty page asked for past it only says "no further than here"
        const endCount = s.endCount == null ? seen : Math.min(s.endCount, seen);
        return { pages: next, endCount, estimatedCount: endCount };
      }
      const estimate = Math.max(s.estimatedCount, seen + PER_PAGE);
      // the last page already answered: no estimate goes past it
      return { pages: next, estimatedCount: s.endCount != null ? Math.min(estimate, s.endCount) : estimate };
    });
  },

  retryPage: (page) => {
    set((s) => {
      const next = { ...s.pages };
      delete next[page];
      return { pages: next };
    });
    void get().fetchPage(page);
  },

  retryFailed: () => {
    for (const [page, state] of Object.entries(get().pages)) if (state.status === 'error') get().retryPage(Number(page));
  },

  setActiveIndex: (index) => set({ activeIndex: index }),
  choose: (contact) => set({ chosen: contact }),

  switchProfile: (to) => {
    const { profileId, searchInput, chosen, generation } = get();
    if (profileId === to) return;
    // the first profile known (main answered profiles:list): what is on screen is already its own
    if (profileId === null) {
      set({ profileId: to });
      return;
    }
    const parked = { ...get().parked };
    parked[profileId] = { searchInput, chosen };
    const back = (to !== null ? parked[to] : undefined) ?? { searchInput: '', chosen: null };
    if (to !== null) delete parked[to];
    clearTimeout(searchTimer);
    searchTimer = undefined;
    set({ profileId: to, parked, ...back });
    // never loaded yet: init() asks for the first page when the screen opens
    if (generation !== 0) get().applyQuery(back.searchInput.trim());
  },
}));

type S = ContactsStore;

/** How many rows the list has: the server's total, or what is known so far. */
export const selectRowCount = (s: S): number => {
  if (s.total != null) return s.total;
  if (s.endCount != null) return s.endCount;
  if (s.estimatedCount > 0) return s.estimatedCount;
  const first = s.pages[1];
  return first?.status === 'loading' ? Math.min(PER_PAGE, 20) : 0;
};
export const selectTotal = (s: S): number | null => s.total;
export const selectNotice = (s: S): string | null => s.notice;
export const selectLocalSearch = (s: S): LocalSearch | null => s.localSearch;
/** How many contacts there are, when known: the server's total, or counted once the last page answered. */
export const selectKnownTotal = (s: S): number | null => s.total ?? s.endCount;
export const selectSearchInput = (s: S): string => s.searchInput;
export const selectQuery = (s: S): string => s.query;
/** changes whenever a new query (or a reload) replaces the rows */
export const selectFirstPage = (s: S): PageState | undefined => s.pages[1];
export const selectChosen = (s: S): Contact | null => s.chosen;

export function pageOf(index: number): number {
  return Math.floor(index / PER_PAGE) + 1;
}

/** What one row shows, from the page cache. */
export function rowAt(pages: Record<number, PageState>, index: number): RowState {
  const page = pageOf(index);
  const state = pages[page];
  if (!state || state.status === 'loading') return { kind: 'loading' };
  if (state.status === 'error') return { kind: 'error', page, error: state.error };
  const contact = state.items[index - (page - 1) * PER_PAGE];
  return contact ? { kind: 'contact', contact } : { kind: 'loading' };
}
