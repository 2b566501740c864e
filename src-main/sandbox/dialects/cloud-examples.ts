// The cloud dialect's playground (Meta's WhatsApp Cloud API shapes).
import type { ExampleRequest } from './dialect';
import { EXAMPLE } from './example-values';

const to = `+${EXAMPLE.number}`;
const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to } as const;

export const CLOUD_EXAMPLES: readonly ExampleRequest[] = [
  {
    id: 'contacts',
    method: 'GET',
    path: '/api/v1/contacts',
    query: [
      ['limit', '20'],
      ['offset', '0'],
      ['q', EXAMPLE.search],
    ],
  },
  {
    id: 'text',
    method: 'POST',
    path: '/api/v1/messages',
    body: { ...envelope, type: 'text', text: { preview_url: false, body: EXAMPLE.text } },
  },
  {
    id: 'media',
    method: 'POST',
    path: '/api/v1/messages',
    body: {
      ...envelope,
      type: 'document',
      document: { link: EXAMPLE.documentUrl, caption: EXAMPLE.caption, filename: EXAMPLE.documentName },
    },
  },
  {
    id: 'audio',
    method: 'POST',
    path: '/api/v1/messages',
    body: { ...envelope, type: 'audio', audio: { link: EXAMPLE.audioUrl, voice: true } },
  },
];
