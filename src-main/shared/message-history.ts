// The history of sent messages, as the Messages view and `crm messages` show it: one page, from
// the service's own message listing when it has one, else from this app's record of what it
// sent. Pure types: the window's type-check includes them.

/** what was sent: the things a person can send */
export type HistoryKind = 'text' | 'image' | 'video' | 'document' | 'sticker' | 'audio' | 'template';

/**
 * How this app sent it: now, from a send panel or `crm send` ('sent'); later, by the outbox once
 * the service could be reached ('outbox'); or a send whose 2xx was the service's stored answer to
 * an earlier request with the same Idempotency-Key, so nothing new was created ('replayed').
 */
export type MessageOrigin = 'sent' | 'outbox' | 'replayed';

/** where a listing came from: the service's message listing, or this app's record of its sends */
export type HistorySource = 'service' | 'record';

export interface HistoryMessage {
  /** unique within the page: the service's message id, else the record's own id */
  key: string;
  /** the service's id for the message; null when its answer gave none */
  id: string | null;
  kind: HistoryKind;
  /** the recipient, digits only */
  number: string;
  /** the text of a text message or the caption of a file; null when there is none */
  text: string | null;
  /** the name of an image, document or voice note file; null when unknown */
  fileName: string | null;
  /** as the service said it ('queued', 'delivered', ...); 'sent' when it said nothing */
  status: string;
  /** ISO 8601; null when the service gave no time */
  at: string | null;
  /** null: not in this app's record (sent from elsewhere, or before the app kept one) */
  origin: MessageOrigin | null;
  source: HistorySource;
}

export interface MessageHistoryPage {
  /** newest first */
  items: HistoryMessage[];
  page: number;
  perPage: number;
  /** null when the service gives no total */
  total: number | null;
  /** true when a later page has more */
  hasMore: boolean;
  source: HistorySource;
  /** the recipient the list is filtered by, digits only; null: every recipient */
  number: string | null;
  /** why this app's record is shown instead of the service's listing; null when it is the service's */
  fallbackReason: string | null;
}
