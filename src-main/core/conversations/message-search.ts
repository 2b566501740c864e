// Search across every conversation of a profile: what this app sent and what contacts wrote,
// newest first, a page at a time, each hit with the piece of its text that matched. The person's
// words go through search-query.ts (never taken as FTS5 syntax), the index is
// message-search-table.ts, the snippet search-snippet.ts.
import { CrmError } from '../errors';
import type { ProfileManager } from '../profiles/profile-manager';
import type { MessageSearchTable, SearchBounds, StoredHit } from '../store/tables/message-search-table';
import type { SearchHit, SearchPage } from '../../shared/message-search';
import { buildSearchQuery } from './search-query';
import { snippetOf } from './search-snippet';

/** hits on a page unless asked otherwise, and at most */
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 100;
/** matches are counted up to this many ("1000+"): counting every match of a common word would read the whole index */
export const SEARCH_COUNT_CAP = 1_000;

export interface SearchInput {
  profileId?: string;
  text: string;
  limit?: number;
  /** the `next` of the page before */
  after?: string | null;
}

export interface MessageSearchDeps {
  table: MessageSearchTable;
  profiles: Pick<ProfileManager, 'resolve'>;
  /**
   * A function that cuts every saved key out of a text, made once per search: the stored texts
   * were scrubbed when written, of the keys that process held then; a key saved, or first read,
   * since was not among them (docs/ARCHITECTURE.md, rule 1).
   */
  scrubber: () => Promise<(text: string) => string>;
}

export class MessageSearch {
  constructor(private readonly deps: MessageSearchDeps) {}

  async search(input: SearchInput): Promise<SearchPage> {
    const query = buildSearchQuery(input.text);
    if (!query.ok) throw new CrmError('validation', query.message, { details: [{ field: 'text', message: query.message }] });
    const limit = input.limit ?? SEARCH_PAGE_DEFAULT;
    if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_PAGE_MAX)
      throw new CrmError('validation', `Ask for 1 to ${SEARCH_PAGE_MAX} results at a time.`, {
        details: [{ field: 'limit', message: `must be 1 to ${SEARCH_PAGE_MAX}` }],
      });
    const bounds = parseCursor(input.after ?? null);
    const profile = await this.deps.profiles.resolve(input.profileId);
    const { table } = this.deps;
    // one more than asked from each table says whether a next page exists
    const found = table.newest(profile.id, query.match, bounds, limit + 1);
    const page = newestOf(found.sent, found.received, bounds, limit);
    const counted = table.count(profile.id, query.match, SEARCH_COUNT_CAP + 1);
    const scrub = page.hits.length === 0 ? (text: string) => text : await this.deps.scrubber();
    const scrubbed = (text: string | null): string | null => (text === null ? null : scrub(text));
    const hits = page.hits.map((hit): SearchHit => ({
      key: hit.key,
      direction: hit.direction,
      number: hit.number,
      name: scrubbed(hit.name),
      messageId: hit.messageId,
      kind: hit.kind,
      at: hit.at,
      snippet: snippetOf(hit.fields.map(scrubbed), query.words, query.prefix),
    }));
    return {
      query: input.text,
      hits,
      total: Math.min(counted, SEARCH_COUNT_CAP),
      totalCapped: counted > SEARCH_COUNT_CAP,
      next: page.next === null ? null : cursorOf(page.next),
    };
  }
}

/**
 * The newest `limit` of two newest-first lists (each table's own order), by when this app saw
 * each message, and where the next page starts in each table (null: nothing is left). A table
 * none of whose rows made the page keeps its bound.
 */
export function newestOf(
  sent: readonly StoredHit[],
  received: readonly StoredHit[],
  bounds: SearchBounds,
  limit: number,
): { hits: StoredHit[]; next: SearchBounds | null } {
  const merged = [...sent, ...received].sort((a, b) => b.seen.localeCompare(a.seen) || b.seq - a.seq || a.key.localeCompare(b.key));
  const hits = merged.slice(0, limit);
  if (merged.length <= limit) return { hits, next: null };
  const lowest = (direction: 'out' | 'in', bound: number | null): number | null => {
    const seqs = hits.filter((h) => h.direction === direction).map((h) => h.seq);
    return seqs.length === 0 ? bound : Math.min(...seqs);
  };
  return { hits, next: { sentBefore: lowest('out', bounds.sentBefore), receivedBefore: lowest('in', bounds.receivedBefore) } };
}

const CURSOR = /^s(\d{1,15}|-)\.r(\d{1,15}|-)$/;

/** "s<seq>.r<seq>", '-' for a table not started on yet */
export function cursorOf(bounds: SearchBounds): string {
  return `s${bounds.sentBefore ?? '-'}.r${bounds.receivedBefore ?? '-'}`;
}

export function parseCursor(after: string | null): SearchBounds {
  if (after === null || after === '') return { sentBefore: null, receivedBefore: null };
  const parts = CURSOR.exec(after);
  if (!parts)
    throw new CrmError('validation', 'That page marker is not one a search gave; search again from the first page.', {
      details: [{ field: 'after', message: 'not a page marker' }],
    });
  const seq = (part: string | undefined): number | null => (part === undefined || part === '-' ? null : Number(part));
  return { sentBefore: seq(parts[1]), receivedBefore: seq(parts[2]) };
}
