// How a service pages its contacts, and what one answer says about the next page. The window
// and the CLI always ask for "page N of size S"; this turns that into the service's own style
// (page, offset, cursor, Link header or none). Pure.
import { DETECT_CONTACTS } from '../api/defaults';
import { readContacts } from '../api/answers/read-contacts';
import type { ReadContacts } from '../api/answers/read-contacts';
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

/**
 * How to ask for the page after this one: the spec's own cursor field, a Link URL, or a cursor
 * the answer offered although the example asked for none (its query name guessed from where
 * the answer put it: `paging.cursors.after` -> `after`, `next_page_token` -> `page_token`, else
 * `cursor`).
 */
export type NextPage = { kind: 'cursor'; param: string | null; value: string } | { kind: 'link'; url: string };

/** One answer read through the spec: the page, and how to ask for the next one. */
export function readContactAnswer(
  json: unknown,
  headers: Record<string, string>,
  spec: OperationSpec,
  page: number,
  perPage: number,
): { page: ContactPage; next: NextPage | null } {
  const style = pagingStyle(spec);
  const read = readContacts(json, headers, contactsMap(spec));
  const next = nextPage(read, style);
  const result = contactPage(read, style, page, perPage);
  return { page: style === 'link' ? { ...result, hasMore: next !== null } : result, next };
}

function nextPage(read: ReadContacts, style: PagingStyle): NextPage | null {
  if (style === 'cursor') return read.nextCursor === null ? null : { kind: 'cursor', param: null, value: read.nextCursor };
  if (style !== 'link') return null;
  if (read.nextLink !== null) return { kind: 'link', url: read.nextLink };
  if (read.nextCursor === null) return null;
  return { kind: 'cursor', param: cursorParam(read.nextCursorAt ?? ''), value: read.nextCursor };
}

export function cursorParam(path: string): string {
  const last = path.split('.').pop() ?? '';
  if (/^after$/i.test(last)) return 'after';
  if (/page_?token/i.test(last)) return /_/.test(last) ? 'page_token' : 'pageToken';
  if (/^continuation/i.test(last)) return 'continuation';
  return 'cursor';
}
