// The Conversations screen's state: the active profile's conversation list a page at a time (the
// virtual list asks for the pages it shows), the filter, the keyboard's row, the conversation
// open beside the list, and the unread total the window title and the nav show. It follows
// conversation:changed (a reply by webhook, a send from `crm` or another window) by reading the
// pages it holds again, one read at a time, so a row that moved to the top shows there at once.
import { create } from 'zustand';
import type { ErrorInfo, InboxFilter, InboxRow } from '../../lib/api';
import { invoke } from '../../lib/api';
import { coalescedReads } from '../../lib/coalesced-reads';
import { INBOX_MARKS, markInbox } from './first-paint-marks';

/** rows per page asked of main */
export const INBOX_PAGE = 100;
/** the least time between two reads of the list that events keep changing */
const READ_GAP_MS = 150;

export type PageState = { status: 'loading' } | { status: 'loaded'; rows: InboxRow[] } | { status: 'error'; error: ErrorInfo };

export type InboxRowState = { kind: 'row'; row: InboxRow } | { kind: 'loading' } | { kind: 'error'; error: ErrorInfo };

interface InboxStore {
  filter: InboxFilter;
  /** bumped by a new filter or profile: answers for older generations are ignored */
  generation: number;
  /** rows the filter matches; null until the first page answered */
  total: number | null;
  /** unread messages over every conversation of the profile */
  unreadTotal: number;
  /** by page index (0: the newest INBOX_PAGE rows) */
  pages: Record<number, PageState>;
  /** the first page could not be read */
  error: ErrorInfo | null;
  /** the keyboard's row */
  activeIndex: number | null;
  /** the contact whose conversation is open beside the list (digits), or null */
  openNumber: string | null;
  /** the Conversations screen is on view (a reply to the open conversation is then read as it comes) */
  shown: boolean;
  setShown: (shown: boolean) => void;
  /**
   * the first page, read once at start (the window's title and whether it opens on this screen);
   * asked again while that read is held (the window asks before React renders, and again as its
   * events are wired), it gives the same read instead of a second one
   */
  start: () => Promise<void>;
  setFilter: (filter: InboxFilter) => void;
  ensureRange: (firstIndex: number, lastIndex: number) => void;
  setActiveIndex: (index: number | null) => void;
  /** opens the conversation beside the list and marks it read */
  open: (number: string) => Promise<void>;
  /** something changed in main: the pages held are read again */
  onChanged: () => Promise<void>;
  /** another profile is active: its own list, from the top */
  reset: () => void;
}

type Get = () => InboxStore;
type Set = (partial: Partial<InboxStore> | ((s: InboxStore) => Partial<InboxStore>)) => void;

const readsOfChanges = coalescedReads(READ_GAP_MS);
/** start()'s read of the first page, for as long as that page is held; `done` once it answered */
let firstRead: { read: Promise<void>; done: boolean } | null = null;

function pageOf(pages: Record<number, PageState>, index: number): PageState | undefined {
  return pages[Math.floor(index / INBOX_PAGE)];
}

/** what the virtual list shows at `index` */
export function rowAt(pages: Record<number, PageState>, index: number): InboxRowState {
  const page = pageOf(pages, index);
  if (page?.status === 'loaded') {
    const row = page.rows[index % INBOX_PAGE];
    return row ? { kind: 'row', row } : { kind: 'loading' };
  }
  if (page?.status === 'error') return { kind: 'error', error: page.error };
  return { kind: 'loading' };
}

async function readPage(get: Get, set: Set, page: number): Promise<void> {
  const { generation, filter } = get();
  set((s) => ({ pages: { ...s.pages, [page]: s.pages[page] ?? { status: 'loading' } } }));
  if (page === 0) markInbox(INBOX_MARKS.firstPageAsked);
  const r = await invoke('inbox:list', { filter, offset: page * INBOX_PAGE, limit: INBOX_PAGE });
  if (page === 0) markInbox(INBOX_MARKS.firstPageAnswered);
  if (get().generation !== generation) return;
  if (!r.ok) {
    set((s) => ({ pages: { ...s.pages, [page]: { status: 'error', error: r.error } }, ...(page === 0 ? { error: r.error } : {}) }));
    return;
  }
  set((s) => ({
    pages: { ...s.pages, [page]: { status: 'loaded', rows: r.value.rows } },
    total: r.value.total,
    unreadTotal: r.value.unreadTotal,
    ...(page === 0 ? { error: null } : {}),
  }));
}

