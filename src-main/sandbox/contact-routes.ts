// GET /api/v1/contacts?page=&per_page=&search=
import type { FieldError } from './errors';
import { parsePaging } from './paging';
import { badRequest, field } from './reply';
import type { Route } from './router';
import { SMALL_BODY_LIMIT } from './router';
import { charLength } from './validate';

const MAX_SEARCH = 200;

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
      const search = (query.get('search') ?? '').trim();
      if (charLength(search) > MAX_SEARCH) errors.push(field('search', `must be at most ${MAX_SEARCH} characters`));
      if (errors.length > 0) return badRequest(errors);
      return { status: 200, body: state.contacts.pageJson(paging, search), preserialized: true };
    },
  },
];
