// The first contacts page, asked of the active profile's service as soon as the window is being
// created, so that the page is on its way (or here) by the time the window's script has loaded
// and asks for it: the window's cold load then waits for its own work, not for the keychain and
// the network. The window's first `contacts:list` for that page takes it; nothing is fetched
// twice. It is dropped, and the window's request goes to the service as usual, when a profile or
// a key changes before it is asked for (another profile, another key, another address), when it
// is for another profile than the active one, when it failed, or when it is older than a few
// seconds (a page asked for later is asked afresh).
import { combinedDisposable, type Disposable, type Event } from '../core/emitter';
import type { ContactPage, Profile } from '../core/model';
import type { ListContactsInput } from '../core/operations';
import { FIRST_CONTACTS_PAGE } from '../shared/first-screen';

export interface FirstPageSources {
  contacts: { list(input: ListContactsInput & { profileId?: string }): Promise<ContactPage> };
  profiles: { active(): Promise<Profile | null>; onDidChange: Event<unknown> };
  keys: { onDidChange: Event<unknown> };
}

export interface FirstContactsPage extends Disposable {
  /** the window's `contacts:list`: the page already asked for when it is that page, else the service's answer */
  list(input: ListContactsInput): Promise<ContactPage>;
}

/** how long a page fetched at start-up may stand in for one asked for now */
export const FIRST_PAGE_FRESH_MS = 10_000;

interface Pending {
  profileId: string;
  page: Promise<ContactPage | null>;
  at: number;
}

export function prefetchFirstContactsPage(
  sources: FirstPageSources,
  options: { now?: () => number; freshMs?: number } = {},
): FirstContactsPage {
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? FIRST_PAGE_FRESH_MS;
  let pending: Promise<Pending | null> | null = null;
  const drop = (): void => {
    pending = null;
    subscriptions.dispose();
  };
  const subscriptions = combinedDisposable([sources.profiles.onDidChange(drop), sources.keys.onDidChange(drop)]);
  const started = now();
  pending = sources.profiles.active().then(
    (profile) => {
      if (profile === null) return null;
      // for this profile by name: a profile chosen meanwhile is not served this one's contacts
      const page = sources.contacts.list({ ...FIRST_CONTACTS_PAGE, profileId: profile.id }).catch(() => null);
      return { profileId: profile.id, page, at: started };
    },
    () => null,
  );

  const take = async (): Promise<ContactPage | null> => {
    const first = pending;
    drop();
    const prefetched = first === null ? null : await first;
    if (prefetched === null || now() - prefetched.at > freshMs) return null;
    const active = await sources.profiles.active().catch(() => null);
    return active?.id === prefetched.profileId ? prefetched.page : null;
  };

  return {
    async list(input) {
      if (pending === null || !isFirstPage(input)) return sources.contacts.list(input);
      return (await take()) ?? sources.contacts.list(input);
    },
    dispose: drop,
  };
}

function isFirstPage(input: ListContactsInput): boolean {
  const keys = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
  return keys.length === 2 && input.page === FIRST_CONTACTS_PAGE.page && input.perPage === FIRST_CONTACTS_PAGE.perPage;
}
