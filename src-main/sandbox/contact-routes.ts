// GET /api/v1/contacts?page=&per_page=&search=
import type { FieldError } from './errors';
import { parsePaging } from './paging';
import { field } from './reply';
import { listingRoute } from './route-shapes';
import type { Route } from './router';
import { charLength } from './validate';

const MAX_SEARCH = 200;

/** A search query parameter (trimmed, at most 200 characters); absent is "". Every dialect's listing uses it. */
export function searchParam(query: URLSearchParams, name: string, errors: FieldError[]): string {
  const search = (query.get(name) ?? '').trim();
  if (charLength(search) > MAX_SEARCH) errors.push(field(name, `must be at most ${MAX_SEARCH} characters`));
  return numberLike(search);
}

/** `+55 11 9`, `(11) 9`, `+91 81 74813-898`: numbers are stored as digits, so search the digits. */
function numberLike(search: string): string {
  if (!/^[+(]?[\d\s().\-/+]+$/.test(search)) return search;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : search;
}

export const contactRoutes: Route[] = [
  listingRoute(
    '/api/v1/contacts',
    'contacts:read',
    (query, errors) => ({ paging: parsePaging(query, errors), search: searchParam(query, 'search', errors) }),
    ({ paging, search }, state) => ({ status: 200, body: state.contacts.pageJson(paging, search), preserialized: true }),
  ),
];
