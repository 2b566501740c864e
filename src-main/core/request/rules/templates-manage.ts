// Template management's values: a submission is written whole in Meta's shape (draft-body.ts),
// an edit names the template by the id the listing gave, a deletion by its name (and id, for a
// service that deletes one language by id). The draft itself was checked against WhatsApp's
// limits by the template manager; here only what names the template is.
import { createBody, editBody } from '../../templates/draft-body';
import type { Problems } from '../problems';
import type { DescribedRule } from './rule';

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
const TEMPLATE_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

function checkTemplateId(id: string, problems: Problems): void {
  if (!TEMPLATE_ID.test(id)) problems.field('templateId', "must be the template's id as the service listed it", 'Template id');
}

export const templatesCreateRules: DescribedRule<'templates.create'> = ({ input }) => ({
  values: { template_draft: createBody(input.draft) },
});

export const templatesUpdateRules: DescribedRule<'templates.update'> = ({ input }, { problems }) => {
  checkTemplateId(input.templateId, problems);
  return { values: { template_id: input.templateId, template_draft: editBody(input.draft) } };
};

export const templatesDeleteRules: DescribedRule<'templates.delete'> = ({ input }, { problems }) => {
  if (!TEMPLATE_NAME.test(input.name)) problems.field('name', 'must be lowercase letters, digits and underscores', 'Template name');
  if (input.templateId !== null) checkTemplateId(input.templateId, problems);
  return { values: { template_name: input.name, ...(input.templateId === null ? {} : { template_id: input.templateId }) } };
};
