// The evolution-v2 dialect's playground (Evolution API v2 shapes, instance `sandbox`).
import type { ExampleRequest } from './dialect';
import { SANDBOX_INSTANCE } from './evolution-routes';
import { EXAMPLE } from './example-values';

export const EVOLUTION_EXAMPLES: readonly ExampleRequest[] = [
  { id: 'contacts', method: 'POST', path: `/chat/findContacts/${SANDBOX_INSTANCE}`, body: { where: { pushName: EXAMPLE.search } } },
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
  { id: 'audio', method: 'POST', path: `/message/sendWhatsAppAudio/${SANDBOX_INSTANCE}`, body: { number: EXAMPLE.number, audio: EXAMPLE.audioUrl } },
];
