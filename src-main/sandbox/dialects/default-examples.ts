// The default dialect's playground (docs/API.md).
import type { ExampleRequest } from './dialect';
import { EXAMPLE } from './example-values';

export const DEFAULT_EXAMPLES: readonly ExampleRequest[] = [
  {
    id: 'contacts',
    method: 'GET',
    path: '/api/v1/contacts',
    query: [
      ['page', '1'],
      ['per_page', '50'],
      ['search', EXAMPLE.search],
    ],
  },
  { id: 'text', method: 'POST', path: '/api/v1/messages/text', body: { number: EXAMPLE.number, text: EXAMPLE.text } },
  {
    id: 'media',
    method: 'POST',
    path: '/api/v1/messages/media',
    body: {
      number: EXAMPLE.number,
      mediatype: 'document',
      mimetype: EXAMPLE.documentType,
      fileName: EXAMPLE.documentName,
      caption: EXAMPLE.caption,
      media: EXAMPLE.documentUrl,
    },
  },
  {
    id: 'audio',
    method: 'POST',
    path: '/api/v1/messages/audio',
    body: { number: EXAMPLE.number, audio: EXAMPLE.audioUrl, mimetype: EXAMPLE.audioType, ptt: true },
  },
];
