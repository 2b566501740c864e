// docs/API.md as an API description: what every profile speaks until it learns otherwise. The
// request builder knows no field names of its own; they are all here.
import type { ContactsResponseMap, DescribedOperation, EventRoutes, OperationSpec, Role, RoleRef, Template } from './types';

const role = (name: Role): RoleRef => ({ $role: name });

/** Every path detected from common names (see read-contacts.ts). */
export const DETECT_CONTACTS: ContactsResponseMap = {
  list: null,
  id: null,
  name: null,
  firstName: null,
  lastName: null,
  number: null,
  email: null,
  tags: null,
  total: null,
  nextCursor: null,
  paging: null,
};

/** docs/API.md's listings: GET, each query parameter named after the role it carries. */
function listing(path: string, ...params: Role[]): OperationSpec {
  return { method: 'GET', path, query: params.map((name) => ({ name, value: role(name) })), headers: [], body: null };
}

/** docs/API.md's sends: POST /api/v1/messages/<type>, the new message's id in `id`. */
function send(type: 'text' | 'media' | 'audio' | 'template' | 'reaction', body: Template): OperationSpec {
  return { method: 'POST', path: `/api/v1/messages/${type}`, query: [], headers: [], body, send: { messageId: 'id' } };
}

export const DEFAULT_OPERATIONS: Readonly<Record<DescribedOperation, OperationSpec>> = {
  'contacts.list': {
    ...listing('/api/v1/contacts', 'page', 'per_page', 'search'),
    // docs/API.md's names come first in every detection list, and a bare array is accepted too
    contacts: { ...DETECT_CONTACTS, paging: 'page' },
  },
  // [ours] replyTo: the id of the message the text quotes, left out when it quotes none
  'messages.text': send('text', { number: role('number'), text: role('text'), replyTo: role('quoted_id') }),
  'messages.media': send('media', {
    number: role('number'),
    mediatype: role('mediatype'),
    mimetype: role('mimetype'),
    fileName: role('file_name'),
    media: role('media'),
    caption: role('caption'),
  }),
  'messages.audio': send('audio', { number: role('number'), audio: role('audio'), mimetype: role('mimetype'), ptt: true }),
  // [ours] docs/API.md has no template route; this guess is its shape, each parameter one string of the list
  'messages.template': send('template', {
    number: role('number'),
    template: { name: role('template_name'), language: role('template_language'), params: [role('template_param')] },
  }),
  'messages.list': listing('/api/v1/messages', 'number', 'page', 'per_page'),
  // [ours] the approved templates; answered as a list of {name, language} (read-templates.ts)
  'templates.list': listing('/api/v1/templates'),
  // never used as is (docs/API.md has no upload): the shape a described upload usually takes
  'media.upload': {
    method: 'POST',
    path: '/api/v1/media',
    query: [],
    headers: [],
    body: { file: role('media'), type: role('mimetype') },
    encoding: 'multipart',
  },
  // never used as is: without a described check, the key test reads one contact
  'keys.check': { method: 'GET', path: '/api/v1/contacts', query: [{ name: 'per_page', value: '1' }], headers: [], body: null },
  // [ours] an empty emoji takes the reaction back
  'messages.reaction': send('reaction', { number: role('number'), messageId: role('reaction_to'), emoji: role('emoji') }),
  // never used as is (docs/API.md has no such route): where a received file's id is looked up, its answer naming the file's address
  'media.download': { method: 'GET', path: '/api/v1/media/{media_id}', pathRoles: [role('media_id')], query: [], headers: [], body: null },
  // never used as is (docs/API.md has no read receipts): the shape a described one usually takes
  'messages.read': {
    method: 'POST',
    path: '/api/v1/messages/read',
    query: [],
    headers: [],
    body: { number: role('number'), messageId: role('read_id') },
  },
  // never used as is (docs/API.md has no template management): the shapes a described one usually takes
  'templates.create': { method: 'POST', path: '/api/v1/templates', query: [], headers: [], body: role('template_draft') },
  'templates.update': {
    method: 'POST',
    path: '/api/v1/templates/{template_id}',
    pathRoles: [role('template_id')],
    query: [],
    headers: [],
    body: role('template_draft'),
  },
  'templates.delete': {
    method: 'DELETE',
    path: '/api/v1/templates',
    query: [{ name: 'name', value: role('template_name') }],
    headers: [],
    body: null,
  },
};

/**
 * Operations docs/API.md does not have: a profile offers them only when it describes them (from the
 * service's own cURL or document), never by falling back to a guessed route.
 */
export const DESCRIBED_ONLY: ReadonlySet<DescribedOperation> = new Set([
  'media.upload',
  'keys.check',
  'media.download',
  'messages.read',
  'templates.create',
  'templates.update',
  'templates.delete',
]);

/**
 * Operations docs/API.md has that a service described in its own shape is not assumed to have
 * (a reaction): offered where the profile describes them, or where its Send Text is still
 * docs/API.md's (a profile that speaks docs/API.md has the whole of it).
 */
export const WITH_DEFAULT_TEXT: ReadonlySet<DescribedOperation> = new Set(['messages.reaction']);

/** docs/API.md's event stream and status route (the built-in sandbox serves both in every dialect) */
export const DEFAULT_EVENT_ROUTES: Readonly<Required<Pick<EventRoutes, 'stream' | 'statusPath'>>> = {
  stream: '/api/v1/events',
  statusPath: '/api/v1/messages/{id}',
};