/** every page held, again; the keyboard's row follows the conversation it was on */
async function readAgain(get: Get, set: Set): Promise<void> {
  const held = Object.keys(get().pages).map(Number);
  const activeNumber = numberAt(get(), get().activeIndex);
  await Promise.all((held.length > 0 ? held : [0]).map((page) => readPage(get, set, page)));
  if (activeNumber !== null) {
    const index = indexOf(get(), activeNumber);
    if (index !== null) set({ activeIndex: index });
  }
  // the agent is looking at the open conversation: a reply that came into it is read
  const { openNumber, shown } = get();
  if (openNumber !== null && shown && typeof document !== 'undefined' && document.hasFocus()) {
    const index = indexOf(get(), openNumber);
    const row = index === null ? null : rowAt(get().pages, index);
    if (row?.kind === 'row' && row.row.unread > 0) await markRead(get, set, openNumber);
  }
}

async function markRead(get: Get, set: Set, number: string): Promise<void> {
  const r = await invoke('inbox:mark-read', { number });
  if (!r.ok) return;
  // the row shows it at once; the next read of the list says the same
  set((s) => ({
    unreadTotal: r.value.unreadTotal,
    pages: Object.fromEntries(
      Object.entries(s.pages).map(([k, p]) => [
        k,
        p.status === 'loaded' ? { ...p, rows: p.rows.map((row) => (row.number === number ? { ...row, unread: 0 } : row)) } : p,
      ]),
    ),
  }));
}

function numberAt(s: InboxStore, index: number | null): string | null {
  if (index === null) return null;
  const row = rowAt(s.pages, index);
  return row.kind === 'row' ? row.row.number : null;
}

function indexOf(s: InboxStore, number: string): number | null {
  for (const [key, page] of Object.entries(s.pages)) {
    if (page.status !== 'loaded') continue;
    const at = page.rows.findIndex((r) => r.number === number);
    if (at >= 0) return Number(key) * INBOX_PAGE + at;
  }
  return null;
}

export const useInboxStore = create<InboxStore>()((set, get) => ({
  filter: 'all',
  generation: 1,
  total: null,
  unreadTotal: 0,
  pages: {},
  error: null,
  activeIndex: null,
  openNumber: null,
  shown: false,

  setShown: (shown) => set({ shown }),

  start() {
    const held = get().pages[0];
    // a page that failed is read again, once its read is over (it keeps the failure on screen until then)
    if (firstRead !== null && held !== undefined && !(held.status === 'error' && firstRead.done)) return firstRead.read;
    const started = { read: readPage(get, set, 0), done: false };
    void started.read.finally(() => {
      started.done = true;
    });
    firstRead = started;
    return started.read;
  },

  setFilter(filter) {
    if (filter === get().filter) return;
    set((s) => ({ filter, generation: s.generation + 1, pages: {}, total: null, activeIndex: null, error: null }));
    void readPage(get, set, 0);
  },

  ensureRange(firstIndex, lastIndex) {
    const total = get().total;
    if (total === null) return;
    const first = Math.max(0, Math.floor(firstIndex / INBOX_PAGE));
    const last = Math.min(Math.floor(Math.max(0, total - 1) / INBOX_PAGE), Math.floor(Math.max(firstIndex, lastIndex) / INBOX_PAGE));
    for (let page = first; page <= last; page++) if (!get().pages[page]) void readPage(get, set, page);
  },

  setActiveIndex: (index) => set({ activeIndex: index }),

  async open(number) {
    set({ openNumber: number });
    await markRead(get, set, number);
  },

  onChanged() {
    return readsOfChanges(() => readAgain(get, set));
  },

  reset() {
    set((s) => ({
      generation: s.generation + 1,
      pages: {},
      total: null,
      unreadTotal: 0,
      activeIndex: null,
      openNumber: null,
      error: null,
    }));
    void readPage(get, set, 0);
  },
}));

export const selectRowCount = (s: InboxStore): number => s.total ?? 0;
export const selectUnreadTotal = (s: InboxStore): number => s.unreadTotal;
