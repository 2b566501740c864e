// A conversation line as main hands it to the terminal and to the window: a test names only the
// fields its case is about, the rest are these plain defaults (an incoming text with no file).
import type { ConversationItem } from '../../../src-main/shared/conversation';

const INCOMING_TEXT: ConversationItem = {
  key: 'in:w1',
  direction: 'in',
  messageId: 'w1',
  kind: 'text',
  text: null,
  fileName: null,
  at: '2026-01-01T10:00:00.000Z',
  state: null,
  reason: null,
  media: null,
};

export function conversationItem(fields: Partial<ConversationItem> = {}): ConversationItem {
  return { ...INCOMING_TEXT, ...fields };
}
