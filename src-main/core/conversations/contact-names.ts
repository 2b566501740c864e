// The name a conversation shows when the service's events carried none (the default API's and
// most bridges' events do not): the contact with that number in the profile's contacts list.
// One lookup per number, not per message: answers are kept per profile for a while, misses too
// (most numbers that write are not in the list), and a lookup that failed (offline, no key) is
// kept for a shorter while so an open conversation does not ask again at every event.
export type NameLookup = (profileId: string, number: string) => Promise<string | null>;

/** how long a found name, or a number found in no contact, is trusted */
export const NAME_TTL_MS = 10 * 60_000;
/** how long a failed lookup keeps the conversation from asking again */
export const FAILED_LOOKUP_TTL_MS = 60_000;
/** numbers kept per profile; the oldest go first */
const PER_PROFILE = 2_000;

interface Entry {
  name: Promise<string | null>;
  until: number;
}

export class ContactNames {
  private readonly byProfile = new Map<string, Map<string, Entry>>();

  constructor(
    private readonly lookup: NameLookup,
    private readonly now: () => number = Date.now,
  ) {}

  nameOf(profileId: string, number: string): Promise<string | null> {
    let cache = this.byProfile.get(profileId);
    if (!cache) {
      cache = new Map();
      this.byProfile.set(profileId, cache);
    }
    const kept = cache.get(number);
    if (kept && kept.until > this.now()) return kept.name;
    const entry: Entry = { name: Promise.resolve(null), until: this.now() + NAME_TTL_MS };
    entry.name = this.lookup(profileId, number).catch(() => {
      entry.until = this.now() + FAILED_LOOKUP_TTL_MS;
      return null;
    });
    cache.delete(number);
    cache.set(number, entry);
    if (cache.size > PER_PROFILE) cache.delete(cache.keys().next().value!);
    return entry.name;
  }

  /** the profiles with names kept */
  profileIds(): IterableIterator<string> {
    return this.byProfile.keys();
  }

  /** the profile's contacts changed (or it is gone): ask again next time */
  forget(profileId: string): void {
    this.byProfile.delete(profileId);
  }
}

/** the name of the contact with exactly this number (digits) among `contacts`; a row without a real name (its number as its name) is none */
export function nameAmong(contacts: readonly { name: string; number: string }[], number: string): string | null {
  for (const contact of contacts) {
    if (contact.number.replace(/\D/g, '') !== number) continue;
    const name = contact.name.trim();
    if (name !== '' && name.replace(/\D/g, '') !== number) return name;
  }
  return null;
}
