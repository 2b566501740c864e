// What a search across every conversation of a profile answers: pure types shared by main, the
// window and `crm search`.

/** a piece of a hit's snippet; `match` marks the words that matched the search */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SearchHit {
  /** the line's key in its conversation (ConversationItem.key): what the window scrolls to */
  key: string;
  direction: 'out' | 'in';
  /** the contact's number (digits) */
  number: string;
  /** the name the contact's reply carried, when it did */
  name: string | null;
  /** the service's message id, when known */
  messageId: string | null;
  /** 'text', 'image', 'document', 'audio'... */
  kind: string;
  /** ISO 8601: when the message was sent or written */
  at: string;
  /** the matched field, shortened around the first match */
  snippet: SnippetPart[];
}

export interface SearchPage {
  /** the text as the person typed it */
  query: string;
  /** newest first */
  hits: SearchHit[];
  /** how many messages of the profile match, counted up to `totalCapped`'s bound */
  total: number;
  /** true: more than `total` match (counting stopped there) */
  totalCapped: boolean;
  /** where the next page starts (pass it back as `after`); null: this was the last */
  next: string | null;
}
