// The evolution-v2 dialect's contacts: POST /chat/findContacts/{instance} with
// {"where": {"id"?, "remoteJid"?, "pushName"?}} (every filter optional, all must hold) answers a
// bare array of Evolution's Contact records. Like Evolution, there is no paging: every match
// comes back. `remoteJid` and `id` match exactly; `pushName` is the sandbox's search (the same
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

/** The matching contacts as JSON text: the search narrows, the exact filters check each record. */
function findContacts(state: SandboxState, filters: Filters): string {
  const term = filters.pushName ?? (filters.remoteJid?.endsWith(JID_SUFFIX) ? filters.remoteJid.slice(0, -JID_SUFFIX.length) : '');
  const { total } = state.contacts.slice(term, 0, 0, EVOLUTION_CONTACT_VIEW);
  const { items } = state.contacts.slice(term, 0, total, EVOLUTION_CONTACT_VIEW);
  const exact = [
    ...(filters.id === undefined ? [] : [`"id":${JSON.stringify(filters.id)},`]),
    ...(filters.remoteJid === undefined ? [] : [`"remoteJid":${JSON.stringify(filters.remoteJid)},`]),
  ];
  const kept = exact.length === 0 ? items : items.filter((item) => exact.every((part) => item.includes(part)));
  return `[${kept.join(',')}]`;
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
      if (errors.length > 0) return badRequest(errors);
      return { status: 200, body: findContacts(state, filters), preserialized: true };
    },
  };
}
