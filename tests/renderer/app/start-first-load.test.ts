import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactPage } from '../../../src-renderer/lib/api';
import { useAppStore } from '../../../src-renderer/app/app-store';
import { startFirstLoad } from '../../../src-renderer/app/start-first-load';
import { useContactsStore } from '../../../src-renderer/features/contacts/contacts-store';
import { FIRST_CONTACTS_PAGE } from '../../../src-main/shared/first-screen';
import { flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';

const EMPTY: ContactPage = { items: [], page: 1, perPage: 100, total: 0, totalPages: 0, hasMore: false };

let crm: FakeCrm;

beforeEach(() => {
  vi.useFakeTimers();
  useAppStore.setState(useAppStore.getInitialState(), true);
  useContactsStore.setState(useContactsStore.getInitialState(), true);
  crm = installFakeCrm({ 'contacts:list': () => ok(EMPTY) });
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('startFirstLoad', () => {
  it('asks for the first contacts page when Contacts is the first screen, once', async () => {
    startFirstLoad();
    useContactsStore.getState().init(); // ContactsScreen mounting afterwards
    await flush();
    expect(crm.callsTo('contacts:list')).toEqual([{ page: 1, perPage: 100 }]);
  });

  it('asks for exactly the page main fetched while the window loaded, so main answers it from what it has', async () => {
    startFirstLoad();
    await flush();
    expect(crm.callsTo('contacts:list')).toEqual([FIRST_CONTACTS_PAGE]);
  });

  it('asks nothing when another screen is shown first', async () => {
    useAppStore.setState({ screen: 'outbox' });
    startFirstLoad();
    await flush();
    expect(crm.callsTo('contacts:list')).toEqual([]);
  });
});
