// crm templates: the approved templates the profile's service lists (name, language, how many
// parameters), for `crm send template`; a service that lists none says why, and names are typed.
import type { TemplateList } from '../../shared/approved-template';
import { defineCommand } from '../command';
import { clean } from '../format';
import { profileOption } from './shared';

function textOf(list: TemplateList): string {
  if (list.source === 'typed') return `${list.reason ?? 'This service lists no templates'}.`.replace(/\.\.$/, '.');
  if (list.templates.length === 0) return 'The service lists no approved templates.';
  return list.templates
    .map((t) => `${clean(t.name)} (${clean(t.language)})${t.params === null ? '' : `, ${t.params} parameter${t.params === 1 ? '' : 's'}`}${t.body === null ? '' : `: ${clean(t.body)}`}`)
    .join('\n');
}

export const templatesCommand = defineCommand({
  name: 'templates',
  summary: 'the approved templates the service lists, to send with crm send template',
  usage: ['templates [--profile NAME] [--json]'],
  options: { profile: profileOption },
  positionals: { min: 0, max: 0 },
  async run(ctx, { values }) {
    const session = await ctx.session({ profileRef: values.profile });
    const profile = await session.profile();
    const list = await session.core.templates.list({ profileId: profile.id });
    return { data: list, text: textOf(list) };
  },
});
