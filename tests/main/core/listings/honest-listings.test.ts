// Listings as the service really does them, over real HTTP against the sandbox's vendor dialects:
// Evolution v2's POST findContacts paged and searched in its JSON body (learned from a cURL with
// -d), the same listing imported from an OpenAPI document whose body takes no search and no paging
// (a search is refused with the reason, every row answered at once is cut into pages), a search
// slot the service ignores (found out from its answer and recorded with the profile, so the next
// process knows), a 429 on a POST listing waited out, and Wati's GET listing with page/size params.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { Contact } from '../../../../src-main/shared/model';
import { contactHolds } from '../../../../src-main/shared/contact-match';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { evolutionContacts, numberOf, type EvolutionContact } from '../../helpers/evolution-contacts';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';

const hasKeychain = await keychainAvailable();
const CONTACTS = 30;
const FIXTURE = join(__dirname, '../../../fixtures/specs/evolution-style.json');

const HEADERS = "-H 'apikey: YOUR_API_KEY' -H 'Content-Type: application/json'";
const curl = (base: string, body: unknown): string =>
  `curl -X POST '${base}/chat/findContacts/sandbox' ${HEADERS} --data-raw '${JSON.stringify(body)}'`;
const numbers = (items: Contact[]): string[] => items.map((c) => c.number);

