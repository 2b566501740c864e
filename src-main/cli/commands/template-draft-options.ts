// The options that describe a template for `crm templates create` and `crm templates edit`, and
// the draft they make. A button is written KIND:TEXT[=VALUE]: quick:Yes, url:Track=https://…,
// phone:Call us=+5511999990000. WhatsApp's limits are checked by the core, before anything is sent.
import type { TemplateButton, TemplateCategory, TemplateDraft } from '../../shared/template-lifecycle';
import { UsageError } from '../args';
import { profileOption } from './shared';
import { listOption, valueOption } from '../option-kinds';

export const draftOptions = {
  profile: profileOption,
  name: valueOption('NAME', 'lowercase letters, digits and underscores (e.g. order_update)'),
  language: valueOption('CODE', 'the language code (e.g. en_US, pt_BR)'),
  category: valueOption('CATEGORY', 'MARKETING, UTILITY or AUTHENTICATION'),
  body: valueOption('TEXT', 'the body, at most 1024 characters, with {{1}}, {{2}}… for parameters'),
  sample: listOption('TEXT', 'a sample value for the review, in order: the first --sample is {{1}}'),
  header: valueOption('TEXT', 'an optional header text, at most 60 characters'),
  footer: valueOption('TEXT', 'an optional footer, at most 60 characters'),
  button: listOption('KIND:TEXT[=VALUE]', 'a button (at most 10, text up to 25): quick:TEXT, url:TEXT=https://…, phone:TEXT=+NUMBER'),
} as const;

const KINDS: Readonly<Record<string, TemplateButton['kind']>> = { quick: 'quick_reply', url: 'url', phone: 'phone' };

export function parseButton(spec: string): TemplateButton {
  const colon = spec.indexOf(':');
  const kind = KINDS[spec.slice(0, colon)];
  const shown = `--button ${JSON.stringify(spec.slice(0, 60))}`;
  if (colon < 0 || kind === undefined) throw new UsageError(`${shown}: start it with quick:, url: or phone:`);
  const rest = spec.slice(colon + 1);
  if (kind === 'quick_reply') return { kind, text: rest, value: '' };
  const equals = rest.lastIndexOf('=');
  if (equals < 0) throw new UsageError(`${shown}: a ${kind} button is ${kind}:TEXT=${kind === 'url' ? 'https://…' : '+NUMBER'}`);
  return { kind, text: rest.slice(0, equals), value: rest.slice(equals + 1) };
}

type DraftValues = { [K in keyof typeof draftOptions]?: (typeof draftOptions)[K]['type'] extends 'list' ? string[] : string };

export function draftOf(values: DraftValues): TemplateDraft {
  const need = (value: string | undefined, option: string): string => {
    if (value === undefined) throw new UsageError(`${option} is required`);
    return value;
  };
  return {
    name: need(values.name, '--name'),
    language: need(values.language, '--language'),
    category: need(values.category, '--category').toUpperCase() as TemplateCategory,
    body: need(values.body, '--body'),
    samples: values.sample ?? [],
    header: values.header ?? null,
    footer: values.footer ?? null,
    buttons: (values.button ?? []).map(parseButton),
  };
}
