// The evolution-v2 dialect's playground (Evolution API v2 shapes, instance `sandbox`).
import type { ExampleRequest } from './dialect';
import { SANDBOX_INSTANCE } from './evolution-routes';
import { EXAMPLE } from './example-values';

/** the page size the playground's findContacts example asks for */
const EVOLUTION_PAGE_SIZE = 25;

export const EVOLUTION_EXAMPLES: readonly ExampleRequest[] = [
  // Evolution's paging: `offset` is how many contacts a page holds, `page` which page (evolution-contacts.ts)
  {
    id: 'contacts',
    method: 'POST',
    path: `/chat/findContacts/${SANDBOX_INSTANCE}`,
    body: { where: { pushName: EXAMPLE.search }, page: 1, offset: EVOLUTION_PAGE_SIZE },
  },
  { id: 'text', method: 'POST', path: `/message/sendText/${SANDBOX_INSTANCE}`, body: { number: EXAMPLE.number, text: EXAMPLE.text } },
  {
    id: 'media',
    method: 'POST',
    path: `/message/sendMedia/${SANDBOX_INSTANCE}`,
    body: {
      number: EXAMPLE.number,
      mediatype: 'document',
      mimetype: EXAMPLE.documentType,
      caption: EXAMPLE.caption,
      media: EXAMPLE.documentUrl,
      fileName: EXAMPLE.documentName,
    },
  },
  {
    id: 'audio',
    method: 'POST',
    path: `/message/sendWhatsAppAudio/${SANDBOX_INSTANCE}`,
    body: { number: EXAMPLE.number, audio: EXAMPLE.audioUrl },
  },
];
