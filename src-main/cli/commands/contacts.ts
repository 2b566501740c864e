// crm contacts [--search S [--local]] [--page N] [--per-page N]
// A search the service cannot do is refused (exit 2) rather than shown as done; --local searches
// the page fetched instead, and says so.
import { defineCommand } from '../command';
import { clean, dash, table } from '../format';
import { profileOption } from './shared';
import { pageOptions, pageQuery } from './page-options';
import { EXIT_USAGE } from '../io';
import { searchedHere } from './contacts-local';
import { flagOption, valueOption } from '../option-kinds';

export const contactsCommand = defineCommand({
  name: 'contacts',
  summary: 'list contacts (one page)',
  usage: ['contacts [--search TEXT [--local]] [--page N] [--per-page N] [--profile NAME] [--json]'],
  options: {
    search: valueOption('TEXT', 'case-insensitive part of a name, number or e-mail'),
    ...pageOptions('contacts'),
    local: flagOption('when the service cannot search: search the page fetched here instead of refusing'),
    profile: profileOption,
  },
  notes: [
    '--json prints {"items":[...],"page","perPage","total","totalPages"} (total and totalPages are null when the server does not say).',
    'A service that cannot search (its listing takes no search term, or it answered one with other contacts):',
    '  --search exits 2 saying why; add --local to search the fetched page here.',
  ],
  async run(ctx, { values }) {
    const { session, query } = await pageQuery(ctx, values, values.search !== undefined ? { search: values.search } : {});
    const listed = await session.core.contacts.list(query);
    const unsupported = values.search !== undefined ? listed.searchUnsupported : undefined;
    if (unsupported !== undefined && values.local !== true) {
      const fetched = listed.items.length;
      const reason = `This service cannot search: ${unsupported}. Add --local to search the ${fetched} contacts fetched here instead`;
      return { data: { error: { code: 'search_unsupported', message: reason } }, text: '', exitCode: EXIT_USAGE, reason };
    }
    const result = unsupported === undefined ? listed : searchedHere(listed, values.search!);
    const footer =
      result.total !== null
        ? `page ${result.page} of ${result.totalPages ?? '?'} (${result.total} contact${result.total === 1 ? '' : 's'})`
        : `page ${result.page} (${result.items.length} contact${result.items.length === 1 ? '' : 's'})`;
    const text =
      result.items.length === 0
        ? `No contacts${values.search !== undefined ? ' match' : ''}. ${footer}`
        : `${table(
            ['NAME', 'NUMBER', 'EMAIL', 'TAGS', 'ID'],
            result.items.map((c) => [c.name, c.number, dash(c.email), c.tags.join(','), c.id]),
          )}\n${footer}`;
    // the service has no listing, or could not search: say what the rows are instead, before them
    return { data: result, text: result.notice === undefined ? text : `note: ${clean(result.notice)}\n${text}` };
  },
});
