// The seeded contacts with a case-insensitive substring search over name, number and email.
// A lower-case haystack per contact is built once; the index lists of the last few searches
// are kept (LRU), so paging through one search does not rescan; each contact's JSON is
// cached on first use, so a page is a string join.
import type { Paging } from './paging';
import { pageMeta, pageRange } from './paging';
import type { SeedContact } from './seed';

const SEARCH_CACHE_SIZE = 16;

export class ContactStore {
  private readonly haystacks: string[];
  private readonly jsonCache: (string | undefined)[];
  private readonly searches = new Map<string, Int32Array>();

  constructor(private readonly contacts: readonly SeedContact[]) {
    this.haystacks = contacts.map((c) => `${c.name}\u0000${c.number}\u0000${c.email ?? ''}`.toLowerCase());
    this.jsonCache = new Array<string | undefined>(contacts.length);
  }

  get size(): number {
    return this.contacts.length;
  }

  /** Indexes of the contacts matching `term` (already trimmed), or null for "all". */
  matches(term: string): Int32Array | null {
    if (term === '') return null;
    const needle = term.toLowerCase();
    const cached = this.searches.get(needle);
    if (cached) {
      this.searches.delete(needle);
      this.searches.set(needle, cached);
      return cached;
    }
    const hits = new Int32Array(this.haystacks.length);
    let count = 0;
    for (let i = 0; i < this.haystacks.length; i += 1) {
      if (this.haystacks[i]!.includes(needle)) hits[count++] = i;
    }
    const result = hits.slice(0, count);
    this.searches.set(needle, result);
    if (this.searches.size > SEARCH_CACHE_SIZE) this.searches.delete(this.searches.keys().next().value!);
    return result;
  }

  /** The whole listing body `{"data":[...],"meta":{...}}` as JSON text. */
  pageJson(paging: Paging, term: string): string {
    const hits = this.matches(term);
    const total = hits ? hits.length : this.contacts.length;
    const { start, end } = pageRange(paging, total);
    const parts: string[] = [];
    for (let i = start; i < end; i += 1) parts.push(this.contactJson(hits ? hits[i]! : i));
    return `{"data":[${parts.join(',')}],"meta":${JSON.stringify(pageMeta(paging, total))}}`;
  }

  private contactJson(index: number): string {
    let text = this.jsonCache[index];
    if (text === undefined) {
      text = JSON.stringify(this.contacts[index]);
      this.jsonCache[index] = text;
    }
    return text;
  }
}
