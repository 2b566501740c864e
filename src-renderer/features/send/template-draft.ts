// The Template panel's edits as pure functions over its draft: typing a name or a language,
// editing the parameters, and choosing one of the service's approved templates (which fills the
// name, the language and one parameter per {{n}} of its body). The rules of what may be sent are
// template-rules.ts', shared with main and the CLI.
import type { ApprovedTemplate } from '../../../src-main/shared/approved-template';
import { TEMPLATE_LIMITS } from '../../../src-main/shared/template-rules';
import type { TemplateDraftState } from './send-types';

export function emptyTemplateDraft(): TemplateDraftState {
  return { name: '', language: 'en_US', params: [] };
}

/** a name or a language as typed: neither holds spaces, so none is kept */
export function withField(draft: TemplateDraftState, patch: Partial<Pick<TemplateDraftState, 'name' | 'language'>>): TemplateDraftState {
  return {
    ...draft,
    ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
    ...(patch.language !== undefined ? { language: patch.language.trim() } : {}),
  };
}

export function withParam(draft: TemplateDraftState, index: number, text: string): TemplateDraftState {
  return { ...draft, params: draft.params.map((p, i) => (i === index ? text : p)) };
}

/** one more, empty parameter; the same draft at the limit */
export function withAddedParam(draft: TemplateDraftState): TemplateDraftState {
  return draft.params.length < TEMPLATE_LIMITS.params ? { ...draft, params: [...draft.params, ''] } : draft;
}

export function withoutParam(draft: TemplateDraftState, index: number): TemplateDraftState {
  return { ...draft, params: draft.params.filter((_, i) => i !== index) };
}

/**
 * A listed template chosen: its name and language, and one parameter per {{n}} of its body
 * (what was typed in them is kept); when the service does not say how many, the typed ones stay.
 */
export function withChosen(draft: TemplateDraftState, template: ApprovedTemplate): TemplateDraftState {
  const params =
    template.params === null
      ? draft.params
      : Array.from({ length: Math.min(template.params, TEMPLATE_LIMITS.params) }, (_, i) => draft.params[i] ?? '');
  return { name: template.name, language: template.language, params };
}

/** the listed template the draft still names, or null once its name or language was changed */
export function stillChosen(chosen: ApprovedTemplate | null, draft: TemplateDraftState): ApprovedTemplate | null {
  return chosen !== null && chosen.name === draft.name && chosen.language === draft.language ? chosen : null;
}
