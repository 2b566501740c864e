// crm inbox: the profile's conversations as the window's Conversations screen lists them, newest
// first: who, the newest line and when, unread replies, whether the contact waits for an answer,
// how far our newest send got and when the 24-hour window closes. Filters narrow it; together
// they must all hold. Terminal-safe: a contact's name or text cannot move the cursor.
import { cutChars } from '../../shared/format';
import { isWindowClosing, type InboxFilter, type InboxPage, type InboxRow } from '../../shared/inbox';
import { parsePositiveInt, UsageError } from '../args';
import { defineCommand } from '../command';
import { dash, shortTime, table } from '../format';
import { onOffSettingCommand } from './on-off-setting';
import { profileOption, profileSession } from './shared';
import { flagOption, valueOption } from '../option-kinds';

/** a long line is cut for the table; --json has it as stored */
const TEXT_COLUMN = 50;
const DEFAULT_LIMIT = 50;

export const inboxCommand = defineCommand({
  name: 'inbox',
  summary: "the profile's conversations, newest first, with unread replies and those waiting for an answer",
  usage: ['inbox [--unread] [--needs-answer] [--window-closing] [--limit N] [--offset N] [--profile NAME] [--json]'],
  options: {
    unread: flagOption('only conversations with replies the agent has not opened'),
    'needs-answer': flagOption('only conversations where the contact wrote last'),
    'window-closing': flagOption('only conversations whose 24-hour window closes within 2 hours'),
    limit: valueOption('N', `conversations to list, 1..500 (default ${DEFAULT_LIMIT})`),
    offset: valueOption('N', 'skip the newest N first (default 0)'),
    profile: profileOption,
  },
  notes: [
    "Replies and delivery states come from the service's events, which the open window receives (crm webhooks show says where). " +
      'Opening a conversation in the window marks it read; listing it here does not.',
    '--json prints {"rows":[...],"total","offset","unreadTotal"}.',
  ],
  async run(ctx, { values }) {
    const limit = parsePositiveInt(values.limit, '--limit') ?? DEFAULT_LIMIT;
    if (limit > 500) throw new UsageError('--limit: at most 500 conversations at a time');
    if (values.offset !== undefined && !/^\d+$/.test(values.offset)) throw new UsageError('--offset must be a whole number of 0 or more');
    const offset = values.offset === undefined ? 0 : Number(values.offset);
    const filters: InboxFilter[] = [
      ...(values.unread ? ['unread' as const] : []),
      ...(values['needs-answer'] ? ['needs-answer' as const] : []),
      ...(values['window-closing'] ? ['window-closing' as const] : []),
    ];
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    const page = await session.core.inbox.list({ profileId: profile.id, filter: filters, offset, limit });
    return { data: page, text: inboxText(page, filters.length > 0) };
  },
});

function inboxText(page: InboxPage, filtered: boolean): string {
  const unread = `${page.unreadTotal} unread`;
  if (page.rows.length === 0)
    return page.total > 0
      ? `No conversations past ${page.offset} (${page.total} in all; ${unread}).`
      : filtered
        ? 'No conversation matches these filters.'
        : 'No conversations yet: a message sent or a reply received starts one.';
  const now = new Date();
  const rows = table(
    ['WHEN', 'CONTACT', 'UNREAD', 'WAITING', 'LAST', 'STATE', 'WINDOW'],
    page.rows.map((r) => row(r, now)),
  );
  const more = page.offset + page.rows.length < page.total ? `; more with --offset ${page.offset + page.rows.length}` : '';
  return `${rows}\n${page.rows.length} of ${page.total} conversation${page.total === 1 ? '' : 's'} (${unread})${more}`;
}

function row(r: InboxRow, now: Date): string[] {
  const who = r.name === null ? `+${r.number}` : `${r.name} (+${r.number})`;
  const last = `${r.lastDirection === 'out' ? 'you: ' : ''}${r.lastText ?? `(${r.lastKind})`}`;
  const window =
    r.windowClosesAt === null || Date.parse(r.windowClosesAt) <= now.getTime()
      ? 'closed'
      : `${isWindowClosing(r.windowClosesAt, now) ? 'closing ' : 'open until '}${shortTime(r.windowClosesAt)}`;
  return [
    shortTime(r.lastAt),
    who,
    r.unread > 0 ? String(r.unread) : '-',
    r.needsAnswer ? 'yes' : '-',
    cutChars(last, TEXT_COLUMN),
    dash(r.lastDirection === 'out' ? r.lastSentState : null),
    window,
  ];
}

/** crm settings reply-notices: the window's switch for desktop notifications of replies */
export const replyNoticesCommand = onOffSettingCommand({
  name: 'reply-notices',
  summary: 'show or switch the desktop notification the window shows when a contact writes while it is in the background',
  notes: [
    'On unless switched off. The window and every `crm` command on the data folder share it; the window takes a change at the next reply.',
  ],
  label: 'Desktop notifications of replies',
  read: (core) => core.inbox.replyNotices(),
  write: (core, on) => core.inbox.setReplyNotices({ on }),
});
