// The window's first script asks main for the first contacts page before the app's bundle runs
// (early-first-page.ts); the app's own identical request takes that answer, once, and nothing
// else is answered from it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactPage } from '../../../src-renderer/lib/api';
import { EARLY_CALL_FRESH_MS, dropEarlyCalls, invoke, invokeEarly } from '../../../src-renderer/lib/api';
import { FIRST_CONTACTS_PAGE } from '../../../src-main/shared/first-screen';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';

const pageOf = (n: number): ContactPage => ({ items: [], page: 1, perPage: 100, total: n, totalPages: null, hasMore: false });

let crm: FakeCrm;
let served: number;

afterEach(() => {
  vi.useRealTimers();
  dropEarlyCalls();
});

beforeEach(() => {
  served = 0;
  crm = installFakeCrm({ 'contacts:list': () => ok(pageOf((served += 1))) });
});

describe('invokeEarly', () => {
  it("asks main at once, and the app's identical request takes that answer without asking again", async () => {
    invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    expect(crm.callsTo('contacts:list')).toEqual([FIRST_CONTACTS_PAGE]);
    expect(await invoke('contacts:list', { page: 1, perPage: FIRST_CONTACTS_PAGE.perPage })).toEqual(ok(pageOf(1)));
    expect(crm.callsTo('contacts:list')).toHaveLength(1);
  });

  it('hands its answer over once: the next identical request asks main', async () => {
    invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    await invoke('contacts:list', { ...FIRST_CONTACTS_PAGE });
    expect(await invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
    expect(crm.callsTo('contacts:list')).toHaveLength(2);
  });

  it('does not answer another request', async () => {
    invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    expect(await invoke('contacts:list', { ...FIRST_CONTACTS_PAGE, search: 'ana' })).toEqual(ok(pageOf(2)));
    expect(await invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(1)));
  });

  it('a stale early answer is not served: the same page asked for later (another profile may be active) asks main', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    vi.setSystemTime(1_000_000 + EARLY_CALL_FRESH_MS + 1);
    expect(await invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
  });

  it('a profile switch drops an early answer not taken yet', async () => {
    invokeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE });
    dropEarlyCalls();
    expect(await invoke('contacts:list', { ...FIRST_CONTACTS_PAGE })).toEqual(ok(pageOf(2)));
  });
});
