// The meta dialect's routes (Meta's WhatsApp Cloud API on the Graph API, version v23.0):
//   GET  /v23.0/{phone-number-id}?fields=      -> the phone number (checks the key)
//   POST /v23.0/{phone-number-id}/messages     -> 200 {"messaging_product","contacts","messages":[{"id":"wamid..."}]}
//   POST /v23.0/{phone-number-id}/media        -> 200 {"id":"<media id>"} (multipart/form-data)
//   GET  /v23.0/{media-id}                     -> 200 {url, mime_type, sha256, file_size, id} (a received file)
//   GET  /whatsapp_business/attachments/?mid=  -> the received file's bytes (the key is needed)
//   GET/POST/DELETE /v23.0/{business-account-id}/message_templates, POST /v23.0/{template-id} -> template management (meta-templates.ts)
// and no contacts listing: GET /api/v1/contacts and /v23.0/{phone-number-id}/contacts answer
// Graph's 400 (code 100), so a client learns the service has none.
import { json } from '../reply';
import type { Reply } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import { noSuchEdge, unknownObject } from './meta-errors';
import { META_VERSION, PHONE_NUMBER, PHONE_NUMBER_EXTRA_FIELDS, PHONE_NUMBER_ID } from './meta-phone';
import { templateRoutes } from './meta-templates';
import { sendRoute } from './meta-send-route';
import { uploadRoute } from './meta-upload';
import { attachmentsRoute, fileOrigin, mediaUrlAnswer } from './meta-inbound-media';

const NODE_TYPE = 'WhatsAppBusinessPhoneNumber';
const NO_CONTACTS = 'the WhatsApp Cloud API has no contacts listing: keep contacts in your own system';

/** Any valid key may read these: reading the phone number is how a client checks its key. */
const anyKey = (): boolean => true;

function phoneNumber(id: string, query: URLSearchParams): Reply {
  if (id !== PHONE_NUMBER_ID) return unknownObject('get', id);
  const answer: Record<string, string> = { ...PHONE_NUMBER };
  const asked = (query.get('fields') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of asked) {
    const value = PHONE_NUMBER[name] ?? PHONE_NUMBER_EXTRA_FIELDS[name];
    if (value === undefined)
      return noSuchEdge(
        name,
        NODE_TYPE,
        `fields may name ${[...Object.keys(PHONE_NUMBER), ...Object.keys(PHONE_NUMBER_EXTRA_FIELDS)].join(', ')}`,
      );
    answer[name] = value;
  }
  return json(200, answer);
}

function noContacts(method: Route['method'], path: string, reply: (params: Record<string, string>) => Reply): Route {
  return {
    method,
    path,
    permission: 'contacts:read',
    alsoAllows: anyKey,
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    handle: ({ params }) => reply(params),
  };
}

const phoneContacts =
  (method: 'get' | 'post') =>
  (params: Record<string, string>): Reply =>
    params.phoneNumberId === PHONE_NUMBER_ID
      ? noSuchEdge('contacts', NODE_TYPE, NO_CONTACTS)
      : unknownObject(method, params.phoneNumberId!);

export const metaRoutes: Route[] = [
  {
    method: 'GET',
    path: `/${META_VERSION}/:phoneNumberId`,
    permission: 'messages:send',
    alsoAllows: anyKey,
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    // the same path names a received file by its media id (meta-inbound-media.ts)
    handle: ({ params, query, origin }, state) =>
      mediaUrlAnswer(params.phoneNumberId!, fileOrigin(origin ?? '', state.mediaHost())) ?? phoneNumber(params.phoneNumberId!, query),
  },
  attachmentsRoute,
  sendRoute,
  uploadRoute,
  ...templateRoutes,
  // Graph reads /api/v1/contacts as the object "api", which does not exist
  noContacts('GET', '/api/v1/contacts', () => unknownObject('get', 'api', NO_CONTACTS)),
  noContacts('GET', `/${META_VERSION}/:phoneNumberId/contacts`, phoneContacts('get')),
  noContacts('POST', `/${META_VERSION}/:phoneNumberId/contacts`, phoneContacts('post')),
];
