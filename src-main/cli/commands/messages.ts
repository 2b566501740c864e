// crm messages [--to NUMBER] [--page N] [--per-page N]: what the profile sent, newest first, from
// the service's message listing or, when the service has none, this app's record of its sends.
// --follow instead stays and prints each new send, reply and delivery state of every number of
// the profile, one line per change, as it lands in the data folder, until Ctrl+C.
import { cutChars } from '../../shared/format';
import type { HistoryMessage, MessageHistoryPage } from '../../shared/message-history';
import { KIND_WORDS, SOURCE_WORDS, originWords } from '../../shared/message-words';
import type { NumberedItem } from '../../shared/conversation';
import { checkPhone } from '../../core/phone';
import { UsageError } from '../args';
import { defineCommand, type CommandContext } from '../command';
import { lineOf, shownAs } from '../conversation-lines';
import { followUntilStopped } from '../follow';
import type { Session } from '../session';
import { dash, jsonLine, shortTime, table } from '../format';
import { profileOption } from './shared';
import { pageOptions, pageQuery } from './page-options';
import { flagOption, valueOption } from '../option-kinds';

/** a long text is cut for the table; --json has it as listed */
const TEXT_COLUMN = 60;

export const messagesCommand = defineCommand({
  name: 'messages',
  summary: 'list the messages sent (one page, newest first)',
  usage: [
    'messages [--to NUMBER] [--page N] [--per-page N] [--profile NAME] [--json]',
    'messages --follow [--to NUMBER] [--profile NAME] [--json]',
  ],
  options: {
    follow: flagOption("stay and print each new send, reply and delivery state, every number's (or --to's), until Ctrl+C"),
    to: valueOption('NUMBER', 'only messages to this number (+55 (11) 99999-0000 is fine)'),
    ...pageOptions('messages'),
    profile: profileOption,
  },
  notes: [
    "The list comes from the service's message listing; when the service has none (it answers 404 or 405, its first page is empty, " +
      "or the profile says so: crm profiles not-offered messages), from this app's own record of what it sent " +
      '(the last 5,000 sends, kept in the data folder). The last line says which.',
    'STATUS is the latest delivery state the service said, in its listing or in its events (the state the conversation shows).',
    'ORIGIN says how this app sent each message: sent now, from the outbox (sent later, once the service could be reached), or ' +
      'replayed (the service answered with its stored answer for the same Idempotency-Key: nothing new was created).',
    '--follow prints one line per change (with --json, one JSON object per line: the conversation line and its "number"); ' +
      "replies and states come from the service's events, which the open window receives (crm webhooks show says where).",
    '--json prints {"items":[...],"page","perPage","total","hasMore","source","number","fallbackReason"}; source is "service" or "record".',
  ],
  async run(ctx, { values }) {
    if (values.follow) {
      if (values.page !== undefined || values['per-page'] !== undefined)
        throw new UsageError('--follow prints changes as they come: it takes no --page or --per-page');
      const session = await ctx.session({ profileRef: values.profile });
      await follow(ctx, session, values.to);
      return { data: null, text: '', printed: true };
    }
    const { session, query } = await pageQuery(ctx, values, values.to !== undefined ? { number: values.to } : {});
    const result = await session.core.history.list(query);
    return { data: result, text: messagesText(result) };
  },
});

function messagesText(result: MessageHistoryPage): string {
  const to = result.number === null ? '' : ` to ${result.number}`;
  const from = result.fallbackReason ?? `From ${SOURCE_WORDS[result.source]}.`;
  if (result.items.length === 0) return `No messages${to}${result.page > 1 ? ` on page ${result.page}` : ''}.\n${from}`;
  const count =
    result.total === null ? `${result.items.length} on this page` : `${result.total} message${result.total === 1 ? '' : 's'}${to}`;
  const pages = result.total === null ? '' : ` of ${Math.max(1, Math.ceil(result.total / result.perPage))}`;
  const more = result.hasMore ? `; more with --page ${result.page + 1}` : '';
  const rows = table(['WHEN', 'TO', 'TYPE', 'ORIGIN', 'STATUS', 'TEXT', 'ID'], result.items.map(row));
  return `${rows}\npage ${result.page}${pages} (${count})${more}\n${from}`;
}

function row(m: HistoryMessage): string[] {
  const words = [m.text, m.fileName].filter((w): w is string => w !== null).join(' · ');
  return [shortTime(m.at), m.number, KIND_WORDS[m.kind], originWords(m.origin), m.status, dash(cutChars(words, TEXT_COLUMN)), dash(m.id)];
}

/** lines already there when the follow starts are not printed again: `crm messages` lists them */
const FOLLOW_WINDOW = 500;

async function follow(ctx: CommandContext, session: Session, to: string | undefined): Promise<void> {
  const profile = await session.profile();
  let only: string | null = null;
  if (to !== undefined) {
    const checked = checkPhone(to);
    if (!checked.ok) throw new UsageError(`--to: the number ${checked.message}`);
    only = checked.number;
  }
  const ask = (): Promise<NumberedItem[]> => session.core.conversations.recent({ profileId: profile.id, limit: FOLLOW_WINDOW });
  const seen = new Set<string>();
  const print = (items: NumberedItem[], quiet: boolean): void => {
    for (const item of items) {
      if (only !== null && item.number !== only) continue;
      const shown = shownAs(item);
      if (seen.has(shown)) continue;
      seen.add(shown);
      if (!quiet) ctx.io.stdout.write(`${ctx.json ? jsonLine(item) : lineOf(item, item.number)}\n`);
    }
  };
  print(await ask(), true);
  ctx.note(
    `Following ${only === null ? 'every number' : `+${only}`} of ${profile.name}: new sends, replies and delivery states are ` +
      `printed as they arrive; Ctrl+C stops.`,
  );
  const refresh = (): void => {
    void ask()
      .then((items) => print(items, false))
      .catch(() => undefined);
  };
  await followUntilStopped(() => {
    const subscription = session.core.conversations.onDidChange((change) => {
      if (change.profileId === null || change.profileId === profile.id) refresh();
    });
    // anything stored between the first read and the subscription
    refresh();
    return subscription;
  });
}
