// crm templates: every template the profile's service has, with its status, the reason of a
// rejection, its quality, category (and the one it was approved with) and language; the group's
// other commands create, edit, delete and check them (templates-manage.ts). The send list of
// approved templates alone stays under --approved, as `crm send template` uses them.
import type { TemplateList } from '../../shared/approved-template';
import type { ManagedTemplate, TemplateOverview } from '../../shared/template-lifecycle';
import type { CommandGroup } from '../command';
import { defineCommand } from '../command';
import { clean, table } from '../format';
import { profileOption, profileSession } from './shared';
import { templatesCheckCommand, templatesCreateCommand, templatesDeleteCommand, templatesEditCommand } from './templates-manage';
import { flagOption } from '../option-kinds';

function approvedText(list: TemplateList): string {
  if (list.source === 'typed') return `${list.reason ?? 'This service lists no templates'}.`.replace(/\.\.$/, '.');
  if (list.templates.length === 0) return 'The service lists no approved templates.';
  return list.templates
    .map((t) => {
      const params = t.params === null ? '' : `, ${t.params} parameter${t.params === 1 ? '' : 's'}`;
      return `${clean(t.name)} (${clean(t.language)})${params}${t.body === null ? '' : `: ${clean(t.body)}`}`;
    })
    .join('\n');
}

function categoryText(t: ManagedTemplate): string {
  const now = t.category ?? '-';
  return t.approvedCategory !== null && t.approvedCategory !== t.category ? `${now} (approved as ${t.approvedCategory})` : now;
}

function overviewText(overview: TemplateOverview): string {
  const rows = overview.templates.map((t) => [t.name, t.language, t.status, t.rejectedReason ?? '', t.quality, categoryText(t)].map(clean));
  const list = rows.length === 0 ? 'No templates.' : table(['NAME', 'LANGUAGE', 'STATUS', 'REASON', 'QUALITY', 'CATEGORY'], rows);
  return overview.reason === null ? list : `${list}\n${clean(overview.reason)}.`.replace(/\.\.$/, '.');
}

export const templatesListCommand = defineCommand({
  name: 'templates list',
  summary: 'every template with its status, rejection reason, quality, category and language',
  usage: ['templates [list] [--approved] [--profile NAME] [--json]'],
  options: {
    profile: profileOption,
    approved: flagOption('only the approved ones, with their parameters, as crm send template takes them'),
  },
  notes: ['Without a listing to ask (offline, or none described), the states last kept are shown, with the reason.'],
  async run(ctx, { values }) {
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    if (values.approved === true) {
      const list = await session.core.templates.list({ profileId: profile.id });
      return { data: list, text: approvedText(list) };
    }
    const overview = await session.core.templateLifecycle.overview({ profileId: profile.id });
    return { data: overview, text: overviewText(overview) };
  },
});

// keeps the name commands/index.ts has always imported: `crm templates` alone still lists
export const templatesCommand: CommandGroup = {
  name: 'templates',
  summary: 'the templates of the service: list (the default), create, edit, delete, check',
  commands: [templatesListCommand, templatesCreateCommand, templatesEditCommand, templatesDeleteCommand, templatesCheckCommand],
  bare: templatesListCommand,
};
