// Meta's WhatsApp Cloud API webhook (the meta and cloud dialects): one change of field
// "messages" on the business account, whose value carries either `statuses` (a sent message's
// new status, with `errors` when it failed) or `contacts` + `messages` (what a contact sent).
// Timestamps are unix seconds as strings, as Meta sends them. Conversation and pricing blocks,
// which Meta adds to some statuses, are left out: the sandbox bills nothing.
import { PHONE_NUMBER, PHONE_NUMBER_ID } from '../dialects/meta-phone';
import { inboundMediaId } from '../dialects/meta-inbound-media';
import type { SandboxEvent } from './event-types';

/** the WhatsApp Business Account the sandbox's one phone number belongs to */
export const BUSINESS_ACCOUNT_ID = '102290129340398';

/** where a contact who shares a place is (Meta's `location` message) */
export const SAMPLE_LOCATION = {
  latitude: -23.561684,
  longitude: -46.655981,
  name: 'Avenida Paulista',
  address: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
};

/** a contact card a contact shares (Meta's `contacts` message) */
export const SAMPLE_CONTACT_CARD = {
  name: { formatted_name: 'Bruno Lima', first_name: 'Bruno', last_name: 'Lima' },
  phones: [{ phone: '+55 11 97777-1234', wa_id: '5511977771234', type: 'CELL' }],
  emails: [{ email: 'bruno@example.com', type: 'WORK' }],
  org: { company: 'Lima Transportes' },
};

function unixSeconds(at: Date): string {
  return String(Math.floor(at.getTime() / 1000));
}

function eventValue(event: SandboxEvent): Record<string, unknown> {
  if (event.name === 'message.status') {
    const status: Record<string, unknown> = {
      id: event.id,
      status: event.status,
      timestamp: unixSeconds(event.at),
      recipient_id: event.number,
    };
    if (event.error !== null) {
      const { code, title, message, details } = event.error;
      status.errors = [{ code: Number(code), title, message, error_data: { details } }];
    }
    return { statuses: [status] };
  }
  return {
    contacts: [{ profile: { name: event.profileName }, wa_id: event.number }],
    messages: [{ from: event.number, id: event.id, timestamp: unixSeconds(event.at), ...quoted(event), ...messageContent(event) }],
  };
}

/** Meta's `context` of a reply that quotes: the business number it quotes, and the message's id */
function quoted(event: Extract<SandboxEvent, { name: 'message.received' }>): Record<string, unknown> {
  return event.quotes === true ? { context: { from: PHONE_NUMBER.display_phone_number!.replace(/[^0-9]/g, ''), id: event.inReplyTo } } : {};
}

/** a text, or a file as Meta gives it: a media id to download with the token, its type and caption; never a URL */
function messageContent(event: Extract<SandboxEvent, { name: 'message.received' }>): Record<string, unknown> {
  if (event.type === 'reaction') return { type: 'reaction', reaction: { message_id: event.inReplyTo, emoji: event.emoji ?? '' } };
  if (event.type === 'location') return { type: 'location', location: SAMPLE_LOCATION };
  if (event.type === 'contacts') return { type: 'contacts', contacts: [SAMPLE_CONTACT_CARD] };
  if (event.media === null || event.type === 'text') return { type: 'text', text: { body: event.text } };
  const media: Record<string, unknown> = { id: inboundMediaId(event.id, event.type), mime_type: event.media.mimetype };
  if (event.type !== 'audio') media.caption = event.text;
  // a contact's recorded voice message, as Meta marks it
  else media.voice = true;
  if (event.type === 'document') media.filename = event.media.fileName;
  return { type: event.type, [event.type]: media };
}

export function metaWebhookBody(event: SandboxEvent): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS_ACCOUNT_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: PHONE_NUMBER.display_phone_number!.replace(/[^0-9]/g, ''),
                phone_number_id: PHONE_NUMBER_ID,
              },
              ...eventValue(event),
            },
          },
        ],
      },
    ],
  };
}
