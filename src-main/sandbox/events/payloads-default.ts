// docs/API.md's event shape, the one every dialect's event stream speaks and the webhook of the
// dialects without a shape of their own:
//   {"event":"message.status","data":{"id","number","status","at","error":null|{"code","message"}}}
//   {"event":"message.received","data":{"id","number","type":"text","text","at"}}
//   a file: "type":"image"|"audio"|"document", "text" its caption, "media":{"url","mimetype","fileName"}
//   a quoted reply: "replyTo" the quoted message's id; a reaction: "type":"reaction","reaction":{"messageId","emoji"}
import type { SandboxEvent } from './event-types';

export function defaultEventData(event: SandboxEvent): Record<string, unknown> {
  if (event.name === 'message.status') {
    return {
      id: event.id,
      number: event.number,
      status: event.status,
      at: event.at.toISOString(),
      error: event.error === null ? null : { code: event.error.code, message: event.error.message },
    };
  }
  if (event.type === 'reaction')
    return {
      id: event.id,
      number: event.number,
      type: 'reaction',
      reaction: { messageId: event.inReplyTo, emoji: event.emoji ?? '' },
      at: event.at.toISOString(),
    };
  const data: Record<string, unknown> = {
    id: event.id,
    number: event.number,
    type: event.type,
    text: event.text,
    at: event.at.toISOString(),
  };
  if (event.quotes === true) data.replyTo = event.inReplyTo;
  if (event.media !== null) data.media = { url: event.media.url, mimetype: event.media.mimetype, fileName: event.media.fileName };
  return data;
}

export function defaultWebhookBody(event: SandboxEvent): { event: string; data: Record<string, unknown> } {
  return { event: event.name, data: defaultEventData(event) };
}
