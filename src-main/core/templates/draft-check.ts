// What is wrong with a template before it is submitted, within WhatsApp's limits: a name of
// lowercase letters, digits and underscores, a language code, a known category, a body of at most
// 1024 characters whose {{1}}..{{n}} run without a gap and each have a sample value, a header and a
// footer of at most 60, at most 10 buttons of at most 25 characters (at most 2 URL buttons and 1
// phone button). Every problem is named; an empty list means it may be sent. Pure.
import type { FieldDetail } from '../../shared/field-detail';
import type { TemplateButton, TemplateDraft } from '../../shared/template-lifecycle';
import { TEMPLATE_CATEGORIES } from '../../shared/template-lifecycle';

export const TEMPLATE_LIMITS = {
  name: 512,
  body: 1024,
  header: 60,
  footer: 60,
  buttons: 10,
  buttonText: 25,
  urlButtons: 2,
  phoneButtons: 1,
  url: 2000,
} as const;

const NAME = /^[a-z0-9_]+$/;
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;
const PHONE = /^\+[0-9]{6,20}$/;

/** characters as a person counts them: an emoji is one */
const length = (text: string): number => [...text].length;

/** the {{n}} numbers of a body, in order of first use */
export function placeholders(body: string): number[] {
  return [...new Set([...body.matchAll(/\{\{\s*(\d{1,3})\s*\}\}/g)].map((m) => Number(m[1])))];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function checkBody(draft: TemplateDraft, problems: FieldDetail[]): void {
  const say = (message: string): void => void problems.push({ field: 'body', message });
  if (draft.body.trim() === '') say('must not be empty');
  else if (length(draft.body) > TEMPLATE_LIMITS.body) say(`is ${length(draft.body)} characters; at most ${TEMPLATE_LIMITS.body}`);
  const numbers = placeholders(draft.body).sort((a, b) => a - b);
  const gap = numbers.findIndex((n, i) => n !== i + 1);
  if (gap !== -1) say(`numbers its parameters ${numbers.map((n) => `{{${n}}}`).join(', ')}: they must run {{1}}, {{2}}… without a gap`);
  if (draft.samples.length !== numbers.length) {
    const n = numbers.length;
    const message = `the body has ${plural(n, 'parameter')}; give ${plural(n, 'sample value')}, not ${draft.samples.length}`;
    problems.push({ field: 'samples', message });
  }
  draft.samples.forEach((s, i) => {
    if (s.trim() === '') problems.push({ field: `samples.${i}`, message: `the sample of {{${i + 1}}} must not be empty` });
  });
}

function checkButton(button: TemplateButton, i: number, problems: FieldDetail[]): void {
  const say = (message: string): void => void problems.push({ field: `buttons.${i}`, message });
  const limit = TEMPLATE_LIMITS.buttonText;
  if (button.text.trim() === '') say('a button needs its text');
  else if (length(button.text) > limit) say(`"${button.text}" is ${length(button.text)} characters; a button's text is at most ${limit}`);
  if (button.kind === 'url' && !/^https?:\/\/[^\s]+$/.test(button.value)) say('a URL button needs an http:// or https:// address');
  if (button.kind === 'url' && button.value.length > TEMPLATE_LIMITS.url) say(`the address is at most ${TEMPLATE_LIMITS.url} characters`);
  if (button.kind === 'phone' && !PHONE.test(button.value)) say('a phone button needs a number in international form: +5511999990000');
}

function checkButtons(buttons: readonly TemplateButton[], problems: FieldDetail[]): void {
  const say = (message: string): void => void problems.push({ field: 'buttons', message });
  if (buttons.length > TEMPLATE_LIMITS.buttons) say(`${buttons.length} buttons; at most ${TEMPLATE_LIMITS.buttons}`);
  const count = (kind: TemplateButton['kind']): number => buttons.filter((b) => b.kind === kind).length;
  if (count('url') > TEMPLATE_LIMITS.urlButtons) say(`at most ${TEMPLATE_LIMITS.urlButtons} URL buttons`);
  if (count('phone') > TEMPLATE_LIMITS.phoneButtons) say(`at most ${TEMPLATE_LIMITS.phoneButtons} phone button`);
  buttons.forEach((b, i) => checkButton(b, i, problems));
}

function checkShortText(field: 'header' | 'footer', text: string | null, problems: FieldDetail[]): void {
  if (text === null) return;
  const say = (message: string): void => void problems.push({ field, message });
  if (text.trim() === '') say('must not be blank (leave it out instead)');
  else if (length(text) > TEMPLATE_LIMITS[field]) say(`is ${length(text)} characters; at most ${TEMPLATE_LIMITS[field]}`);
  if (field === 'header' && placeholders(text).length > 0) say('this console submits a header without parameters');
}

export function draftProblems(draft: TemplateDraft): FieldDetail[] {
  const problems: FieldDetail[] = [];
  const say = (field: string, message: string): void => void problems.push({ field, message });
  if (!NAME.test(draft.name)) say('name', 'must be lowercase letters, digits and underscores, such as order_update');
  else if (draft.name.length > TEMPLATE_LIMITS.name) say('name', `is at most ${TEMPLATE_LIMITS.name} characters`);
  if (!LANGUAGE.test(draft.language)) say('language', 'must be a language code such as en_US, pt_BR or es');
  const known = (TEMPLATE_CATEGORIES as readonly string[]).includes(draft.category);
  if (!known) say('category', `must be one of ${TEMPLATE_CATEGORIES.join(', ')}`);
  checkBody(draft, problems);
  checkShortText('header', draft.header, problems);
  checkShortText('footer', draft.footer, problems);
  checkButtons(draft.buttons, problems);
  return problems;
}
