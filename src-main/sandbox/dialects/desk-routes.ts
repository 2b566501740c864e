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
import { field } from '../reply';
import { listingRoute } from '../route-shapes';
import type { Route } from '../router';
import { intParam } from '../validate';
import { decodeCursor, encodeCursor } from './desk-cursor';
import { translateDeskFile, translateDeskText, translateDeskVoice } from './desk-send';
import { translatedSendRoute } from './translated-route';

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

export const deskRoutes: Route[] = [
  listingRoute(
    '/api/v1/contacts',
    'contacts:read',
    (query, errors) => ({ limit: intParam(query, 'limit', errors, { min: 1, max: 100, fallback: 25 }), ...position(query, errors) }),
    ({ limit, start, search }, state) => {
      const { total, items } = state.contacts.slice(search, start, limit, DESK_CONTACT_VIEW);
      const next = start + limit < total ? encodeCursor({ start: start + limit, search }) : null;
      const meta = JSON.stringify({ next_cursor: next, total_count: total });
      return { status: 200, body: `{"contacts":[${items.join(',')}],"meta":${meta}}`, preserialized: true };
    },
  ),
  translatedSendRoute('/api/v1/sendMessage', MESSAGE_BODY_LIMITS.text, translateDeskText, newIdMessage, (message) => ({
    idMessage: message.id,
  })),
  translatedSendRoute('/api/v1/sendFile', MESSAGE_BODY_LIMITS.media, translateDeskFile, newIdMessage, () => ({ sent: true })),
  translatedSendRoute('/api/v1/sendVoice', MESSAGE_BODY_LIMITS.audio, translateDeskVoice, newIdMessage, () => ({
    sent: true,
    queued: true,
  })),
];
