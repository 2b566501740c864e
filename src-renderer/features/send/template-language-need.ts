// Whether the active profile's Send Template takes a language (template-language.ts), asked of
// main once per profile. Until main answers, or when it cannot, the language is asked for: that
// is docs/API.md's template and the one most services have.
import { takesTemplateLanguage } from '../../../src-main/shared/template-language';
import { useDescribedOperation } from '../../lib/use-described-operation';

export function useTemplateTakesLanguage(profileId: string | null): boolean {
  const template = useDescribedOperation(profileId, 'messages.template');
  return template?.spec === undefined || takesTemplateLanguage(template.spec);
}
