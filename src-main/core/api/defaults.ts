// API.md as an API description: what every profile speaks until it learns otherwise. The
// request builder knows no field names of its own; they are all here.
import type { ContactsResponseMap, DescribedOperation, OperationSpec, Role, RoleRef } from './types';

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

export const DEFAULT_OPERATIONS: Readonly<Record<DescribedOperation, OperationSpec>> = {
  'contacts.list': {
    method: 'GET',
    path: '/api/v1/contacts',
    query: [
      { name: 'page', value: role('page') },
      { name: 'per_page', value: role('per_page') },
      { name: 'search', value: role('search') },
    ],
    headers: [],
    body: null,
    // API.md's names come first in every detection list, and a bare array is accepted too
    contacts: { ...DETECT_CONTACTS, paging: 'page' },
  },
  'messages.text': {
    method: 'POST',
    path: '/api/v1/messages/text',
    query: [],
    headers: [],
    body: { number: role('number'), text: role('text') },
    send: { messageId: 'id' },
  },
  'messages.media': {
    method: 'POST',
    path: '/api/v1/messages/media',
    query: [],
    headers: [],
    body: { number: role('number'), mediatype: role('mediatype'), mimetype: role('mimetype'), fileName: role('file_name'), media: role('media'), caption: role('caption') },
    send: { messageId: 'id' },
  },
  'messages.audio': {
    method: 'POST',
    path: '/api/v1/messages/audio',
    query: [],
    headers: [],
    body: { number: role('number'), audio: role('audio'), mimetype: role('mimetype'), ptt: true },
    send: { messageId: 'id' },
  },
  'messages.list': {
    method: 'GET',
    path: '/api/v1/messages',
    query: [
      { name: 'number', value: role('number') },
      { name: 'page', value: role('page') },
      { name: 'per_page', value: role('per_page') },
    ],
    headers: [],
    body: null,
  },
};

export const DESCRIBED_OPERATIONS = Object.keys(DEFAULT_OPERATIONS) as DescribedOperation[];

export function isDescribedOperation(id: string): id is DescribedOperation {
  return (DESCRIBED_OPERATIONS as string[]).includes(id);
}
