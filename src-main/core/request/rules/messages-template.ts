import { templateProblems } from '../../../shared/template-rules';
import { checkIdempotencyKey, recipient } from '../field-rules';
import type { DescribedRule } from './rule';

export const messagesTemplateRules: DescribedRule<'messages.template'> = ({ input, idempotencyKey }, { roles, problems }) => {
  const number = recipient(input.number, problems);
  for (const { field, label, message } of templateProblems(input, roles.has('template_language'))) problems.field(field, message, label);
  // a description learned from an example without parameters has nowhere to put them
  if (input.params.length > 0 && !roles.has('template_param')) {
    problems.sentence(
      'params',
      "This service's Send Template has no field for parameters (see Profiles → API): import an example with a parameter, or map " +
        'a field to the template parameter',
    );
  }
  return {
    values: { number, template_name: input.name, template_language: input.language, template_param: [...input.params] },
    idempotencyKey: checkIdempotencyKey(idempotencyKey, problems),
  };
};
