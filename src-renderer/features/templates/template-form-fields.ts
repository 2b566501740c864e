// What the template form holds, as typed: empty for a new template, or prefilled from a listed
// one for an edit. The listing keeps a template's name, language, category and body text only,
// so an edit starts from those; its header, footer, buttons and samples are typed again (an edit
// replaces the whole content, as Meta's does). Pure.
import type { ManagedTemplate, TemplateCategory } from '../../lib/api';

export const TEMPLATE_CATEGORY_CHOICES: TemplateCategory[] = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];

export interface TemplateFormFields {
  name: string;
  language: string;
  category: TemplateCategory;
  body: string;
  samples: string;
  header: string;
  footer: string;
  buttons: string;
}

/** the form as it opens for a new template, and again after a submission went through */
export const EMPTY_TEMPLATE_FIELDS: TemplateFormFields = {
  name: '',
  language: 'en_US',
  category: 'UTILITY',
  body: '',
  samples: '',
  header: '',
  footer: '',
  buttons: '',
};

function categoryOf(category: string | null): TemplateCategory {
  const known = TEMPLATE_CATEGORY_CHOICES.find((c) => c === category);
  return known ?? EMPTY_TEMPLATE_FIELDS.category;
}

/** the form prefilled with what the listing says of the template an edit is about */
export function fieldsForEdit(t: ManagedTemplate): TemplateFormFields {
  return { ...EMPTY_TEMPLATE_FIELDS, name: t.name, language: t.language, category: categoryOf(t.category), body: t.body ?? '' };
}
