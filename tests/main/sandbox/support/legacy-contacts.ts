// The contact store as it was before the columns (objects in, JSON cached per contact), kept
// only as the reference the columnar store must answer exactly like.
import type { Paging } from '../../../../src-main/sandbox/paging';
import { pageMeta, pageRange } from '../../../../src-main/sandbox/paging';
import type { LegacySeedContact as SeedContact } from './legacy-seed';

/** A contact's shape in one dialect; `index` is its place in the seeded list (0-based, stable). */
export interface ContactView {
  render(contact: SeedContact, index: number): unknown;
}

/** docs/API.md's Contact: the seeded record as it is. */
export const API_CONTACT_VIEW: ContactView = { render: (contact) => contact };

const SEARCH_CACHE_SIZE = 16;
const FIELD_END = '\u0000';
const RECORD_END = '\u0001';
const WORD_CHAR = /[\p{L}\p{N}]/u;

export class LegacyContactStore {
  /** every contact's record, each ended by RECORD_END */
  private readonly text: string;
  /** offset of each contact's record in `text`, plus the length of `text` */
  private readonly starts: Int32Array;
  private readonly jsonCaches = new Map<ContactView, (string | undefined)[]>();
  private readonly searches = new Map<string, Int32Array>();

  constructor(private readonly contacts: readonly SeedContact[]) {
    const records = contacts.map((c) => `${c.name}${FIELD_END}${c.number}${FIELD_END}${c.email ?? ''}${RECORD_END}`.toLowerCase());
    this.starts = new Int32Array(contacts.length + 1);
    let offset = 0;
    records.forEach((record, i) => {
      this.starts[i] = offset;
      offset += record.length;
    });
    this.starts[contacts.length] = offset;
    this.text = records.join('');
  }

  get size(): number {
    return this.contacts.length;
  }

  /** The name of the contact with this number, if one has it: a scan, made once per incoming message. */
  nameOf(number: string): string | undefined {
    return this.contacts.find((contact) => contact.number === number)?.name;
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

  private scan(needle: string): Int32Array {
    // a separator in the needle could only match across fields or contacts
    if (needle.includes(FIELD_END) || needle.includes(RECORD_END)) return new Int32Array(0);
    // word-start matches first ("Ana Lima" before "Mariana"), each group in seeded order
    const wordStart: number[] = [];
    const inside: number[] = [];
    let contact = 0;
    let at = this.text.indexOf(needle);
    while (at >= 0) {
      while (this.starts[contact + 1]! <= at) contact += 1;
      (this.startsAWord(contact, needle, at) ? wordStart : inside).push(contact);
      at = this.text.indexOf(needle, this.starts[contact + 1]);
    }
    return Int32Array.from([...wordStart, ...inside]);
  }

  /** whether some occurrence of `needle` in the contact's record, from `at` on, starts a word */
  private startsAWord(contact: number, needle: string, at: number): boolean {
    const end = this.starts[contact + 1]!;
    for (let i = at; i >= 0 && i < end; i = this.text.indexOf(needle, i + 1)) {
      if (i === this.starts[contact] || !WORD_CHAR.test(this.text[i - 1]!)) return true;
    }
    return false;
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
    return hits ? hits.length : this.contacts.length;
  }

  /** Up to `count` matches of `term` from the `start`-th (0-based), as JSON text in `view`, and how many match in all. */
  slice(term: string, start: number, count: number, view: ContactView): { total: number; items: string[] } {
    const hits = this.matches(term);
    const total = hits ? hits.length : this.contacts.length;
    const end = Math.min(total, start + count);
    const items: string[] = [];
    for (let i = start; i < end; i += 1) items.push(this.contactJson(hits ? hits[i]! : i, view));
    return { total, items };
  }

  private contactJson(index: number, view: ContactView): string {
    let cache = this.jsonCaches.get(view);
    if (cache === undefined) {
      cache = new Array<string | undefined>(this.contacts.length);
      this.jsonCaches.set(view, cache);
    }
    let text = cache[index];
    if (text === undefined) {
      text = JSON.stringify(view.render(this.contacts[index]!, index));
      cache[index] = text;
    }
    return text;
  }
}
