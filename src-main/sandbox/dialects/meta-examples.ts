// The meta dialect's playground (Meta's WhatsApp Cloud API shapes), each against the sandbox's
// one phone number id. No contacts tab: the service has no contacts listing.
import type { ExampleRequest } from './dialect';
import { EXAMPLE } from './example-values';
import { inboundMediaId } from './meta-inbound-media';
import { META_VERSION, phonePath } from './meta-phone';

const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: EXAMPLE.number } as const;
const messages = phonePath('/messages');

/** Meta's own sample template, which every new business account has. */
const TEMPLATE = { name: 'hello_world', language: { code: 'en_US' } } as const;
const IMAGE_URL = 'https://example.com/images/photo.jpg';

/** Where the upload tab's file is read from; the person points it at a real file. */
export const UPLOAD_EXAMPLE_PATH = '/path/to/image.png';

export const META_EXAMPLES: readonly ExampleRequest[] = [
  { id: 'check', method: 'GET', path: phonePath() },
  { id: 'text', method: 'POST', path: messages, body: { ...envelope, type: 'text', text: { preview_url: false, body: EXAMPLE.text } } },
  {
    id: 'image',
    method: 'POST',
    path: messages,
    body: { ...envelope, type: 'image', image: { link: IMAGE_URL, caption: EXAMPLE.caption } },
  },
  {
    id: 'media',
    method: 'POST',
    path: messages,
    body: {
      ...envelope,
      type: 'document',
      document: { link: EXAMPLE.documentUrl, caption: EXAMPLE.caption, filename: EXAMPLE.documentName },
    },
  },
  { id: 'audio', method: 'POST', path: messages, body: { ...envelope, type: 'audio', audio: { link: EXAMPLE.audioUrl, voice: true } } },
  {
    id: 'upload',
    method: 'POST',
    path: phonePath('/media'),
    multipart: [
      ['file', `@${UPLOAD_EXAMPLE_PATH};type=image/png`],
      ['type', 'image/png'],
      ['messaging_product', 'whatsapp'],
    ],
  },
  // where a received file is: the id a webhook named, looked up with the key
  { id: 'download', method: 'GET', path: `/${META_VERSION}/${inboundMediaId('wamid.example', 'image')}` },
  {
    id: 'template',
    method: 'POST',
    path: messages,
    body: { ...envelope, type: 'template', template: TEMPLATE },
  },
  // a text that quotes a message (Meta's `context`); learned as Send Text, it places the quote
  {
    id: 'reply',
    method: 'POST',
    path: messages,
    body: { ...envelope, context: { message_id: EXAMPLE.messageId }, type: 'text', text: { preview_url: false, body: EXAMPLE.text } },
  },
  {
    id: 'reaction',
    method: 'POST',
    path: messages,
    body: { ...envelope, type: 'reaction', reaction: { message_id: EXAMPLE.messageId, emoji: EXAMPLE.emoji } },
  },
  // a read receipt for the contact's message (blue ticks); it names no recipient
  { id: 'read', method: 'POST', path: messages, body: { messaging_product: 'whatsapp', status: 'read', message_id: EXAMPLE.messageId } },
];
