// The IPC contract's invoke channels for the inbox, its quick answers and its notices. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { SendResult } from '../../shared/model';
import type { InboxFilter, InboxPage } from '../../shared/inbox';
import type { CannedResponse } from '../../shared/canned';

export interface InboxInvokeMap {
  /**
   * One page of the active profile's conversations (the inbox), newest first: one row per contact
   * with its newest line, unread count, whether it waits for an answer and when its 24-hour
   * window closes; `filter` keeps only unread ones, those waiting for an answer, or those whose
   * window closes within two hours. Answers the rows the filter matches in all and the unread total.
   */
  'inbox:list': { payload: { filter: InboxFilter; offset: number; limit: number }; value: InboxPage };
  /** the agent opened the conversation: what the contact wrote so far is read; answers the profile's unread total */
  'inbox:mark-read': { payload: { number: string }; value: { unreadTotal: number } };
  /** whether a reply arriving while the window is not focused shows a desktop notification (on unless switched off) */
  'inbox:reply-notices': { payload: Record<string, never>; value: { on: boolean } };
  /** switches those notifications on or off for every process on the data folder (crm settings reply-notices too) */
  'inbox:set-reply-notices': { payload: { on: boolean }; value: { on: boolean } };
  /**
   * a reply to the contact in the active profile, quoting `replyTo` (a message's id) when given;
   * a profile whose Send Text has no place for the quote is refused ('validation', field
   * `replyTo`) and nothing is sent: the window then offers to send it without the quote
   */
  'quick:reply': { payload: { number: string; text: string; replyTo?: string }; value: SendResult };
  /** our reaction to a message of the conversation ('' takes it back); refused where the profile has no Send Reaction */
  'quick:react': { payload: { number: string; messageId: string; emoji: string }; value: { emoji: string } };
  /** the canned responses this OS user sees (the shared ones and their own), read afresh each time the reply box's / list opens */
  'canned:list': { payload: Record<string, never>; value: CannedResponse[] };
  /**
   * sends the named canned response's file to the contact in the active profile, `caption` (its
   * text as the person filled it) as the caption; main reads the file's path from the canned
   * response, the window never names one
   */
  'canned:send-media': { payload: { name: string; number: string; caption: string }; value: SendResult };
  /** whether opening a conversation tells the service it was read, where it has read receipts (on unless switched off) */
  'inbox:read-receipts': { payload: Record<string, never>; value: { on: boolean } };
  /** switches read receipts on or off for every process on the data folder (crm settings read-receipts too) */
  'inbox:set-read-receipts': { payload: { on: boolean }; value: { on: boolean } };
}
