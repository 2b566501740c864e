import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, ContactPage, Result } from '../../../src-renderer/lib/api';
import {
  PER_PAGE,
  rowAt,
  selectKnownTotal,
  selectRowCount,
  useContactsStore,
} from '../../../src-renderer/features/contacts/contacts-store';
import { deferred, fail, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';

const contact = (i: number, tag = ''): Contact => ({
  id: `c_${tag}${i}`,
  name: `${tag}Person ${i}`,
  number: String(5511900000000 + i),
  email: null,
  tags: [],
  createdAt: null,
  updatedAt: null,
});

function page(p: number, total: number, tag = ''): ContactPage {
  const start = (p - 1) * PER_PAGE;
  const n = Math.max(0, Math.min(PER_PAGE, total - start));
  return {
    items: Array.from({ length: n }, (_, i) => contact(start + i, tag)),
    page: p,
    perPage: PER_PAGE,
    total,
    totalPages: Math.ceil(total / PER_PAGE),
    hasMore: p < Math.ceil(total / PER_PAGE),
  };
}

let crm: FakeCrm;

beforeEach(() => {
  vi.useFakeTimers();
  useContactsStore.setState(useContactsStore.getInitialState(), true);
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('contacts paging', () => {
  it('sets the row count from the first page total and fetches only the pages scrolled into view', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok(page(p, 100_000)) });
    useContactsStore.getState().init();
    await flush();
    const s = useContactsStore.getState();
    expect(s.total).toBe(100_000);
    expect(selectRowCount(s)).toBe(100_000);
    expect(crm.callsTo('contacts:list')).toEqual([{ page: 1, perPage: PER_PAGE }]);

    // rows 4,950..4,990 sit on page 50
    useContactsStore.getState().ensureRange(4950, 4990);
    await flush();
    expect(crm.callsTo('contacts:list').map((c) => c.page)).toEqual([1, 50]);
    const row = rowAt(useContactsStore.getState().pages, 4950);
    expect(row).toEqual({ kind: 'contact', contact: contact(4950) });
  });

  it('never fetches a cached page again and dedupes requests in flight', async () => {
    const pending: Record<number, ReturnType<typeof deferred<Result<ContactPage>>>> = {};
    crm = installFakeCrm({
      'contacts:list': ({ page: p }) => {
        if (p === 1) return ok(page(1, 1000));
        pending[p] = deferred<Result<ContactPage>>();
        return pending[p].promise;
      },
    });
    useContactsStore.getState().init();
    await flush();

    useContactsStore.getState().ensureRange(150, 320); // pages 2..4
    useContactsStore.getState().ensureRange(150, 320); // same range again while in flight
    useContactsStore.getState().ensureRange(290, 310); // overlaps page 3/4
    await flush();
    expect(crm.callsTo('contacts:list').map((c) => c.page)).toEqual([1, 2, 3, 4]);
    expect(rowAt(useContactsStore.getState().pages, 150)).toEqual({ kind: 'loading' });

    pending[2]!.resolve(ok(page(2, 1000)));
    pending[3]!.resolve(ok(page(3, 1000)));
    pending[4]!.resolve(ok(page(4, 1000)));
    await flush();
    useContactsStore.getState().ensureRange(0, 399);
    await flush();
    expect(crm.callsTo('contacts:list')).toHaveLength(4);
  });

  it('does not ask for pages past the total', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok(page(p, 250)) });
    useContactsStore.getState().init();
    await flush();
    useContactsStore.getState().ensureRange(0, 10_000);
    await flush();
    expect(crm.callsTo('contacts:list').map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('keeps a failed page as an error row and fetches it again on Retry', async () => {
    let failPage2 = true;
    crm = installFakeCrm({
      'contacts:list': ({ page: p }) =>
        p === 2 && failPage2 ? fail({ code: 'server_error', message: 'HTTP 500', status: 500 }) : ok(page(p, 1000)),
    });
    useContactsStore.getState().init();
    await flush();
    useContactsStore.getState().ensureRange(100, 150);
    await flush();
    expect(rowAt(useContactsStore.getState().pages, 120)).toMatchObject({ kind: 'error', page: 2, error: { status: 500 } });

    // scrolling over it again does not hammer the server
    useContactsStore.getState().ensureRange(100, 150);
    await flush();
    expect(crm.callsTo('contacts:list').filter((c) => c.page === 2)).toHaveLength(1);

    failPage2 = false;
    useContactsStore.getState().retryPage(2);
    await flush();
    expect(rowAt(useContactsStore.getState().pages, 120)).toEqual({ kind: 'contact', contact: contact(120) });
    expect(crm.callsTo('contacts:list').filter((c) => c.page === 2)).toHaveLength(2);
  });

  it('estimates the row count when the server answers a bare array (no total)', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok({ ...page(p, 1000), total: null, totalPages: null }) });
    useContactsStore.getState().init();
    await flush();
    // one full page known, one more may follow
    expect(selectRowCount(useContactsStore.getState())).toBe(2 * PER_PAGE);
  });
});

