// Wati's webhooks (the wati dialect), one JSON body per event, named by `eventType`: the echo of
// a session message the service sent (`sessionMessageSent`), its delivery and reading
// (`sentMessageDELIVERED_v2`, `sentMessageREAD_v2`), a failure (`templateMessageFailed`, the one
// failure event Wati documents) and what a contact wrote (`message`, with `senderName`). A
// message is named by Wati's `id` (what the send answered) and WhatsApp's `whatsappMessageId`;
// a file's address is in `data`. Wati signs nothing, so no secret is used.
import { createHash } from 'node:crypto';
import type { SandboxEvent } from './event-types';

const EVENT_TYPES: Readonly<Record<string, string>> = {
  sent: 'sessionMessageSent',
  delivered: 'sentMessageDELIVERED_v2',
  read: 'sentMessageREAD_v2',
  failed: 'templateMessageFailed',
};

const STATUS_STRINGS: Readonly<Record<string, string>> = { sent: 'SENT', delivered: 'Delivered', read: 'Read', failed: 'Failed' };

/** a stable stand-in for WhatsApp's id of the message, so a replayed body is the same */
function whatsappId(id: string): string {
  return `wamid.${createHash('sha256').update(`wati-wamid:${id}`).digest('base64url').slice(0, 32)}`;
}

/** Wati keeps one conversation per contact, with a stable id */
function conversationId(number: string): string {
  return createHash('sha256').update(`wati-conversation:${number}`).digest('hex').slice(0, 24);
}

function common(event: SandboxEvent): Record<string, unknown> {
  return {
    id: event.id,
    whatsappMessageId: whatsappId(event.id),
    conversationId: conversationId(event.number),
    created: event.at.toISOString(),
    timestamp: String(Math.floor(event.at.getTime() / 1000)),
    waId: event.number,
  };
}

export function watiWebhookBody(event: SandboxEvent): Record<string, unknown> {
  if (event.name === 'message.status') {
    const eventType = EVENT_TYPES[event.status];
    const body: Record<string, unknown> = { eventType, ...common(event), owner: true, statusString: STATUS_STRINGS[event.status] };
    if (event.error !== null) Object.assign(body, { failedCode: event.error.code, failedDetail: event.error.message });
    return body;
  }
  const file = event.media !== null && event.type !== 'text';
  return {
    eventType: 'message',
    ...common(event),
    text: event.type === 'reaction' ? (event.emoji ?? '') : event.text,
    type: event.type,
    data: file ? event.media!.url : null,
    owner: false,
    senderName: event.profileName,
  };
}
