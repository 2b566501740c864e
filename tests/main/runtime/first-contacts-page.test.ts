// The window's first contacts page, asked for as the window is created: handed to the window's
// first request for that page and never fetched twice; dropped, so the window's request goes to
// the service, when a profile or key changed first, the active profile is another, the early
// request failed, or it has grown old.
import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../src-main/core/emitter';
import type { ContactPage, Profile } from '../../../src-main/core/model';
import type { ListContactsInput } from '../../../src-main/core/operations';
import { FIRST_PAGE_FRESH_MS, prefetchFirstContactsPage } from '../../../src-main/runtime/first-contacts-page';
import { FIRST_CONTACTS_PAGE } from '../../../src-main/shared/first-screen';

const profile = (id: string) => ({ id }) as Profile;

function sources(options: { fail?: boolean } = {}) {
  const asked: (ListContactsInput & { profileId?: string })[] = [];
  let active: Profile | null = profile('p1');
  const profiles = new Emitter<unknown>();
  const keys = new Emitter<unknown>();
  let served = 0;
  return {
    asked,
    profileChanges: profiles,
    keyChanges: keys,
    setActive: (p: Profile | null) => {
      active = p;
    },
    deps: {
      contacts: {
        list: async (input: ListContactsInput & { profileId?: string }): Promise<ContactPage> => {
          asked.push(input);
          if (options.fail && served === 0) {
            served += 1;
            throw new Error('the service did not answer');
          }
          served += 1;
          return { items: [], page: input.page ?? 1, perPage: input.perPage ?? 50, total: served, totalPages: null, hasMore: false };
        },
      },
      profiles: { active: async () => active, onDidChange: profiles.event },
      keys: { onDidChange: keys.event },
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** the window asks for the first page: the answer is the service's `answer`-th, and the service was asked `asked` times by then */
async function expectFirstPage(
  first: ReturnType<typeof prefetchFirstContactsPage>,
  s: ReturnType<typeof sources>,
  answer: number,
  asked: number,
): Promise<void> {
  expect((await first.list({ ...FIRST_CONTACTS_PAGE })).total).toBe(answer);
  expect(s.asked).toHaveLength(asked);
}

describe('the first contacts page, fetched before the window asks', () => {
  it("is asked for the active profile at once, and answers the window's first request without asking again", async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await settle();
    expect(s.asked).toEqual([{ ...FIRST_CONTACTS_PAGE, profileId: 'p1' }]);
    await expectFirstPage(first, s, 1, 1);
  });

  it('is taken by the window even while it is still on its way', async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await expectFirstPage(first, s, 1, 1);
  });

  it('is served once: the next request for the same page goes to the service', async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await first.list({ ...FIRST_CONTACTS_PAGE });
    await expectFirstPage(first, s, 2, 2);
  });

  it('does not answer another page or a search', async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await settle();
    await first.list({ page: 2, perPage: FIRST_CONTACTS_PAGE.perPage });
    await first.list({ ...FIRST_CONTACTS_PAGE, search: 'ana' });
    expect(s.asked.slice(1)).toEqual([
      { page: 2, perPage: FIRST_CONTACTS_PAGE.perPage },
      { ...FIRST_CONTACTS_PAGE, search: 'ana' },
    ]);
    // still there for the first page itself
    expect((await first.list({ ...FIRST_CONTACTS_PAGE })).total).toBe(1);
  });

  it('is dropped when a profile changes before the window asks', async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await settle();
    s.setActive(profile('p2'));
    s.profileChanges.fire({});
    expect((await first.list({ ...FIRST_CONTACTS_PAGE })).total).toBe(2);
    expect(s.asked.at(-1)).toEqual({ ...FIRST_CONTACTS_PAGE });
  });

  it('is dropped when a key changes before the window asks', async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await settle();
    s.keyChanges.fire({});
    await expectFirstPage(first, s, 2, 2);
  });

  it('is not served for another profile than the active one', async () => {
    const s = sources();
    const first = prefetchFirstContactsPage(s.deps);
    await settle();
    // chosen by another process, whose change has not been heard yet
    s.setActive(profile('p2'));
    expect((await first.list({ ...FIRST_CONTACTS_PAGE })).total).toBe(2);
  });

  it('is asked afresh when the early request failed', async () => {
    const s = sources({ fail: true });
    const first = prefetchFirstContactsPage(s.deps);
    await expectFirstPage(first, s, 2, 2);
  });

  it('is asked afresh when it has grown old', async () => {
    const s = sources();
    let clock = 1_000;
    const first = prefetchFirstContactsPage(s.deps, { now: () => clock });
    await settle();
    clock += FIRST_PAGE_FRESH_MS + 1;
    expect((await first.list({ ...FIRST_CONTACTS_PAGE })).total).toBe(2);
  });

  it("asks nothing when no profile is active, and the window's request goes to the service", async () => {
    const s = sources();
    s.setActive(null);
    const first = prefetchFirstContactsPage(s.deps);
    await settle();
    expect(s.asked).toEqual([]);
    await first.list({ ...FIRST_CONTACTS_PAGE });
    expect(s.asked).toEqual([{ ...FIRST_CONTACTS_PAGE }]);
  });
});
