// The templates the sandbox's business has had approved, and whether a send uses one as approved:
// WhatsApp delivers a template only under its registered name, in one of its approved languages,
// with exactly as many body parameters as its text has placeholders. Pure.

export interface ApprovedTemplate {
  name: string;
  languages: readonly string[];
  /** how many {{n}} placeholders its body has */
  params: number;
  /** its body in the first language, for the README and the playground */
  body: string;
}

export const APPROVED_TEMPLATES: readonly ApprovedTemplate[] = [
  // Meta's own sample, which every new business account has
  { name: 'hello_world', languages: ['en_US'], params: 0, body: 'Hello World' },
  { name: 'order_update', languages: ['en_US', 'pt_BR'], params: 1, body: 'Your order {{1}} has an update.' },
];

/** Why a template send cannot go: an unknown name or language, or another number of parameters. */
export type TemplateRefusal = { kind: 'unknown'; message: string } | { kind: 'params'; message: string };

export function templateRefusal(name: string, language: string, params: number): TemplateRefusal | null {
  const template = APPROVED_TEMPLATES.find((t) => t.name === name);
  if (template === undefined)
    return {
      kind: 'unknown',
      message: `no approved template is named ${name} (the sandbox has ${APPROVED_TEMPLATES.map((t) => t.name).join(', ')})`,
    };
  if (!template.languages.includes(language))
    return { kind: 'unknown', message: `template ${name} is not approved in ${language} (only in ${template.languages.join(', ')})` };
  if (params !== template.params)
    return {
      kind: 'params',
      message: `template ${name} takes ${template.params} body parameter${template.params === 1 ? '' : 's'}, not ${params}`,
    };
  return null;
}
