// Quoted replies and reactions as both processes see them. Pure: no node:*, no DOM.

/**
 * What a send that quotes a message is refused with when the profile's Send Text has no place
 * for the quote: the person chooses to send it without the quote, never the app on its own.
 */
export const CANNOT_QUOTE =
  "This service's Send Text has no place for a quoted message (Profiles → API): send it without the quote, or import an example that quotes one";

/** the field of that refusal, by which the window and crm recognise it */
export const CANNOT_QUOTE_FIELD = 'replyTo';

/** who put a reaction on a message: this app's user, or the contact */
export type ReactionBy = 'us' | 'contact';

/** the reactions on one message, one per side (the latest each side sent; an empty emoji is none) */
export interface MessageReactions {
  us: string | null;
  contact: string | null;
}

/** what a quoted reply shows above its text */
export interface QuotedMessage {
  messageId: string;
  /** the quoted message's text (or a file's name); null when it is not in this conversation */
  text: string | null;
  direction: 'out' | 'in' | null;
}
