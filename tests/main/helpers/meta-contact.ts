// Meta's webhook body for what the contact "Ana" sent (in reply to our "wamid.out"), as the
// window's listener stores it: the texts and files the conversation, read receipt and media
// download tests play, one builder so that they all post the same shape.
import { MEDIA_SAMPLES, type ReplyMediaKind } from '../../../src-main/sandbox/events/media-samples';
import { metaWebhookBody } from '../../../src-main/sandbox/events/payloads-meta';

export interface ContactMessage {
  /** the event's sequence number */
  seq: number;
  /** the message's wamid */
  id: string;
  number: string;
}

/** A text the contact wrote. */
export function metaContactText(message: ContactMessage, text: string): Record<string, unknown> {
  return metaWebhookBody({ name: 'message.received', ...message, profileName: 'Ana', type: 'text', text, media: null, ...reply() });
}

/** A file the contact sent, by media id and no address (the sandbox's sample of that kind). */
export function metaContactFile(message: ContactMessage, kind: ReplyMediaKind, caption: string): Record<string, unknown> {
  const { mimetype, fileName } = MEDIA_SAMPLES[kind];
  const media = { url: 'unused', mimetype, fileName };
  return metaWebhookBody({ name: 'message.received', ...message, profileName: 'Ana', type: kind, text: caption, media, ...reply() });
}

function reply(): { at: Date; inReplyTo: string } {
  return { at: new Date(), inReplyTo: 'wamid.out' };
}
