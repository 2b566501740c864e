import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactPage, InboxPage } from '../../../src-renderer/lib/api';
import { useAppStore } from '../../../src-renderer/app/app-store';
import { expectsConversations, rememberFirstScreen } from '../../../src-renderer/app/first-screen-hint';
import { FIRST_SCREEN_WAIT_MS, startFirstLoad } from '../../../src-renderer/app/start-first-load';
import { useContactsStore } from '../../../src-renderer/features/contacts/contacts-store';
import { useInboxStore } from '../../../src-renderer/features/inbox/inbox-store';
import { FIRST_CONTACTS_PAGE } from '../../../src-main/shared/first-screen';
import { deferred, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { resetStores } from '../helpers/stores';

const EMPTY: ContactPage = { items: [], page: 1, perPage: 100, total: 0, totalPages: 0, hasMore: false };
const inboxOf = (total: number): InboxPage => ({ rows: [], total, offset: 0, unreadTotal: 0 });

let crm: FakeCrm;

beforeEach(() => {
  vi.useFakeTimers();
  resetStores(useAppStore, useContactsStore, useInboxStore);
  crm = installFakeCrm({ 'contacts:list': () => ok(EMPTY), 'inbox:list': () => ok(inboxOf(0)) });
  // the window opened on Conversations last time: React's first render waits for the inbox
  rememberFirstScreen(true);
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

  it('settles which screen the window opens on before React renders: Conversations when the profile has some', async () => {
    crm.handle('inbox:list', () => ok(inboxOf(3)));
    // the clock stands still: what settles it is the answer and the screen's chunk, not the cap
    await startFirstLoad();
    expect(useAppStore.getState().screen).toBe('conversations');
    expect(crm.callsTo('inbox:list')).toEqual([{ filter: 'all', offset: 0, limit: 100 }]);
  });

  it('keeps Contacts when the profile has no conversation', async () => {
    await startFirstLoad();
    expect(useAppStore.getState().screen).toBe('contacts');
    expect(crm.callsTo('inbox:list')).toHaveLength(1);
  });

  it('lets React render after FIRST_SCREEN_WAIT_MS when main does not answer yet, and opens Conversations when it does', async () => {
    const answer = deferred<ReturnType<typeof ok<InboxPage>>>();
    crm.handle('inbox:list', () => answer.promise);
    let known = false;
    const first = startFirstLoad().then(() => {
      known = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(known).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await first;
    expect(useAppStore.getState().screen).toBe('contacts');
    answer.resolve(ok(inboxOf(2)));
    await vi.waitFor(() => expect(useAppStore.getState().screen).toBe('conversations'));
  });

  it('renders at once when the window opened on Contacts last time, then switches if the inbox has conversations', async () => {
    rememberFirstScreen(false);
    const answer = deferred<ReturnType<typeof ok<InboxPage>>>();
    crm.handle('inbox:list', () => answer.promise);
    let known = false;
    void startFirstLoad().then(() => {
      known = true;
    });
    await flush();
    expect(known).toBe(true);
    expect(useAppStore.getState().screen).toBe('contacts');
    answer.resolve(ok(inboxOf(2)));
    await vi.waitFor(() => expect(useAppStore.getState().screen).toBe('conversations'));
    // and the next start waits for the inbox, since it will open there
    expect(expectsConversations()).toBe(true);
  });

  it('remembers a profile without conversations, so the next start renders at once', async () => {
    await startFirstLoad();
    await flush();
    expect(expectsConversations()).toBe(false);
  });
});
