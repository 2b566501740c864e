// Whether a contacts listing really searches and really takes the page size asked for: first what
// its description says (a listing with no search slot cannot search), then what its answers show
// (a search answered with rows that do not hold the term, a page answered with more rows than
// asked). What an answer shows is recorded with the description (listing-record.ts), so the next
// process knows without asking again. Pure.
import type { ListingFacts, OperationSpec } from '../api/types';
import { rolesOf } from '../api/template';
import type { Contact } from '../model';
import { matchingContacts } from '../../shared/contact-match';

const NO_SEARCH_SLOT = 'its contacts listing takes no search term (no field of it has the search role in Profiles → API)';

/** fewer rows than this are judged strictly: none of them holds the term */
const FEW_ROWS = 3;

/** Why the service cannot search, or null when it can (as far as is known). */
export function searchRefusal(spec: OperationSpec, facts: ListingFacts): string | null {
  if (!rolesOf(spec).has('search')) return NO_SEARCH_SLOT;
  if (facts.searchIgnored === true) return 'it answered a search with contacts that do not contain the search term';
  return null;
}

/** What one answer shows beyond the facts known: only the facts that are new. */
export function answerShows(items: readonly Contact[], asked: { search?: string; perPage: number }, known: ListingFacts): ListingFacts {
  const found: ListingFacts = {};
  if (asked.search !== undefined && known.searchIgnored !== true && ignoresSearch(items, asked.search)) found.searchIgnored = true;
  if (items.length > asked.perPage && items.length > (known.pageSize ?? 0)) found.pageSize = items.length;
  return found;
}

/**
 * A service searches fields this app does not show (a custom attribute, a note), so one row without
 * the term proves nothing; most rows without it do. Of one or two rows, none may lack it.
 */
export function ignoresSearch(items: readonly Contact[], search: string): boolean {
  if (search.trim() === '' || items.length === 0) return false;
  const holding = matchingContacts(items, search).length;
  return items.length < FEW_ROWS ? holding === 0 : holding * 2 < items.length;
}
