// Whether the active profile's Send Template takes a language (template-language.ts), asked of
// main once per profile. Until main answers, or when it cannot, the language is asked for: that
// is docs/API.md's template and the one most services have.
import { useEffect, useState } from 'react';
import { takesTemplateLanguage } from '../../../src-main/shared/template-language';
import { invoke } from '../../lib/api';

export function useTemplateTakesLanguage(profileId: string | null): boolean {
  const [answer, setAnswer] = useState<{ profileId: string; takes: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    if (profileId === null) return undefined;
    void invoke('api:describe', { profileId }).then((r) => {
      if (!current || !r.ok) return;
      const template = r.value.operations.find((o) => o.operation === 'messages.template');
      setAnswer({ profileId, takes: template === undefined || takesTemplateLanguage(template.spec) });
    });
    return () => {
      current = false;
    };
  }, [profileId]);
  return answer === null || answer.profileId !== profileId ? true : answer.takes;
}
