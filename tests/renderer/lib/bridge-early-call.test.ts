// window.crm makes the window's first call as it is installed (preload/create-api.ts: before the
// page's own scripts are fetched); the app's identical request takes that answer once, the early
// script then asks nothing more, and a profile switch before the app asked drops it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../../src-main/preload/create-api';
import { EARLY_CALL_FRESH_MS, FIRST_CONTACTS_PAGE } from '../../../src-main/shared/first-screen';
import type * as AppApiModule from '../../../src-renderer/lib/api';
import type { ContactPage, CrmApi, Result } from '../../../src-renderer/lib/api';
import { createFakeCrm, fail, ok, type FakeCrm } from '../helpers/fake-crm';

type AppApi = typeof AppApiModule;

const pageOf = (n: number): ContactPage => ({ items: [], page: 1, perPage: 100, total: n, totalPages: null, hasMore: false });

let fake: FakeCrm;
let served: number;

/** window.crm as the preload installs it, over the fake's handlers; then the app's api module, evaluated afresh */
async function openWindow(answer: () => Result<ContactPage> = () => ok(pageOf((served += 1)))): Promise<AppApi> {
  fake = createFakeCrm({ 'contacts:list': answer });
  const calls = fake.api as unknown as Record<string, (payload: unknown) => Promise<unknown>>;
  window.crm = createApi({ invoke: (channel, payload) => calls[channel]!(payload), subscribe: () => () => undefined });
  vi.resetModules();
  return import('../../../src-renderer/lib/api');
}

beforeEach(() => {
  served = 0;
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as { crm?: CrmApi }).crm;
});

describe("window.crm's early call", () => {
  it('leaves as window.crm is installed, and the app takes its answer without asking main again', async () => {
    const api = await openWindow();
    expect(fake.callsTo('contacts:list')).toEqual([FIRST_CONTACTS_PAGE]);
    expect(await api.invoke('contacts:list', { page: 1, perPage: FIRST_CONTACTS_PAGE.perPage })).toEqual(ok(pageOf(1)));
    expect(fake.callsTo('contacts:list')).toHaveLength(1);
  });

  it('the early script asks nothing more when window.crm made the call', async () => {
    const api = await openWindow();
    api.invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(1)));
    expect(fake.callsTo('contacts:list')).toHaveLength(1);
  });

  it('is taken once: window.crm hands it over no more, and the next identical request asks main', async () => {
    const api = await openWindow();
    await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE });
    expect(window.crm.takeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE })).toBeUndefined();
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
    expect(fake.callsTo('contacts:list')).toHaveLength(2);
  });

  it('answers no other request, and window.crm keeps it for the identical one', async () => {
    await openWindow();
    expect(window.crm.takeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE, search: 'ana' })).toBeUndefined();
    expect(window.crm.takeEarly('inbox:list', { ...FIRST_CONTACTS_PAGE } as never)).toBeUndefined();
    await expect(window.crm.takeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE })).resolves.toEqual(ok(pageOf(1)));
  });

  it('a profile switch before the app asked drops it: the app and a late early script ask main for the profile now active', async () => {
    const api = await openWindow();
    api.dropEarlyCalls();
    api.invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
    expect(fake.callsTo('contacts:list')).toHaveLength(2);
    // dropped, never adopted later: the next request asks main again
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(3)));
  });

  it('a stale early answer is not served: the same page asked for later asks main', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const api = await openWindow();
    vi.setSystemTime(1_000_000 + EARLY_CALL_FRESH_MS + 1);
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
  });

  it('refused as not from the app page (main saw it before the page committed), the app asks again instead of showing that', async () => {
    let asked = 0;
    const refused = fail({ code: 'validation', message: 'Request refused: it did not come from the app window.' });
    const api = await openWindow(() => ((asked += 1) === 1 ? refused : ok(pageOf(asked))));
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
    expect(fake.callsTo('contacts:list')).toHaveLength(2);
  });

  it('a failure the service answered is the answer: the app does not ask twice', async () => {
    const down = fail({ code: 'network', message: 'The service could not be reached.' });
    const api = await openWindow(() => down);
    expect(await api.invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(down);
    expect(fake.callsTo('contacts:list')).toHaveLength(1);
  });
});
