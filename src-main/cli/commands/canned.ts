// crm canned list|add|remove: the stored answers a reply box inserts with /NAME. Shared ones live
// in the data folder's database for everyone who uses it; personal ones belong to this OS user.
import { cannedNameProblem } from '../../shared/canned';
import { UsageError, requireOption } from '../args';
import type { CommandGroup } from '../command';
import { defineCommand } from '../command';
import { flagOption, valueOption } from '../option-kinds';
import { table } from '../format';
import { resolve } from 'node:path';
import type { CannedResponse } from '../../shared/canned';

function mediaOf(c: CannedResponse): string {
  if (c.media === null) return '-';
  return c.media.kind === 'url' ? c.media.url : c.media.fileName;
}

const list = defineCommand({
  name: 'canned list',
  summary: 'the canned responses this user sees: the shared ones and their own',
  usage: ['canned list [--json]'],
  notes: [
    '--json prints [{"name","text","scope","media"}], scope "shared" or "personal", media null, {"kind":"url","url"} or {"kind":"file","fileName"}.',
  ],
  async run(ctx) {
    const session = await ctx.session();
    const items = session.core.canned.list();
    return {
      data: items,
      text:
        items.length === 0
          ? 'No canned responses yet: crm canned add --name NAME --text TEXT'
          : table(
              ['NAME', 'SCOPE', 'FILE', 'TEXT'],
              items.map((c) => [c.name, c.scope, mediaOf(c), c.text]),
            ),
    };
  },
});

const add = defineCommand({
  name: 'canned add',
  summary: 'store a canned response ({{contact.name}}, {{contact.number}} and {{any_parameter}} are filled when it is used)',
  usage: ['canned add --name NAME --text TEXT [--shared] [--media PATH|URL] [--json]'],
  options: {
    name: valueOption('NAME', 'what is typed after / in the reply box: letters, digits, - and _'),
    text: valueOption('TEXT', 'the body (1..4096 characters); {{order}} is asked for when it is used'),
    shared: flagOption('everyone on this data folder sees it (default: only this OS user)'),
    media: valueOption('PATH|URL', 'a file sent with it, its text as the caption: a file on this computer or an http(s) URL'),
  },
  async run(ctx, { values }) {
    const name = requireOption(values.name, '--name');
    if (values.text === undefined) throw new UsageError('missing --text');
    const session = await ctx.session();
    // a relative path means the folder the command runs in, as a person typing it means
    const media = values.media === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(values.media) ? values.media : resolve(values.media);
    const added = await session.core.canned.add({
      name,
      text: values.text,
      shared: values.shared === true,
      ...(media === undefined ? {} : { media }),
    });
    return { data: added, text: `Stored ${added.scope} canned response ${added.name}: type /${added.name} in a reply.` };
  },
});

const remove = defineCommand({
  name: 'canned remove',
  summary: 'remove a canned response (a shared one for everyone)',
  usage: ['canned remove NAME'],
  positionals: { min: 1, max: 1 },
  async run(ctx, { positionals }) {
    const name = positionals[0] ?? '';
    const problem = cannedNameProblem(name);
    if (problem !== null) throw new UsageError(problem);
    const session = await ctx.session();
    session.core.canned.remove(name);
    return { data: { removed: name }, text: `Removed canned response ${name}.` };
  },
});

export const cannedGroup: CommandGroup = {
  name: 'canned',
  summary: 'canned responses for replies (/NAME in the reply box)',
  commands: [list, add, remove],
};
