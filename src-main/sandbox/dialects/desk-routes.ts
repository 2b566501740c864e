// The desk dialect's routes (modelled on green-api / WPPConnect / Laravel-style CRMs):
//   GET  /api/v1/contacts?limit=&cursor=&search= -> {"contacts":[...],"meta":{"next_cursor","total_count"}}
//   POST /api/v1/sendMessage {chatId, message}             -> 200 {"idMessage":"3EB0..."}
//   POST /api/v1/sendFile    {chatId, file, fileName, caption?} -> 200 {"sent":true} (no id, on purpose)
//   POST /api/v1/sendVoice   {chatId, audio}               -> 200 {"sent":true,"queued":true}
import { randomBytes } from 'node:crypto';
import { searchParam } from '../contact-routes';
import type { ContactView } from '../contacts';
import type { FieldError } from '../errors';
import { MESSAGE_BODY_LIMITS } from '../message-routes';
import { badRequest, field, json } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import type { Body } from '../validate';
import { intParam } from '../validate';
import { decodeCursor, encodeCursor } from './desk-cursor';
import { translateDeskFile, translateDeskText, translateDeskVoice } from './desk-send';
import type { Translation } from './translated-send';
import { checkTranslation } from './translated-send';

export const DESK_CONTACT_VIEW: ContactView = {
  render: (contact, index) => ({ id: index + 1, full_name: contact.name, phone: contact.number, email: contact.email, tags: contact.tags }),
};

/** WhatsApp Web's message ids: 3EB0 and upper-case hex. */
export function newIdMessage(): string {
  return `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** Where the page starts and what it searches: from the cursor when there is one, else the first page of `search`. */
function position(query: URLSearchParams, errors: FieldError[]): { start: number; search: string } {
  const search = searchParam(query, 'search', errors);
  const cursor = query.get('cursor') ?? '';
  if (cursor === '') return { start: 0, search };
  const decoded = decodeCursor(cursor);
  if (decoded === null) {
    errors.push(field('cursor', 'is invalid: use the next_cursor of the previous page, or no cursor for the first page'));
  } else if (query.has('search') && decoded.search !== search) {
    errors.push(field('cursor', 'is for another search: start again without a cursor'));
  }
  return decoded ?? { start: 0, search };
}

function sendRoute(path: string, maxBody: number, translate: (body: Body) => Translation, answer: (id: string) => unknown): Route {
  return {
    method: 'POST',
    path,
    permission: 'messages:send',
    maxBody,
    json: true,
    idempotent: true,
    handle({ body }, state) {
      const checked = checkTranslation(translate(body));
      if (!checked.ok) return badRequest(checked.details);
      const message = state.messages.add(checked.type, checked.fields, new Date(), newIdMessage());
      return json(200, answer(message.id));
    },
  };
}

export const deskRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/contacts',
    permission: 'contacts:read',
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    handle({ query }, state) {
      const errors: FieldError[] = [];
      const limit = intParam(query, 'limit', errors, { min: 1, max: 100, fallback: 25 });
      const { start, search } = position(query, errors);
      if (errors.length > 0) return badRequest(errors);
      const { total, items } = state.contacts.slice(search, start, limit, DESK_CONTACT_VIEW);
      const next = start + limit < total ? encodeCursor({ start: start + limit, search }) : null;
      const meta = JSON.stringify({ next_cursor: next, total_count: total });
      return { status: 200, body: `{"contacts":[${items.join(',')}],"meta":${meta}}`, preserialized: true };
    },
  },
  sendRoute('/api/v1/sendMessage', MESSAGE_BODY_LIMITS.text, translateDeskText, (id) => ({ idMessage: id })),
  sendRoute('/api/v1/sendFile', MESSAGE_BODY_LIMITS.media, translateDeskFile, () => ({ sent: true })),
  sendRoute('/api/v1/sendVoice', MESSAGE_BODY_LIMITS.audio, translateDeskVoice, () => ({ sent: true, queued: true })),
];
