// The contacts store on a service that cannot search: the answer to a search comes back unsearched
// with the reason, and the store keeps only the rows that hold the query, searched here, with how
// many rows it searched; no further page is asked for, and a new query forgets it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, ContactPage } from '../../../src-renderer/lib/api';
import {
  PER_PAGE,
  rowAt,
  selectKnownTotal,
  selectLocalSearch,
  useContactsStore,
} from '../../../src-renderer/features/contacts/contacts-store';
import { localSearchSentence } from '../../../src-renderer/features/contacts/local-search';
import { flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';

const NAMES = ['Ana Ferreira', 'Bruno Lima', 'Ána Souza', 'Carla Dias', 'Diego Ana'];
const REASON = 'its contacts listing takes no search term';

const contact = (name: string, i: number): Contact => ({
  id: `c${i}`,
  name,
  number: String(5511900000000 + i),
  email: null,
  tags: [],
  createdAt: null,
  updatedAt: null,
});
const everyone = (searched: boolean): ContactPage => ({
  items: NAMES.map(contact),
  page: 1,
  perPage: PER_PAGE,
  total: null,
  totalPages: null,
  hasMore: false,
  ...(searched ? { searchUnsupported: REASON } : {}),
});

let crm: FakeCrm;

beforeEach(() => {
  vi.useFakeTimers();
  useContactsStore.setState(useContactsStore.getInitialState(), true);
  crm = installFakeCrm({ 'contacts:list': ({ search }) => ok(everyone(search !== undefined)) });
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('contacts on a service that cannot search', () => {
  it('keeps the rows holding the query (case and accents aside), counts them, and says it searched here', async () => {
    useContactsStore.getState().applyQuery('ana');
    await flush();
    const s = useContactsStore.getState();
    expect(selectKnownTotal(s)).toBe(3);
    expect([0, 1, 2].map((i) => rowAt(s.pages, i))).toEqual([0, 2, 4].map((i) => ({ kind: 'contact', contact: contact(NAMES[i]!, i) })));
    expect(selectLocalSearch(s)).toEqual({ loaded: 5, reason: REASON });
    expect(localSearchSentence(selectLocalSearch(s)!)).toBe(`Searched the 5 loaded contacts here; this service cannot search (${REASON}).`);
    useContactsStore.getState().ensureRange(0, 400);
    await flush();
    expect(crm.callsTo('contacts:list')).toHaveLength(1);
  });

  it("an empty query is the service's listing again, without the local search", async () => {
    useContactsStore.getState().applyQuery('ana');
    await flush();
    useContactsStore.getState().applyQuery('');
    await flush();
    const s = useContactsStore.getState();
    expect(selectLocalSearch(s)).toBeNull();
    expect(selectKnownTotal(s)).toBe(5);
  });
});
