// GET /api/v1/contacts?page=&per_page=&search=
import type { FieldError } from './errors';
import { parsePaging } from './paging';
import { badRequest, field } from './reply';
import type { Route } from './router';
import { SMALL_BODY_LIMIT } from './router';
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
  {
    method: 'GET',
    path: '/api/v1/contacts',
    permission: 'contacts:read',
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    handle({ query }, state) {
      const errors: FieldError[] = [];
      const paging = parsePaging(query, errors);
      const search = searchParam(query, 'search', errors);
      if (errors.length > 0) return badRequest(errors);
      return { status: 200, body: state.contacts.pageJson(paging, search), preserialized: true };
    },
  },
];
