// The desk dialect's playground (green-api / WPPConnect shapes). The contacts example is the
// first page: it has no cursor (the answer's meta.next_cursor gives the next one).
import type { ExampleRequest } from './dialect';
import { CHAT_SUFFIX } from './desk-send';
import { EXAMPLE } from './example-values';

const chatId = `${EXAMPLE.number}${CHAT_SUFFIX}`;

export const DESK_EXAMPLES: readonly ExampleRequest[] = [
  {
    id: 'contacts',
    method: 'GET',
    path: '/api/v1/contacts',
    query: [
      ['limit', '25'],
      ['search', EXAMPLE.search],
    ],
  },
  { id: 'text', method: 'POST', path: '/api/v1/sendMessage', body: { chatId, message: EXAMPLE.text } },
  {
    id: 'media',
    method: 'POST',
    path: '/api/v1/sendFile',
    body: { chatId, file: EXAMPLE.documentUrl, fileName: EXAMPLE.documentName, caption: EXAMPLE.caption },
  },
  { id: 'audio', method: 'POST', path: '/api/v1/sendVoice', body: { chatId, audio: EXAMPLE.audioUrl } },
];
