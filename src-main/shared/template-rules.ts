// The input rules of a template send (operations.ts, messages.template), in one place so the
// request builder, the CLI and the window's form say the same sentences. WhatsApp's own rules:
// a template's name is what the business registered (lower-case letters, digits, underscores),
// its language is one of the translations it approved, and its body takes at most a few
// parameters of bounded length. Pure: the window imports it.
import { charCount } from './limits';

export const TEMPLATE_LIMITS = {
  nameChars: 512,
  params: 20,
  paramChars: 1024,
} as const;

const NAME = /^[a-z0-9_]+$/;
/** Twilio names an approved Content template by its sid instead (HX and 32 hex digits) */
const CONTENT_SID = /^HX[0-9a-fA-F]{32}$/;
/** `en`, `en_US`, `pt_BR`, `zh_CN`, `es_419`... as WhatsApp names its template languages */
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2}|_[0-9]{3})?$/;

export interface TemplateFields {
  name: string;
  language: string;
  params: readonly string[];
}

/** One problem: the field (`params.2` for the third parameter), its label and the rest of the sentence. */
export interface TemplateProblem {
  field: string;
  label: string;
  message: string;
}

/**
 * `languageNeeded` false: the service's description has no place for a language (Twilio's
 * Content templates carry theirs), so an empty one is fine and a given one is not checked.
 */
export function templateProblems({ name, language, params }: TemplateFields, languageNeeded = true): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const nameLength = charCount(name);
  if (nameLength === 0) problems.push({ field: 'name', label: 'Template name', message: 'is empty' });
  else if (nameLength > TEMPLATE_LIMITS.nameChars)
    problems.push({
      field: 'name',
      label: 'Template name',
      message: `is too long: ${nameLength} characters, at most ${TEMPLATE_LIMITS.nameChars}`,
    });
  else if (!NAME.test(name) && !CONTENT_SID.test(name))
    problems.push({
      field: 'name',
      label: 'Template name',
      message:
        'may only have lower-case letters, digits and underscores, as the service approved it (e.g. order_update), ' +
        'or be a Content SID (HX…)',
    });
  if (!languageNeeded) {
    // nothing to check: the language is never sent
  } else if (language === '')
    problems.push({
      field: 'language',
      label: 'Language',
      message: 'is empty: give the code of an approved translation, such as en_US or pt_BR',
    });
  else if (!LANGUAGE.test(language))
    problems.push({
      field: 'language',
      label: 'Language',
      message: `must be a language code such as en_US or pt_BR, not "${language.slice(0, 20)}"`,
    });
  if (params.length > TEMPLATE_LIMITS.params)
    problems.push({ field: 'params', label: 'Parameters', message: `are too many: ${params.length}, at most ${TEMPLATE_LIMITS.params}` });
  params.slice(0, TEMPLATE_LIMITS.params).forEach((param, i) => {
    const length = charCount(param);
    const label = `Parameter {{${i + 1}}}`;
    if (param.trim() === '')
      problems.push({ field: `params.${i}`, label, message: 'is empty: every parameter of the template needs a text' });
    else if (length > TEMPLATE_LIMITS.paramChars)
      problems.push({ field: `params.${i}`, label, message: `is too long: ${length} characters, at most ${TEMPLATE_LIMITS.paramChars}` });
  });
  return problems;
}

/** How a sent template reads in a history or a conversation: `order_update (en_US): Ana · #1042`. */
export function templateSummary({ name, language, params }: TemplateFields): string {
  return `${name} (${language})${params.length === 0 ? '' : `: ${params.join(' · ')}`}`;
}