describe.skipIf(!hasKeychain)('honest listings against the evolution-v2 dialect', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let all: EvolutionContact[];

  // each profile its own key: one key value is saved once
  const addProfile = async (name: string): Promise<string> => {
    const key = { name: 'apikey', value: sandbox.createKey(name, ['contacts:read']).key };
    return (await addProfileWithKey(t.core, { name, baseUrl: sandbox.baseUrl }, key)).profileId;
  };
  const profileFromCurl = async (name: string, body: unknown): Promise<string> => {
    const profileId = await addProfile(name);
    const proposal = await t.core.api.propose(profileId, 'contacts.list', curl(sandbox.baseUrl, body));
    await t.core.api.save(profileId, 'contacts.list', proposal.spec);
    return profileId;
  };
  const lastFind = (): unknown =>
    sandbox
      .requests()
      .filter((r) => r.path.startsWith('/chat/findContacts'))
      .at(-1)!.json;

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'evolution-v2', contacts: CONTACTS, rate: 1000, burst: 1000 });
    t = await openTestCore('honest-listings');
    all = await evolutionContacts(sandbox);
  });
  afterAll(async () => {
    await t.cleanup();
    await closeSandboxes();
  });

  describe('learned from a cURL whose body holds the filter and the paging', () => {
    let profileId: string;
    beforeAll(async () => {
      profileId = await profileFromCurl('evolution-paged', { where: { pushName: 'Ana' }, page: 1, offset: 10 });
    });

    it("reads the body as search, page and page size (Evolution's offset holds how many a page has)", async () => {
      const spec = (await t.core.api.describe(profileId)).operations.find((o) => o.operation === 'contacts.list')!.spec;
      expect(spec.body).toEqual({ where: { pushName: { $role: 'search' } }, page: { $role: 'page' }, offset: { $role: 'per_page' } });
    });

    it('page 2 holds the next rows, asked for in the body', async () => {
      const first = await t.core.contacts.list({ profileId, page: 1, perPage: 10 });
      const second = await t.core.contacts.list({ profileId, page: 2, perPage: 10 });
      expect(lastFind()).toEqual({ where: {}, page: 2, offset: 10 });
      expect(numbers(first.items)).toEqual(all.slice(0, 10).map(numberOf));
      expect(numbers(second.items)).toEqual(all.slice(10, 20).map(numberOf));
      expect(second.searchUnsupported).toBeUndefined();
    });

    it('a search goes in the body and is trusted: every row holds the term', async () => {
      const word = all[4]!.pushName.split(' ')[0]!;
      const found = await t.core.contacts.list({ profileId, page: 1, perPage: 10, search: word });
      expect(lastFind()).toEqual({ where: { pushName: word }, page: 1, offset: 10 });
      expect(found.items.length).toBeGreaterThan(0);
      expect(found.items.every((c) => contactHolds(c, word))).toBe(true);
      expect(found.searchUnsupported).toBeUndefined();
    });

    it('a 429 on the POST listing is waited out per its Retry-After, then answered', async () => {
      sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '1' }], { pathPrefix: '/chat/findContacts' });
      const before = sandbox.requests().length;
      const page = await t.core.contacts.list({ profileId, page: 3, perPage: 10 });
      expect(page.items).toHaveLength(10);
      expect(sandbox.requests().length - before).toBe(2);
    });
  });

  describe('imported from an OpenAPI document whose body is only {"where": {}}', () => {
    let profileId: string;
    beforeAll(async () => {
      profileId = await addProfile('evolution-openapi');
      const loaded = await t.core.api.loadSpec(FIXTURE);
      const vars = { instance: 'sandbox' };
      const proposed = await t.core.api.proposeFromSpec(profileId, 'contacts.list', loaded, 'POST /chat/findContacts/{instance}', { vars });
      await t.core.api.save(profileId, 'contacts.list', proposed.proposal!.spec);
    });

    it('a search is not sent as done: the listing comes back unsearched with the reason', async () => {
      const page = await t.core.contacts.list({ profileId, page: 1, perPage: 5, search: 'Ana Ferreira' });
      expect(page.searchUnsupported).toMatch(/takes no search term/);
      expect(page.items).toHaveLength(5);
      expect(lastFind()).toEqual({ where: {} });
    });

    it('every row answered at once is cut into pages of the size asked, and recorded for the next process', async () => {
      const pages = [];
      for (const page of [1, 2, 3, 4, 5, 6, 7]) pages.push(await t.core.contacts.list({ profileId, page, perPage: 5 }));
      expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 5, 5, 5, 0]);
      expect(new Set(pages.flatMap((p) => numbers(p.items))).size).toBe(CONTACTS);
      expect(pages.map((p) => p.hasMore)).toEqual([true, true, true, true, true, false, false]);
      expect(pages[0]!.total).toBe(CONTACTS);
      const next = await openTestCore('honest-listings-next', { dataDir: t.dataDir, raw: t.raw });
      try {
        const profile = await next.core.profiles.get(profileId);
        expect(profile.api?.operations['contacts.list']?.listing).toEqual({ pageSize: CONTACTS });
      } finally {
        await next.core.close();
      }
    });
  });

  describe('a page number in the body but no page size (the service answers every row for any page)', () => {
    let profileId: string;
    beforeAll(async () => {
      profileId = await profileFromCurl('evolution-page-only', { where: {}, page: 1 });
    });

    it("page 2, asked first in this process, holds rows 11 to 20: the service's own page size is learned from its answer", async () => {
      const second = await t.core.contacts.list({ profileId, page: 2, perPage: 10 });
      const first = await t.core.contacts.list({ profileId, page: 1, perPage: 10 });
      expect(numbers(second.items)).toEqual(all.slice(10, 20).map(numberOf));
      expect(numbers(first.items)).toEqual(all.slice(0, 10).map(numberOf));
      const last = await t.core.contacts.list({ profileId, page: 3, perPage: 10 });
      expect(numbers(last.items)).toEqual(all.slice(20, 30).map(numberOf));
      const spec = (await t.core.api.describe(profileId)).operations.find((o) => o.operation === 'contacts.list')!.spec;
      expect(spec.listing).toEqual({ pageSize: CONTACTS });
    });
  });

  describe('a search slot the service does not read', () => {
    let profileId: string;
    beforeAll(async () => {
      // findContacts has no `name` filter: the sandbox, like the service, lets it pass unread
      profileId = await profileFromCurl('evolution-name', { where: { name: 'Ana' } });
    });

    it('is found out from the answer, said, and recorded with the description', async () => {
      const page = await t.core.contacts.list({ profileId, page: 1, perPage: 50, search: 'Zyxwv Qopl' });
      expect(page.searchUnsupported).toMatch(/answered a search with contacts that do not contain/);
      const spec = (await t.core.api.describe(profileId)).operations.find((o) => o.operation === 'contacts.list')!.spec;
      expect(spec.listing).toEqual({ searchIgnored: true });
      // known now: the next search is not sent at all
      const again = await t.core.contacts.list({ profileId, page: 1, perPage: 50, search: all[0]!.pushName });
      expect(lastFind()).toEqual({ where: {} });
      expect(again.searchUnsupported).toMatch(/answered a search/);
    });

    it('a description saved anew is judged anew', async () => {
      const proposal = await t.core.api.propose(profileId, 'contacts.list', curl(sandbox.baseUrl, { where: { pushName: 'Ana' } }));
      await t.core.api.save(profileId, 'contacts.list', proposal.spec);
      const spec = (await t.core.api.describe(profileId)).operations.find((o) => o.operation === 'contacts.list')!.spec;
      expect(spec.listing).toBeUndefined();
    });
  });
});

