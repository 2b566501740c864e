// The cloud dialect's routes (modelled on Meta's WhatsApp Cloud API):
//   GET  /api/v1/contacts?limit=&offset=&q=  -> a bare array, X-Total-Count
//   POST /api/v1/messages                    -> 200 {"messaging_product","contacts","messages":[{"id":"wamid..."}]}
// The stored message's id is its wamid, so GET /api/v1/messages shows the id the send answered.
import { randomBytes } from 'node:crypto';
import { searchParam } from '../contact-routes';
import type { ContactView } from '../contacts';
import { MESSAGE_BODY_LIMITS } from '../message-routes';
import { listingRoute } from '../route-shapes';
import type { Route } from '../router';
import { intParam } from '../validate';
import { translateCloudSend } from './cloud-send';
import { translatedSendRoute } from './translated-route';

const MAX_OFFSET = 1_000_000_000;

/** Split at the first space; a single word is all first name. */
export const CLOUD_CONTACT_VIEW: ContactView = {
  render(contact, index) {
    const space = contact.name.indexOf(' ');
    return {
      id: index + 1,
      first_name: space < 0 ? contact.name : contact.name.slice(0, space),
      last_name: space < 0 ? '' : contact.name.slice(space + 1),
      phone_number: `+${contact.number}`,
      email: contact.email,
      labels: contact.tags,
    };
  },
};

export function newWamid(): string {
  return `wamid.${randomBytes(24).toString('base64url')}`;
}

export const cloudRoutes: Route[] = [
  listingRoute(
    '/api/v1/contacts',
    'contacts:read',
    (query, errors) => ({
      limit: intParam(query, 'limit', errors, { min: 1, max: 200, fallback: 20 }),
      offset: intParam(query, 'offset', errors, { min: 0, max: MAX_OFFSET, fallback: 0 }),
      search: searchParam(query, 'q', errors),
    }),
    ({ limit, offset, search }, state) => {
      const { total, items } = state.contacts.slice(search, offset, limit, CLOUD_CONTACT_VIEW);
      return { status: 200, body: `[${items.join(',')}]`, preserialized: true, headers: { 'X-Total-Count': String(total) } };
    },
  ),
  // one route for every type: the largest limit; each type's decoded limit is checked after
  translatedSendRoute('/api/v1/messages', MESSAGE_BODY_LIMITS.media, translateCloudSend, newWamid, (message, body) => ({
    messaging_product: 'whatsapp',
    contacts: [{ input: body.to, wa_id: message.number }],
    messages: [{ id: message.id }],
  })),
];
