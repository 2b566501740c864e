// A checked draft as the JSON Meta's template creation takes: name, language, category and the
// components (a text HEADER, the BODY with its sample values, a FOOTER, the BUTTONS); an edit sends
// the category and components only. Pure.
import type { TemplateButton, TemplateDraft } from '../../shared/template-lifecycle';

function button(b: TemplateButton): Record<string, string> {
  if (b.kind === 'url') return { type: 'URL', text: b.text, url: b.value };
  if (b.kind === 'phone') return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.value };
  return { type: 'QUICK_REPLY', text: b.text };
}

export function draftComponents(draft: TemplateDraft): Record<string, unknown>[] {
  const components: Record<string, unknown>[] = [];
  if (draft.header !== null) components.push({ type: 'HEADER', format: 'TEXT', text: draft.header });
  const body = { type: 'BODY', text: draft.body };
  components.push(draft.samples.length === 0 ? body : { ...body, example: { body_text: [draft.samples] } });
  if (draft.footer !== null) components.push({ type: 'FOOTER', text: draft.footer });
  if (draft.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: draft.buttons.map(button) });
  return components;
}

export function createBody(draft: TemplateDraft): Record<string, unknown> {
  return { name: draft.name, language: draft.language, category: draft.category, components: draftComponents(draft) };
}

export function editBody(draft: TemplateDraft): Record<string, unknown> {
  return { category: draft.category, components: draftComponents(draft) };
}
