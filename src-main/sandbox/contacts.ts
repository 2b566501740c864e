// The seeded contacts with a case-insensitive substring search over name, number and email.
// All contacts' lower-case "name NUL number NUL email" records are joined into ONE string once,
// so a search is a run of String#indexOf calls over it (V8's fast substring search) instead of
// 100,000 separate scans; after a hit the scan jumps to the next contact. The index lists of
// the last few searches are kept (LRU), so paging through one search does not rescan, and each
// contact's JSON is cached on first use, so a page is a string join.
import type { Paging } from './paging';
import { pageMeta, pageRange } from './paging';
import type { SeedContact } from './seed';

const SEARCH_CACHE_SIZE = 16;
const FIELD_END = '\u0000';
const RECORD_END = '\u0001';

export class ContactStore {
  /** every contact's record, each ended by RECORD_END */
  private readonly text: string;
  /** offset of each contact's record in `text`, plus the length of `text` */
  private readonly starts: Int32Array;
  private readonly jsonCache: (string | undefined)[];
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
    const result = this.scan(needle);
    this.searches.set(needle, result);
    if (this.searches.size > SEARCH_CACHE_SIZE) this.searches.delete(this.searches.keys().next().value!);
    return result;
  }

  private scan(needle: string): Int32Array {
    // a separator in the needle could only match across fields or contacts
    if (needle.includes(FIELD_END) || needle.includes(RECORD_END)) return new Int32Array(0);
    const hits: number[] = [];
    let contact = 0;
    let at = this.text.indexOf(needle);
    while (at >= 0) {
      while (this.starts[contact + 1]! <= at) contact += 1;
      hits.push(contact);
      at = this.text.indexOf(needle, this.starts[contact + 1]);
    }
    return Int32Array.from(hits);
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
