// The seeded contacts, listed in seeded order or by search (contact-search.ts), in docs/API.md's shape
// or a dialect's (a ContactView). Nothing is kept per contact beyond the seed's columns: a page
// is made when it is asked for (a few hundred small objects at most), so paging at the end of a
// million costs what paging at the start does. The index lists of the last few searches are kept
// (LRU), so paging through one search does not rescan.
import { NumberText, isDigitNeedle, isNameNeedle, searchNames } from './contact-field-search';
import { ContactSearch } from './contact-search';
import type { Paging } from './paging';
import { pageMeta, pageRange } from './paging';
import type { SeedColumns, SeedContact } from './seed-columns';

/** A contact's shape in one dialect; `index` is its place in the seeded list (0-based, stable). */
export interface ContactView {
  render(contact: SeedContact, index: number): unknown;
}

/** docs/API.md's Contact: the seeded record as it is. */
export const API_CONTACT_VIEW: ContactView = { render: (contact) => contact };

const SEARCH_CACHE_SIZE = 16;

export class ContactStore {
  private fullText: ContactSearch | null = null;
  private numberText: NumberText | null = null;
  private readonly searches = new Map<string, Int32Array>();

  constructor(private readonly contacts: SeedColumns) {}

  get size(): number {
    return this.contacts.size;
  }

  /** The name of the contact with this number, if one has it: a scan, made once per incoming message. */
  nameOf(number: string): string | undefined {
    const index = this.contacts.indexOfNumber(number);
    return index < 0 ? undefined : this.contacts.name(index);
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
    const result = this.scan(needle);
    this.searches.set(needle, result);
    if (this.searches.size > SEARCH_CACHE_SIZE) this.searches.delete(this.searches.keys().next().value!);
    return result;
  }

  /** Searches by name or by digits read the columns; others (digits with letters, an `@`) need the full text, built then. */
  private scan(needle: string): Int32Array {
    if (isNameNeedle(needle)) return searchNames(this.contacts, needle);
    if (isDigitNeedle(needle)) {
      this.numberText ??= new NumberText(this.contacts);
      return this.numberText.search(this.contacts, needle);
    }
    this.fullText ??= new ContactSearch(this.contacts);
    return this.fullText.scan(needle);
  }

  /** The whole listing body `{"data":[...],"meta":{...}}` as JSON text. */
  pageJson(paging: Paging, term: string): string {
    const total = this.matchCount(term);
    const { start, end } = pageRange(paging, total);
    const { items } = this.slice(term, start, end - start, API_CONTACT_VIEW);
    return `{"data":[${items.join(',')}],"meta":${JSON.stringify(pageMeta(paging, total))}}`;
  }

  matchCount(term: string): number {
    const hits = this.matches(term);
    return hits ? hits.length : this.contacts.size;
  }

  /** Up to `count` matches of `term` from the `start`-th (0-based), as JSON text in `view`, and how many match in all. */
  slice(term: string, start: number, count: number, view: ContactView): { total: number; items: string[] } {
    const hits = this.matches(term);
    const total = hits ? hits.length : this.contacts.size;
    const end = Math.min(total, start + count);
    const items: string[] = [];
    for (let i = start; i < end; i += 1) {
      const index = hits ? hits[i]! : i;
      items.push(JSON.stringify(view.render(this.contacts.contact(index), index)));
    }
    return { total, items };
  }
}