describe.skipIf(!hasKeychain)('honest listings against the wati dialect (GET, pageSize and pageNumber)', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let profileId: string;

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'wati', contacts: CONTACTS, rate: 1000, burst: 1000 });
    t = await openTestCore('honest-listings-wati');
    const key = { name: 'token', value: sandbox.adminKey };
    ({ profileId } = await addProfileWithKey(t.core, { name: 'wati', baseUrl: sandbox.baseUrl }, key));
    const url = `${sandbox.baseUrl}/api/v1/getContacts?pageSize=10&pageNumber=1&name=Ana`;
    const example = `curl '${url}' -H 'Authorization: Bearer YOUR_API_KEY'`;
    const proposal = await t.core.api.propose(profileId, 'contacts.list', example);
    await t.core.api.save(profileId, 'contacts.list', proposal.spec);
  });
  afterAll(async () => {
    await t.cleanup();
    await closeSandboxes();
  });

  it('pages by the page number and size in the query, and searches by name', async () => {
    const first = await t.core.contacts.list({ profileId, page: 1, perPage: 8 });
    const second = await t.core.contacts.list({ profileId, page: 2, perPage: 8 });
    expect(first.items).toHaveLength(8);
    expect(second.items).toHaveLength(8);
    expect(numbers(second.items).some((n) => numbers(first.items).includes(n))).toBe(false);
    expect(sandbox.requests().at(-1)!.query).toEqual({ pageSize: '8', pageNumber: '2' });
    const word = first.items[2]!.name.split(' ')[0]!;
    const found = await t.core.contacts.list({ profileId, page: 1, perPage: 8, search: word });
    expect(found.items.every((c) => contactHolds(c, word))).toBe(true);
    expect(found.searchUnsupported).toBeUndefined();
  });

  it("taught without the page size: Wati's own 10 a page is learned, and pages of any size are gathered from it", async () => {
    const key = { name: 'token', value: sandbox.createKey('w2', ['contacts:read']).key };
    const own = (await addProfileWithKey(t.core, { name: 'wati-own-size', baseUrl: sandbox.baseUrl }, key)).profileId;
    const example = `curl '${sandbox.baseUrl}/api/v1/getContacts?pageNumber=1' -H 'Authorization: Bearer YOUR_API_KEY'`;
    await t.core.api.save(own, 'contacts.list', (await t.core.api.propose(own, 'contacts.list', example)).spec);
    const everyone = numbers((await t.core.contacts.list({ profileId, page: 1, perPage: CONTACTS })).items);
    const of = async (page: number, perPage: number): Promise<string[]> =>
      numbers((await t.core.contacts.list({ profileId: own, page, perPage })).items);
    expect(await of(1, 4)).toEqual(everyone.slice(0, 4));
    expect(await of(3, 4)).toEqual(everyone.slice(8, 12));
    expect(await of(1, 25)).toEqual(everyone.slice(0, 25));
    expect(await of(2, 25)).toEqual(everyone.slice(25, 30));
  });
});
