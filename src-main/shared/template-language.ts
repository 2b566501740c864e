// Whether a profile's Send Template has a place for a language: Twilio's Content templates carry
// their own (the Content SID names one approved translation), so the window and the command line
// ask for none there. Pure: the window imports it.
import type { OperationSpec, Template } from './api-description';
import { isRoleRef, templateChildren } from './template-leaves';

export function takesTemplateLanguage(spec: OperationSpec): boolean {
  const isLanguage = (node: Template): boolean =>
    isRoleRef(node) ? node.$role === 'template_language' : templateChildren(node).some(isLanguage);
  return (
    (spec.pathRoles ?? []).some(isLanguage) ||
    spec.query.some((param) => typeof param.value !== 'string' && isLanguage(param.value)) ||
    (spec.body !== null && isLanguage(spec.body))
  );
}
