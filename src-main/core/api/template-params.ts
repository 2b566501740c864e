// A template's body parameters in a pasted example: a list with one item per parameter, each a
// string (`"params": ["Ana", "#1042"]`) or an object around its text (Meta's
// `"parameters": [{"type": "text", "text": "Ana"}]`). The list becomes one item holding the
// template_param slot, which the request builder repeats once per parameter (template.ts), so an
// example with two parameters serves a template with any number. Pure.
import { JsonNumberText } from './json/json-text';
import { normalizeName } from './names';
import type { Template } from './types';

/** What services call the list of a template's parameters. */
export const LIST_NAMES: ReadonlySet<string> = new Set(
  [
    'params',
    'parameters',
    'variables',
    'placeholders',
    'bodyparams',
    'bodyparameters',
    'templateparams',
    'templateparameters',
    'args',
    'arguments',
    // Twilio's, a JSON object's text in one form field (json-object-params.ts)
    'contentvariables',
  ].map(normalizeName),
);

/** Components whose parameters are not the body's (Meta's header image, a button's payload). */
const OTHER_COMPONENT = /^(header|button|footer)$/i;

export interface ParamList {
  /** the one item that stands for every parameter */
  item: Template;
  /** where an item keeps its text: '' for a list of strings, else the field's name */
  textField: string;
}

/**
 * The list's single repeating item, or null when `items` is not a template's parameters: its
 * name is not one services use, its component is not the body, or its items differ in shape.
 */
export function paramList(key: string, items: readonly unknown[], parent: Record<string, unknown> | null): ParamList | null {
  if (!LIST_NAMES.has(normalizeName(key)) || items.length === 0) return null;
  if (parent !== null && typeof parent.type === 'string' && OTHER_COMPONENT.test(parent.type)) return null;
  if (items.every((item) => typeof item === 'string')) return { item: { $role: 'template_param' }, textField: '' };
  const first = items[0];
  if (!isFlatObject(first) || !items.every((item) => isFlatObject(item) && sameKeys(item, first))) return null;
  const textField = textFieldOf(first);
  if (textField === null || !items.every((item) => typeof (item as Record<string, unknown>)[textField] === 'string')) return null;
  const item: Record<string, Template> = {};
  for (const [name, value] of Object.entries(first)) item[name] = name === textField ? { $role: 'template_param' } : (value as Template);
  return { item, textField };
}

/** `text`, else the one string field besides a `type`. */
function textFieldOf(item: Record<string, unknown>): string | null {
  if (typeof item.text === 'string') return 'text';
  const strings = Object.keys(item).filter((name) => name !== 'type' && typeof item[name] === 'string');
  return strings.length === 1 ? strings[0]! : null;
}

/** an object of plain JSON scalars: nothing in it needs a guess of its own */
function isFlatObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof JsonNumberText) return false;
  return Object.entries(value).every(
    ([name, v]) => !name.startsWith('$') && (v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
}

/** the same fields of the same kinds, and the same `type` (a currency parameter is not a text one) */
function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && typeof a[k] === typeof b[k]) && a.type === b.type;
}
