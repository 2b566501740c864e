// The operations the console performs against the CRM API, as plain data. The request
// builder (request-builder.ts) turns one of these plus a profile into a PreparedRequest.
import type { MediaType, Permission } from './model';
import type { TemplateDraft } from '../shared/template-lifecycle';

/** Where media/audio bytes come from: a local file (read by main, never by the renderer) or a URL. */
export type MediaSource = { kind: 'file'; path: string } | { kind: 'url'; url: string };

export interface SendTextInput {
  number: string;
  text: string;
  /** the id of the message this text quotes (a quoted reply); absent: it quotes none */
  replyTo?: string;
}

/** A reaction to one message of the conversation; an empty emoji takes ours back. */
export interface SendReactionInput {
  number: string;
  messageId: string;
  emoji: string;
}

/** A read receipt: the contact's newest message marked read (the earlier ones with it, as Meta does). */
export interface MarkReadInput {
  number: string;
  messageId: string;
}

export interface SendMediaInput {
  number: string;
  mediatype: MediaType;
  source: MediaSource;
  /** file name shown to the recipient; defaults to the file's base name */
  fileName?: string;
  /** detected from the bytes when the source is a file; required for URLs unless guessable */
  mimetype?: string;
  caption?: string;
}

export interface SendAudioInput {
  number: string;
  source: MediaSource;
  mimetype?: string;
}

/**
 * An approved template: the only message WhatsApp lets a business start a conversation with, or
 * send after 24 hours of silence from the contact. Its input rules are in shared/template-rules.ts
 * (the window checks its form with the same ones).
 */
export interface SendTemplateInput {
  number: string;
  /** the template's name as the service approved it (`order_update`) */
  name: string;
  /** the language code of its approved translation (`en_US`, `pt_BR`) */
  language: string;
  /** the body's {{1}}, {{2}}... in order */
  params: string[];
}

/** A local file sent to the service's upload operation, whose answer is the media's id. */
export interface UploadMediaInput {
  source: { kind: 'file'; path: string };
  mediatype: MediaType | 'audio';
  fileName?: string;
  mimetype?: string;
}

export interface ListContactsInput {
  page?: number;
  perPage?: number;
  search?: string;
  /** the service's cursor for this page (cursor paging; contacts-service.ts keeps them) */
  cursor?: string;
}

export interface ListMessagesInput {
  number?: string;
  page?: number;
  perPage?: number;
}

export type Operation =
  | { op: 'contacts.list'; input: ListContactsInput }
  | { op: 'messages.text'; input: SendTextInput; idempotencyKey: string }
  | { op: 'messages.media'; input: SendMediaInput; idempotencyKey: string }
  | { op: 'messages.audio'; input: SendAudioInput; idempotencyKey: string }
  | { op: 'messages.template'; input: SendTemplateInput; idempotencyKey: string }
  | { op: 'messages.list'; input: ListMessagesInput }
  | { op: 'templates.list'; input: Record<string, never> }
  | { op: 'media.upload'; input: UploadMediaInput }
  | { op: 'keys.check'; input: Record<string, never> }
  | { op: 'keys.list'; input: Record<string, never> }
  | { op: 'keys.create'; input: { name: string; permissions?: Permission[] } }
  | { op: 'keys.delete'; input: { id: string } }
  // no Idempotency-Key: a reaction sent twice is the same reaction (the latest one stands)
  | { op: 'messages.reaction'; input: SendReactionInput }
  | { op: 'media.download'; input: { mediaId: string } }
  // no Idempotency-Key: marking a message read twice leaves it read, and creates nothing
  | { op: 'messages.read'; input: MarkReadInput }
  // template management (templates/template-manager.ts checks the draft before it comes here)
  | { op: 'templates.create'; input: { draft: TemplateDraft } }
  | { op: 'templates.update'; input: { templateId: string; draft: TemplateDraft } }
  | { op: 'templates.delete'; input: { name: string; templateId: string | null } };
