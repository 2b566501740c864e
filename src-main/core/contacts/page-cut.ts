// A service that ignores the page size asked for answers more rows than a page holds (its own page
// size, or every contact at once). The page shown is cut out of what it answered, so a page never
// holds more than asked and the next page starts where this one ended. Pure.
import type { ContactPage } from '../model';

/**
 * Rows [skip, skip + perPage) of an answer, as page `page`. `after`: whether rows follow the answer
 * (false: the answer ends the list, null: unknown). The total is the service's, else, when the
 * answer ends the list, what it holds.
 */
export function cutPage(answer: ContactPage, skip: number, page: number, perPage: number, after: boolean | null): ContactPage {
  const items = answer.items.slice(skip, skip + perPage);
  const rest = answer.items.length > skip + perPage;
  const total = answer.total ?? (after === false && answer.page === 1 ? answer.items.length : null);
  const totalPages = total === null ? null : Math.max(1, Math.ceil(total / perPage));
  const hasMore = rest || (total !== null ? page * perPage < total : after);
  const { notice } = answer;
  return { items, page, perPage, total, totalPages, hasMore, ...(notice === undefined ? {} : { notice }) };
}

/** Which of the service's pages (from 1) holds the first row of page `page`, and where in it. */
export function servicePageOf(page: number, perPage: number, servicePageSize: number): { page: number; skip: number } {
  const first = (page - 1) * perPage;
  const servicePage = Math.floor(first / servicePageSize) + 1;
  return { page: servicePage, skip: first - (servicePage - 1) * servicePageSize };
}