describe('contacts paging without a total: the answer’s hasMore', () => {
  /** `n` contacts from `start`, no total, with the answer's hasMore. */
  const untotalled = (p: number, n: number, hasMore: boolean | null): ContactPage => ({
    items: Array.from({ length: n }, (_, i) => contact((p - 1) * PER_PAGE + i)),
    page: p,
    perPage: PER_PAGE,
    total: null,
    totalPages: null,
    hasMore,
  });

  it('true: one more page may follow, even after a short page (a service that pages by cursor)', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok(untotalled(p, 30, true)) });
    useContactsStore.getState().init();
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(30 + PER_PAGE);
    expect(selectKnownTotal(useContactsStore.getState())).toBeNull();
  });

  it('false: this is the last page, even when it is full; nothing past it is asked for', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok(untotalled(p, PER_PAGE, false)) });
    useContactsStore.getState().init();
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(PER_PAGE);
    expect(selectKnownTotal(useContactsStore.getState())).toBe(PER_PAGE);
    useContactsStore.getState().ensureRange(0, 5 * PER_PAGE);
    await flush();
    expect(crm.callsTo('contacts:list').map((c) => c.page)).toEqual([1]);
  });

  it('null: a full page means maybe one more, a short one is the end (the rule for answers that do not say)', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok(untotalled(p, p === 1 ? PER_PAGE : 40, null)) });
    useContactsStore.getState().init();
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(2 * PER_PAGE);
    useContactsStore.getState().ensureRange(PER_PAGE, PER_PAGE + 10);
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(PER_PAGE + 40);
  });

  it('once the last page answered, an earlier page read again does not make the list longer', async () => {
    let failPage2 = true;
    crm = installFakeCrm({
      'contacts:list': ({ page: p }) => {
        if (p === 2 && failPage2) return fail({ code: 'timeout', message: 'slow' });
        // page 4 is past the end: empty, and it says so
        return ok(untotalled(p, p < 3 ? PER_PAGE : p === 3 ? 20 : 0, p < 3));
      },
    });
    useContactsStore.getState().init();
    await flush();
    useContactsStore.getState().ensureRange(0, 3 * PER_PAGE);
    await flush();
    useContactsStore.getState().ensureRange(2 * PER_PAGE, 3 * PER_PAGE);
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(2 * PER_PAGE + 20);
    failPage2 = false;
    useContactsStore.getState().retryPage(2);
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(2 * PER_PAGE + 20);
    expect(selectKnownTotal(useContactsStore.getState())).toBe(2 * PER_PAGE + 20);
  });

  it('an empty last first page is an empty list', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p }) => ok(untotalled(p, 0, false)) });
    useContactsStore.getState().init();
    await flush();
    expect(selectRowCount(useContactsStore.getState())).toBe(0);
    expect(selectKnownTotal(useContactsStore.getState())).toBe(0);
  });
});

describe('contacts search', () => {
  it('waits 250 ms after the last keystroke, then searches on the server from page 1', async () => {
    crm = installFakeCrm({ 'contacts:list': ({ page: p, search }) => ok(page(p, search ? 42 : 100_000, search ?? '')) });
    useContactsStore.getState().init();
    await flush();
    const s = useContactsStore.getState();
    s.setSearch('a');
    vi.advanceTimersByTime(100);
    s.setSearch('an');
    vi.advanceTimersByTime(100);
    s.setSearch('ana');
    vi.advanceTimersByTime(249);
    await flush();
    expect(crm.callsTo('contacts:list')).toHaveLength(1);
    expect(useContactsStore.getState().searchInput).toBe('ana');

    vi.advanceTimersByTime(1);
    await flush();
    expect(crm.callsTo('contacts:list')).toEqual([
      { page: 1, perPage: PER_PAGE },
      { page: 1, perPage: PER_PAGE, search: 'ana' },
    ]);
    expect(useContactsStore.getState().total).toBe(42);
  });

  it('a new search discards the old pages and ignores answers that arrive late', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<Result<ContactPage>>>>();
    crm = installFakeCrm({
      'contacts:list': ({ page: p, search }) => {
        const d = deferred<Result<ContactPage>>();
        answers.set(`${search ?? ''}:${p}`, d);
        return d.promise;
      },
    });
    useContactsStore.getState().init();
    answers.get(':1')!.resolve(ok(page(1, 100_000)));
    await flush();
    useContactsStore.getState().ensureRange(200, 250);
    await flush(); // page 3 of the unfiltered list is now in flight

    useContactsStore.getState().setSearch('jo');
    vi.advanceTimersByTime(250);
    await flush();
    expect(useContactsStore.getState().pages).toEqual({ 1: { status: 'loading' } });
    expect(useContactsStore.getState().total).toBeNull();

    useContactsStore.getState().setSearch('joa');
    vi.advanceTimersByTime(250);
    await flush();

    // the newest answers first, then the stale ones
    answers.get('joa:1')!.resolve(ok(page(1, 3, 'joa')));
    await flush();
    answers.get('jo:1')!.resolve(ok(page(1, 77, 'jo')));
    answers.get(':3')!.resolve(ok(page(3, 100_000)));
    await flush();

    const s = useContactsStore.getState();
    expect(s.query).toBe('joa');
    expect(s.total).toBe(3);
    expect(Object.keys(s.pages)).toEqual(['1']);
    expect(rowAt(s.pages, 0)).toEqual({ kind: 'contact', contact: contact(0, 'joa') });
  });
});
