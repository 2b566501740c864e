// Contacts for a service that has no contacts listing (Twilio, Meta's Cloud API): the numbers
// this app has already messaged through the profile, newest first, one row per number, found by
// the same search the contacts screen sends (a name is not known, so the number is the name).
// Pure.
import type { Contact, ContactPage } from '../model';
import type { SentRecord } from '../messages/sent-record';
import { searchTerm } from '../phone';

export interface RecordContactsQuery {
  profileId: string;
  page: number;
  perPage: number;
  search?: string;
}

export function recordContacts(records: readonly SentRecord[], query: RecordContactsQuery, notice: string): ContactPage {
  const wanted = query.search === undefined || query.search.trim() === '' ? null : searchTerm(query.search).toLowerCase();
  const seen = new Map<string, SentRecord>();
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.profileId !== query.profileId || seen.has(record.number)) continue;
    if (wanted !== null && !record.number.includes(wanted)) continue;
    seen.set(record.number, record);
  }
  const all = [...seen.values()];
  const start = (query.page - 1) * query.perPage;
  const items: Contact[] = all.slice(start, start + query.perPage).map((r) => ({
    id: `messaged:${r.number}`,
    name: `+${r.number}`,
    number: r.number,
    email: null,
    tags: [],
    createdAt: null,
    updatedAt: r.at,
  }));
  return {
    items,
    page: query.page,
    perPage: query.perPage,
    total: all.length,
    totalPages: Math.max(1, Math.ceil(all.length / query.perPage)),
    hasMore: start + query.perPage < all.length,
    notice,
  };
}
