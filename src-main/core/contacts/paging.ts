// How a service pages its contacts, and what one answer says about the next page. The window
// and the CLI always ask for "page N of size S"; this turns that into the service's own style
// (page, offset, cursor, Link header or none). Pure.
import { DETECT_CONTACTS } from '../api/defaults';
import { readContacts } from '../api/read-contacts';
import type { ReadContacts } from '../api/read-contacts';
import { rolesOf } from '../api/template';
import type { ContactsResponseMap, OperationSpec, PagingStyle } from '../api/types';
import type { ContactPage } from '../model';

export function contactsMap(spec: OperationSpec): ContactsResponseMap {
  return spec.contacts ?? DETECT_CONTACTS;
}

/** The person's choice, else what the request's query can express. */
export function pagingStyle(spec: OperationSpec): PagingStyle {
  const chosen = contactsMap(spec).paging;
  if (chosen !== null) return chosen;
  const roles = rolesOf(spec);
  if (roles.has('cursor')) return 'cursor';
  if (roles.has('offset')) return 'offset';
  if (roles.has('page')) return 'page';
  return 'link';
}

export function contactPage(read: ReadContacts, style: PagingStyle, page: number, perPage: number): ContactPage {
  const { items, total } = read;
  const totalPages = read.totalPages ?? (total !== null && perPage > 0 ? Math.ceil(total / perPage) : null);
  return { items, page, perPage, total, totalPages, hasMore: hasMore(read, style, page, perPage, totalPages) };
}

function hasMore(read: ReadContacts, style: PagingStyle, page: number, perPage: number, totalPages: number | null): boolean | null {
  switch (style) {
    case 'none':
      return false;
    case 'cursor':
      return read.nextCursor !== null;
    case 'link':
      return read.nextLink !== null;
    default:
      if (read.hasMore !== null) return read.hasMore;
      if (totalPages !== null) return page < totalPages;
      return read.items.length < perPage ? false : null;
  }
}

/** One answer read through the spec: the page, and the token of the next one (cursor or link). */
export function readContactAnswer(json: unknown, headers: Record<string, string>, spec: OperationSpec, page: number, perPage: number): { page: ContactPage; next: string | null } {
  const style = pagingStyle(spec);
  const read = readContacts(json, headers, contactsMap(spec));
  return { page: contactPage(read, style, page, perPage), next: style === 'cursor' ? read.nextCursor : style === 'link' ? read.nextLink : null };
}
