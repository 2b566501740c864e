// The IPC contract's invoke channels for sent messages, one contact's conversation, its files and the search across them. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { MessageHistoryPage } from '../../shared/message-history';
import type { SearchPage } from '../../shared/message-search';
import type { Conversation, FileOriginAllowed, MediaPreview } from '../../shared/conversation';

export interface ConversationsInvokeMap {
  /**
   * One page of what the active profile sent, newest first: the service's own message listing, or,
   * when the service has none (404/405), this app's record of its sends. The page and each message
   * say which (`source`), the page says why it fell back, and each message how this app sent it
   * (`origin`, null when not by this app). `number` is written as people write it; a bad one is
   * refused ('validation') before anything is asked.
   */
  'messages:list': { payload: { number?: string; page?: number; perPage?: number }; value: MessageHistoryPage };
  /**
   * One contact's conversation in the active profile: what this app sent (with how far each
   * message got, from the service's events) and what the contact wrote, oldest first, and
   * whether WhatsApp's 24-hour window is open. A bad number is refused ('validation').
   */
  'conversations:get': { payload: { number: string }; value: Conversation };
  /**
   * an image or audio a contact sent (by its message id, in the active profile), downloaded by
   * main and handed over as a data: URL; the file's address never comes to the window
   */
  'conversations:media': { payload: { messageId: string }; value: MediaPreview };
  /** opens a file a contact sent in the OS browser (a document, or one too large to preview) */
  'conversations:open-media': { payload: { messageId: string }; value: null };
  /**
   * Searches every conversation of the active profile (what this app sent and what contacts
   * wrote) for the words typed, accents and case aside, the last word also as the start of a
   * word: newest first, `limit` (1 to 100, default 20) at a time, the next page from `after` (the
   * page's `next`). Text with no word in it, or a page marker no search gave, is refused
   * ('validation') with the reason.
   */
  'messages:search': { payload: { text: string; limit?: number; after?: string }; value: SearchPage };
  /**
   * tries again to download a file a contact sent by media id whose download failed (a Download
   * media operation added since, a key replaced); a file not failed is left as it is
   */
  'conversations:retry-media': { payload: { messageId: string }; value: null };
  /**
   * "Allow the key there for files…" on a received file whose download failed because the
   * service keeps it on another origin than its own (Meta's lookaside.fbsbx.com): main reads that
   * origin from its own record of the download (the window never names one), asks the person
   * itself, and on yes lists it for the profile's files and tries the downloads refused for it
   * again. A message without such a failed download is 'not_found'.
   */
  'conversations:allow-file-origin': { payload: { messageId: string }; value: FileOriginAllowed };
}
