// crm templates create | edit | delete | check: a template submitted for review (then watched with
// `crm templates`), changed (reviewed again), deleted in every language, or checked before a send.
import type { SendVerdict } from '../../shared/template-lifecycle';
import { UsageError } from '../args';
import type { Core } from '../../core/create-core';
import type { TemplateDraft } from '../../shared/template-lifecycle';
import { defineCommand, type CommandDef, type CommandResult } from '../command';
import { clean } from '../format';
import { draftOf, draftOptions } from './template-draft-options';
import { confirmOrRefuse, namedProfile, profileOption, yesOption } from './shared';

const DRAFT_USAGE = [
  '--name NAME --language CODE --category CATEGORY --body TEXT',
  '[--sample TEXT]... [--header TEXT] [--footer TEXT] [--button KIND:TEXT[=VALUE]]...',
].join(' ');

const CREATE_NOTES = [
  'Through the create, edit and delete requests the profile learned (crm profiles import-curl --operation template-create,' +
    " template-edit, template-delete), or, without them, Meta's own routes beside a learned message_templates listing.",
  'The draft is checked against WhatsApp limits first; nothing is sent while a problem is left.',
];

/** templates create and edit: the same draft, read and checked the same way, handed to `submit` */
function draftCommand(
  verb: 'create' | 'edit',
  summary: string,
  submit: (core: Core, profileId: string, draft: TemplateDraft) => Promise<CommandResult>,
): CommandDef<typeof draftOptions> {
  return defineCommand({
    name: `templates ${verb}`,
    summary,
    usage: [`templates ${verb} ${DRAFT_USAGE}`],
    options: draftOptions,
    notes: CREATE_NOTES,
    async run(ctx, { values }) {
      const draft = draftOf(values);
      const { core, profile } = await namedProfile(ctx, values.profile);
      return submit(core, profile.id, draft);
    },
  });
}

export const templatesCreateCommand = draftCommand(
  'create',
  'submit a new template for review (it is PENDING until approved or rejected)',
  async (core, profileId, draft) => {
    const created = await core.templateLifecycle.create({ profileId, draft });
    const which = `${clean(draft.name)} (${clean(draft.language)})`;
    return { data: created, text: `Submitted ${which}: ${clean(created.status)}. Watch it with crm templates.` };
  },
);

export const templatesEditCommand = draftCommand(
  'edit',
  'change a template (name and language say which); it is reviewed again',
  async (core, profileId, draft) => {
    await core.templateLifecycle.update({ profileId, draft });
    const data = { name: draft.name, language: draft.language, status: 'PENDING' };
    return { data, text: `Changed ${clean(draft.name)} (${clean(draft.language)}): PENDING review again.` };
  },
);

export const templatesDeleteCommand = defineCommand({
  name: 'templates delete',
  summary: 'delete a template in every language (Meta deletes by name)',
  usage: ['templates delete NAME [--yes]'],
  options: { profile: profileOption, yes: yesOption },
  positionals: { min: 1, max: 1 },
  async run(ctx, { values, positionals }) {
    const name = positionals[0]!;
    const { core, profile } = await namedProfile(ctx, values.profile);
    await confirmOrRefuse(ctx, values.yes === true, `Delete template ${clean(name)} in every language?`, `delete template ${clean(name)}`);
    await core.templateLifecycle.remove({ profileId: profile.id, name });
    return { data: { deleted: name }, text: `Deleted template ${clean(name)}.` };
  },
});

export function verdictText(verdict: SendVerdict): string {
  if (verdict.level === 'unknown') return 'Nothing is known of this template here: the service decides when it is sent.';
  if (verdict.level === 'ok') return 'It will send: approved, quality not red, category as approved.';
  return verdict.problems.map((p) => `${verdict.level === 'refuse' ? 'Will not send' : 'Warning'}: ${clean(p.message)}`).join('\n');
}

export const templatesCheckCommand = defineCommand({
  name: 'templates check',
  summary: 'will this template send? (approved, not paused, quality not red, category unchanged, language available)',
  usage: ['templates check --name NAME --language CODE [--profile NAME] [--json]'],
  options: { profile: profileOption, name: draftOptions.name, language: draftOptions.language },
  async run(ctx, { values }) {
    if (values.name === undefined || values.language === undefined) throw new UsageError('--name and --language are required');
    const { core, profile } = await namedProfile(ctx, values.profile);
    const verdict = await core.templateLifecycle.check({ profileId: profile.id, name: values.name, language: values.language });
    const text = verdictText(verdict);
    if (verdict.level !== 'refuse') return { data: verdict, text };
    return { data: verdict, text, exitCode: 1, reason: verdict.problems[0]?.message ?? 'it will not send' };
  },
});
