// What the inbox tells the person outside the window's own screen: the unread total on the
// dock/taskbar icon, and a desktop notification for a new reply while the window is not focused
// (clicking it opens that conversation). The host supplies the OS's means (electron/attention.ts);
// a host without them (the Chromium host, the e2e harness) supplies none and nothing is shown.
import type { Disposable, Event } from '../core/emitter';
import { combinedDisposable } from '../core/emitter';
import { cutChars } from '../shared/format';
import type { InboxRow } from '../shared/inbox';
import { formatPhone } from '../shared/phone-display';

/** the OS's ways to get the person's attention, as the host has them */
export interface AttentionPort {
  /** the number on the app's icon (0 clears it) */
  badge?(count: number): void;
  /** a desktop notification; `onClick` when the person clicks it */
  notify?(notice: ReplyNotice, onClick: () => void): void;
  /** the person is looking at the window: a notification would only repeat it */
  focused(): boolean;
}

export interface ReplyNotice {
  title: string;
  body: string;
}

/** characters of a reply a notification shows (the window has the rest) */
const NOTICE_TEXT_CHARS = 120;

/**
 * The notification a conversation's row calls for, or null: only for a reply (the contact wrote
 * last, unread) that arrived after `since` (not one from before the app started) and was not
 * told already (`told`: the time of the last reply told for this contact).
 */
export function replyNotice(row: InboxRow | null, since: Date, told: string | undefined): ReplyNotice | null {
  if (row === null || row.lastDirection !== 'in' || row.unread === 0) return null;
  if (Date.parse(row.lastAt) < since.getTime() || row.lastAt === told) return null;
  const number = formatPhone(row.number);
  return {
    title: row.name === null ? number : `${row.name} (${number})`,
    body: cutChars(row.lastText ?? `Sent ${/^[aeiou]/.test(row.lastKind) ? 'an' : 'a'} ${row.lastKind}`, NOTICE_TEXT_CHARS),
  };
}

export interface InboxSignalSources {
  conversations: { onDidChange: Event<{ profileId: string | null; number: string | null }> };
  inbox: {
    onDidMarkRead: Event<{ profileId: string }>;
    row(input: { profileId?: string; number: string }): Promise<InboxRow | null>;
    unreadTotal(profileId?: string): Promise<number>;
    replyNotices(): { on: boolean };
  };
  profiles: { onDidChange: Event<unknown>; active(): Promise<{ id: string } | null> };
}

export function startInboxSignals(
  sources: InboxSignalSources,
  attention: AttentionPort,
  options: { open: (number: string) => void; now?: () => Date; log?: (message: string) => void },
): Disposable {
  const since = (options.now ?? (() => new Date()))();
  const told = new Map<string, string>();
  let shownCount: number | null = null;
  const fail = (err: unknown): void => options.log?.(`inbox: ${err instanceof Error ? err.message : String(err)}`);

  const updateBadge = async (): Promise<void> => {
    if (!attention.badge) return;
    const active = await sources.profiles.active();
    const count = active === null ? 0 : await sources.inbox.unreadTotal(active.id);
    if (count === shownCount) return;
    shownCount = count;
    attention.badge(count);
  };

  const maybeNotify = async (profileId: string | null, number: string | null): Promise<void> => {
    if (!attention.notify || number === null || attention.focused() || !sources.inbox.replyNotices().on) return;
    const active = await sources.profiles.active();
    // a reply to another profile than the one the window shows is in its own list, unannounced
    if (active === null || (profileId !== null && profileId !== active.id)) return;
    const row = await sources.inbox.row({ profileId: active.id, number });
    const notice = replyNotice(row, since, told.get(number));
    if (notice === null || row === null) return;
    told.set(number, row.lastAt);
    attention.notify(notice, () => options.open(number));
  };

  // one look at a time: two changes of one reply (its line, its name) must not both find it
  // untold, and an older count must not land after a newer one
  let looking: Promise<void> = Promise.resolve();
  let badging: Promise<void> = Promise.resolve();
  const badgeSoon = (): void => {
    badging = badging.then(updateBadge).catch(fail);
  };
  badgeSoon();
  return combinedDisposable([
    sources.conversations.onDidChange((change) => {
      badgeSoon();
      looking = looking.then(() => maybeNotify(change.profileId, change.number)).catch(fail);
    }),
    sources.inbox.onDidMarkRead(badgeSoon),
    sources.profiles.onDidChange(badgeSoon),
  ]);
}
