// The evolution-v2 dialect's contacts: POST /chat/findContacts/{instance} with
// {"where": {"id"?, "remoteJid"?, "pushName"?}, "page"?, "offset"?} (every filter optional, all must
// hold) answers a bare array of Evolution's Contact records. Paging is Evolution's own: `offset` is
// how many records one page holds (its `take`) and `page` which page, from 1 (its skip is
// offset × (page − 1)); without `offset` every match comes back and `page` changes nothing.
// `remoteJid` and `id` match exactly; `pushName` is the sandbox's search (the same
// case-insensitive substring search as the other dialects' listings).
import type { ContactView } from '../contacts';
import type { FieldError } from '../errors';
import { badRequest, field } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import type { SandboxState } from '../state';
import type { Body } from '../validate';
import { charLength } from '../validate';
import { JID_SUFFIX } from './evolution-send';
import { isObject } from './translated-send';

/** The instance's id in Evolution's database; one fixed instance here. */
export const SANDBOX_INSTANCE_ID = '6f3b2a1c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

export const EVOLUTION_CONTACT_VIEW: ContactView = {
  render: (contact) => ({
    id: contact.id,
    remoteJid: `${contact.number}${JID_SUFFIX}`,
    pushName: contact.name,
    profilePicUrl: null,
    createdAt: contact.created_at,
    updatedAt: contact.updated_at,
    instanceId: SANDBOX_INSTANCE_ID,
  }),
};

const FILTERS = ['id', 'remoteJid', 'pushName'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

/** the most rows one page may hold here (Evolution sets none; the sandbox keeps an answer bounded) */
export const MAX_FIND_OFFSET = 100_000;
const MAX_FIND_PAGE = 1_000_000_000;

/** Which rows of the matches one answer holds: all of them, or one page of `take`. */
interface FindPaging {
  take: number | null;
  page: number;
}

function bodyInt(body: Body, name: 'page' | 'offset', max: number, errors: FieldError[]): number | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max) {
    errors.push(field(name, `must be an integer from 1 to ${max}`));
    return null;
  }
  return value;
}

function readPaging(body: Body, errors: FieldError[]): FindPaging {
  const take = bodyInt(body, 'offset', MAX_FIND_OFFSET, errors);
  const page = bodyInt(body, 'page', MAX_FIND_PAGE, errors);
  return { take, page: page ?? 1 };
}

function readWhere(body: Body, errors: FieldError[]): Filters {
  const where = body.where;
  if (where === undefined || where === null) return {};
  if (!isObject(where)) {
    errors.push(field('where', 'must be an object'));
    return {};
  }
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = where[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') errors.push(field(`where.${name}`, 'must be a non-empty string'));
    else if (charLength(value) > 200) errors.push(field(`where.${name}`, 'must be at most 200 characters'));
    else filters[name] = value;
  }
  return filters;
}

/** The matching contacts as JSON text: the search narrows, the exact filters check each record, then one page is cut. */
function findContacts(state: SandboxState, filters: Filters, paging: FindPaging): string {
  const term = filters.pushName ?? (filters.remoteJid?.endsWith(JID_SUFFIX) ? filters.remoteJid.slice(0, -JID_SUFFIX.length) : '');
  const { total } = state.contacts.slice(term, 0, 0, EVOLUTION_CONTACT_VIEW);
  const { items } = state.contacts.slice(term, 0, total, EVOLUTION_CONTACT_VIEW);
  const exact = [
    ...(filters.id === undefined ? [] : [`"id":${JSON.stringify(filters.id)},`]),
    ...(filters.remoteJid === undefined ? [] : [`"remoteJid":${JSON.stringify(filters.remoteJid)},`]),
  ];
  const kept = exact.length === 0 ? items : items.filter((item) => exact.every((part) => item.includes(part)));
  const paged = paging.take === null ? kept : kept.slice(paging.take * (paging.page - 1), paging.take * paging.page);
  return `[${paged.join(',')}]`;
}

export function findContactsRoute(path: string, unknown: Route['unknown']): Route {
  return {
    method: 'POST',
    path,
    permission: 'contacts:read',
    maxBody: SMALL_BODY_LIMIT,
    json: true,
    idempotent: false,
    unknown,
    handle({ body }, state) {
      const errors: FieldError[] = [];
      const filters = readWhere(body, errors);
      const paging = readPaging(body, errors);
      if (errors.length > 0) return badRequest(errors);
      return { status: 200, body: findContacts(state, filters, paging), preserialized: true };
    },
  };
}
