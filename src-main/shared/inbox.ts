// The agent's conversation list (the inbox): one row per contact number of a profile, newest
// activity first, as main's summary table keeps it. Pure types and rules, shared by main, the
// window and `crm inbox`.
import { SERVICE_WINDOW_MS, type DeliveryStateShown } from './conversation';

/** which rows a page holds: every conversation, or only those the filter names */
export type InboxFilter = 'all' | 'unread' | 'needs-answer' | 'window-closing';

export const INBOX_FILTERS = ['all', 'unread', 'needs-answer', 'window-closing'] as const satisfies readonly InboxFilter[];

/** a window that closes within this is "closing": a free-form answer must go now or never */
export const WINDOW_CLOSING_MS = 2 * 60 * 60 * 1000;

/** rows a page may hold at most */
export const INBOX_PAGE_LIMIT = 500;

export interface InboxRow {
  /** digits */
  number: string;
  /** the newest name the contact's messages carried, or null */
  name: string | null;
  /** who wrote the newest line: the contact ('in') or this app ('out') */
  lastDirection: 'in' | 'out';
  /** 'text', 'image', 'template'... */
  lastKind: string;
  /** the newest line's text (or its file name), shortened; null: none */
  lastText: string | null;
  /** when this app saw the newest line (ISO 8601) */
  lastAt: string;
  /** the contact's messages that arrived after the agent last opened the conversation */
  unread: number;
  /** the contact wrote last: the conversation waits for an answer */
  needsAnswer: boolean;
  /** how far our newest send got ('accepted': the service took it and said nothing since); null: nothing sent */
  lastSentState: DeliveryStateShown | null;
  /** when the 24-hour window closes (ISO 8601): 24 h after the contact's newest message; null: the contact never wrote */
  windowClosesAt: string | null;
}

export interface InboxPage {
  rows: InboxRow[];
  /** rows the filter matches in all */
  total: number;
  /** the offset this page starts at */
  offset: number;
  /** unread messages over every conversation of the profile (the window title and the badge) */
  unreadTotal: number;
}

/** when the 24-hour window of a contact's newest message closes, or null */
export function windowClosesAt(lastReceivedAt: string | null): string | null {
  if (lastReceivedAt === null) return null;
  const at = Date.parse(lastReceivedAt);
  return Number.isNaN(at) ? null : new Date(at + SERVICE_WINDOW_MS).toISOString();
}

/** the window is still open and closes within WINDOW_CLOSING_MS */
export function isWindowClosing(closesAt: string | null, now: Date): boolean {
  if (closesAt === null) return false;
  const left = Date.parse(closesAt) - now.getTime();
  return left > 0 && left <= WINDOW_CLOSING_MS;
}

/** the window's title with the unread count in front, as mail and chat apps show it */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${title}` : title;
}
