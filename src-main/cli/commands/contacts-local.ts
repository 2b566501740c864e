// `crm contacts --search TEXT --local` on a service that cannot search: the page fetched, searched
// here, with a notice that says so (the total is of what was searched, not of the service's list).
import type { ContactPage } from '../../shared/model';
import { matchingContacts } from '../../shared/contact-match';

export function searchedHere(page: ContactPage, search: string): ContactPage {
  const items = matchingContacts(page.items, search);
  const why = page.searchUnsupported ?? '';
  const notice = `searched the ${page.items.length} contacts fetched here (page ${page.page}); this service cannot search: ${why}`;
  return { ...page, items, total: null, totalPages: null, hasMore: page.hasMore, notice };
}
