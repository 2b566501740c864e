// crm search TEXT: every conversation of the profile searched for the words given (accents and
// case aside, the last word also as the start of a word), newest first, one line per message
// with the matched words in [brackets]. The same search as the window's Ctrl+Shift+F.
import type { SearchHit, SearchPage, SnippetPart } from '../../shared/message-search';
import { parsePositiveInt } from '../args';
import { defineCommand } from '../command';
import { clean, shortTime } from '../format';
import { profileOption, profileSession } from './shared';
import { valueOption } from '../option-kinds';

export const searchCommand = defineCommand({
  name: 'search',
  summary: 'search every conversation (sent messages and replies) for words',
  usage: ['search TEXT... [--limit N] [--after MARK] [--profile NAME] [--json]'],
  options: {
    limit: valueOption('N', 'messages to list, 1..100 (default 20)'),
    after: valueOption('MARK', 'the next page: the mark the last line of the page before gave'),
    profile: profileOption,
  },
  positionals: { min: 1, max: 16 },
  notes: [
    'Finds messages holding every word given, in their text, caption or file name, or in the name a reply carried; accents and ' +
      'letter case do not matter ("acao" finds "Ação"), and the last word also finds longer words it starts (from 3 letters). ' +
      'Quotes, *, -, AND, OR, NEAR and other punctuation are read as plain text, never as search syntax.',
    "Searches this app's record of its sends (the last 5,000) and the replies it received, kept in the data folder.",
    '--json prints {"query","hits":[{"key","direction","number","name","messageId","kind","at","snippet":[{"text","match"}]}],"total","totalCapped","next"}.',
  ],
  async run(ctx, { values, positionals }) {
    const limit = parsePositiveInt(values.limit, '--limit');
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    const page = await session.core.messageSearch.search({
      profileId: profile.id,
      text: positionals.join(' '),
      ...(limit !== undefined ? { limit } : {}),
      ...(values.after !== undefined ? { after: values.after } : {}),
    });
    return { data: page, text: searchText(page) };
  },
});

/** the snippet on one line, each match in [brackets] (plain text: it reads the same piped or on a terminal) */
export function markedPlainly(parts: readonly SnippetPart[]): string {
  return clean(parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join(''));
}

function lineOf(hit: SearchHit): string {
  const who = hit.direction === 'out' ? `→ +${hit.number}` : `← +${hit.number}${hit.name ? ` (${clean(hit.name)})` : ''}`;
  return `${shortTime(hit.at)} ${who}: ${markedPlainly(hit.snippet)}`;
}

function searchText(page: SearchPage): string {
  const query = clean(page.query);
  if (page.hits.length === 0) return `No messages match "${query}".`;
  const count = page.totalCapped
    ? `More than ${page.total} messages match`
    : `${page.total} message${page.total === 1 ? '' : 's'} match${page.total === 1 ? 'es' : ''}`;
  const more = page.next === null ? '' : `; more with --after ${page.next}`;
  return [...page.hits.map(lineOf), `${count} "${query}", newest first${more}.`].join('\n');
}
