// The wati dialect's contacts: GET /api/v1/getContacts?pageSize=&pageNumber=&name= answers
// {"result":"success","contact_list":[...],"link":{...}} with Wati's contact records, paged by
// page number (1-based; pageSize 1..500, default 10, as Wati's reference has it). `name` is the
// sandbox's search (name, number, email), the same as the other dialects' listings.
import { searchParam } from '../contact-routes';
import type { ContactView } from '../contacts';
import { listingRoute } from '../route-shapes';
import type { Route } from '../router';
import { intParam } from '../validate';

export const PATH = '/api/v1/getContacts';
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
const MAX_PAGE = 1_000_000_000;

/** A stable 24-hex id (Wati's ids are MongoDB ObjectIds) from the contact's place in the seed. */
export function watiContactId(index: number): string {
  return `64a1f0c2${index.toString(16).padStart(16, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Wati writes a contact's creation date as `May-14-2024`. */
function createdDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]}-${String(date.getUTCDate()).padStart(2, '0')}-${date.getUTCFullYear()}`;
}

export const WATI_CONTACT_VIEW: ContactView = {
  render(contact, index) {
    const space = contact.name.indexOf(' ');
    // Wati keeps everything beyond name and number as custom attributes
    const customParams = [
      { name: 'name', value: contact.name },
      { name: 'phone', value: contact.number },
      ...(contact.email === null ? [] : [{ name: 'email', value: contact.email }]),
      ...(contact.tags.length === 0 ? [] : [{ name: 'tags', value: contact.tags.join(',') }]),
    ];
    return {
      id: watiContactId(index),
      wAid: contact.number,
      firstName: space < 0 ? contact.name : contact.name.slice(0, space),
      fullName: contact.name,
      phone: contact.number,
      source: null,
      contactStatus: 'VALID',
      photo: null,
      created: createdDate(contact.created_at),
      customParams,
      optedIn: false,
      isDeleted: false,
      lastUpdated: contact.updated_at,
      allowBroadcast: true,
      allowSMS: true,
      teamIds: [],
      isInFlow: false,
      lastFlowId: null,
      currentFlowNodeId: null,
      selectedHubspotId: null,
    };
  },
};

/** The neighbouring pages as request paths (null at either end), with the page's place and the total. */
function pageLink(pageSize: number, pageNumber: number, name: string, total: number): Record<string, unknown> {
  const at = (page: number): string => {
    const query = new URLSearchParams({ pageSize: String(pageSize), pageNumber: String(page) });
    if (name !== '') query.set('name', name);
    return `${PATH}?${query.toString()}`;
  };
  const pages = Math.ceil(total / pageSize);
  return {
    prevPage: pageNumber > 1 ? at(Math.min(pageNumber - 1, Math.max(pages, 1))) : null,
    nextPage: pageNumber < pages ? at(pageNumber + 1) : null,
    pageNumber,
    pageSize,
    total,
  };
}

export const watiContactsRoute: Route = listingRoute(
  PATH,
  'contacts:read',
  (query, errors) => ({
    pageSize: intParam(query, 'pageSize', errors, { min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
    pageNumber: intParam(query, 'pageNumber', errors, { min: 1, max: MAX_PAGE, fallback: 1 }),
    name: searchParam(query, 'name', errors),
  }),
  ({ pageSize, pageNumber, name }, state) => {
    const total = state.contacts.matchCount(name);
    const start = Math.min((pageNumber - 1) * pageSize, total);
    const { items } = state.contacts.slice(name, start, pageSize, WATI_CONTACT_VIEW);
    const link = JSON.stringify(pageLink(pageSize, pageNumber, name, total));
    return { status: 200, body: `{"result":"success","contact_list":[${items.join(',')}],"link":${link}}`, preserialized: true };
  },
);
