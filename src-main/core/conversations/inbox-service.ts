// The inbox: the active (or a named) profile's conversations, one row per contact, newest first,
// read a page at a time from the summary table (conversation-list-table.ts), and the agent's
// read marks. The window's Conversations screen and `crm inbox` both ask here.
import { Emitter, type Event } from '../emitter';
import { CrmError } from '../errors';
import { checkPhone } from '../phone';
import type { ProfileManager } from '../profiles/profile-manager';
import type { ConversationListTable } from '../store/tables/conversation-list-table';
import type { ReadReceipts, ReceiptOutcome } from './read-receipts';
import { INBOX_PAGE_LIMIT, type InboxFilter, type InboxPage, type InboxRow } from '../../shared/inbox';

/** rows a page holds when the caller does not say */
export const INBOX_PAGE_DEFAULT = 100;

export interface InboxServiceDeps {
  table: ConversationListTable;
  profiles: Pick<ProfileManager, 'resolve'>;
  /** the reply_notices setting (settings-table.ts), shared by every process on the data folder */
  replyNotices: { get(): boolean | null; set(on: boolean | null): void };
  /** tells the service a conversation was read, where it has read receipts; absent: it is never told */
  receipts?: Pick<ReadReceipts, 'afterOpen' | 'tell' | 'enabled' | 'setEnabled' | 'idle'>;
  now?: () => Date;
  log?: (message: string) => void;
}

export class InboxService {
  private readonly feed: Emitter<{ profileId: string }>;
  /** this process marked a conversation read: the unread total changed (the badge follows it) */
  readonly onDidMarkRead: Event<{ profileId: string }>;
  private readonly now: () => Date;

  constructor(private readonly deps: InboxServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.feed = new Emitter({ onListenerError: (err) => deps.log?.(`inbox: a listener failed: ${String(err)}`) });
    this.onDidMarkRead = this.feed.event;
  }

  /** one page of the profile's conversations the filter matches, newest first */
  async list(input: {
    profileId?: string;
    filter?: InboxFilter | readonly InboxFilter[];
    offset?: number;
    limit?: number;
  }): Promise<InboxPage> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const offset = input.offset ?? 0;
    const limit = input.limit ?? INBOX_PAGE_DEFAULT;
    if (!Number.isInteger(offset) || offset < 0) throw new CrmError('validation', 'The offset must be a whole number of 0 or more.');
    if (!Number.isInteger(limit) || limit < 1 || limit > INBOX_PAGE_LIMIT)
      throw new CrmError('validation', `A page holds 1 to ${INBOX_PAGE_LIMIT} conversations.`);
    const { table } = this.deps;
    const page = table.page({ profileId: profile.id, filter: input.filter ?? 'all', offset, limit, now: this.now() });
    return { ...page, offset, unreadTotal: table.unreadTotal(profile.id) };
  }

  /** the agent opened the conversation: what the contact wrote so far is read; answers the profile's unread total */
  async markRead(input: { profileId?: string; number: string }): Promise<{ unreadTotal: number }> {
    const { profileId, number } = await this.markOpened(input);
    // after this answer, and whatever comes of it, the inbox is not kept waiting
    this.deps.receipts?.afterOpen(profileId, number);
    return { unreadTotal: this.deps.table.unreadTotal(profileId) };
  }

  /** markRead for `crm`: waits for the read receipt and says what came of it */
  async markReadAndTell(input: { profileId?: string; number: string }): Promise<{ unreadTotal: number; receipt: ReceiptOutcome }> {
    const { profileId, number } = await this.markOpened(input);
    const receipt: ReceiptOutcome = (await this.deps.receipts?.tell(profileId, number)) ?? { kind: 'absent' };
    return { unreadTotal: this.deps.table.unreadTotal(profileId), receipt };
  }

  /** what the contact wrote so far is read, in the file every process reads; the badge hears of it */
  private async markOpened(input: { profileId?: string; number: string }): Promise<{ profileId: string; number: string }> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const checked = checkPhone(input.number);
    if (!checked.ok)
      throw new CrmError('validation', `The number ${checked.message}.`, { details: [{ field: 'number', message: checked.message }] });
    if (this.deps.table.markRead(profile.id, checked.number)) this.feed.fire({ profileId: profile.id });
    return { profileId: profile.id, number: checked.number };
  }

  /** whether opening a conversation tells the service it was read (on unless switched off) */
  readReceipts(): { on: boolean } {
    return this.deps.receipts?.enabled() ?? { on: false };
  }

  setReadReceipts(input: { on: boolean }): { on: boolean } {
    return this.deps.receipts?.setEnabled(input) ?? { on: false };
  }

  /** resolves once the receipts opening conversations started have their outcome */
  async settleReceipts(): Promise<void> {
    await this.deps.receipts?.idle();
  }

  /** one conversation's row, or null when the profile has none with that number */
  async row(input: { profileId?: string; number: string }): Promise<InboxRow | null> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    return this.deps.table.one(profile.id, input.number);
  }

  /** whether a reply arriving while the window is not focused shows a desktop notification (on unless switched off) */
  replyNotices(): { on: boolean } {
    return { on: this.deps.replyNotices.get() !== false };
  }

  setReplyNotices(input: { on: boolean }): { on: boolean } {
    // on is the default: only "off" is stored
    this.deps.replyNotices.set(input.on ? null : false);
    return this.replyNotices();
  }

  /** unread messages over all of the profile's conversations */
  async unreadTotal(profileId?: string): Promise<number> {
    const profile = await this.deps.profiles.resolve(profileId);
    return this.deps.table.unreadTotal(profile.id);
  }
}
