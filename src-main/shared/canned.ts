// Canned responses: stored answers a person inserts into a reply by name. A body may hold
// variables: {{contact.name}} and {{contact.number}} are filled from the conversation, any other
// {{name}} is a parameter the person is asked for before the body goes into the box. Pure: the
// window and main check and fill bodies with the same rules.

/** who sees a canned response: everyone on the data folder, or only the OS user who saved it */
export type CannedScope = 'shared' | 'personal';

export interface CannedResponse {
  name: string;
  text: string;
  scope: CannedScope;
  /**
   * a file sent with it, the filled text as its caption: an http(s) URL as given, or a file on
   * this computer, named here by its file name only (main keeps the path: the window never names one)
   */
  media: { kind: 'url'; url: string } | { kind: 'file'; fileName: string } | null;
}

export const CANNED_LIMITS = { nameChars: 64, textChars: 4096, params: 20 } as const;

/** the variables filled from the conversation itself */
export const CONTACT_VARIABLES = ['contact.name', 'contact.number'] as const;

/** a name a person types after `/`: letters, digits, `-` and `_` (no spaces: `/order-status`) */
const NAME = /^[\p{L}\p{N}_-]+$/u;
/** a variable's name: letters, digits, `_`, dots between parts */
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** what is wrong with a canned response's name, or null */
export function cannedNameProblem(name: string): string | null {
  if (name === '') return 'The name is empty';
  if ([...name].length > CANNED_LIMITS.nameChars) return `The name is longer than ${CANNED_LIMITS.nameChars} characters`;
  if (!NAME.test(name)) return 'The name may hold only letters, digits, - and _ (it is typed after /)';
  return null;
}

type Part = { kind: 'text'; text: string } | { kind: 'variable'; name: string };

/** the body cut into text and {{variables}}; a problem for an unclosed `{{`, an empty or odd variable name */
function parse(text: string): { parts: Part[]; problem: string | null } {
  const parts: Part[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{{', at);
    if (open === -1) {
      parts.push({ kind: 'text', text: text.slice(at) });
      break;
    }
    if (open > at) parts.push({ kind: 'text', text: text.slice(at, open) });
    const close = text.indexOf('}}', open + 2);
    if (close === -1)
      return { parts, problem: `The body has a "{{" without its "}}" (at character ${[...text.slice(0, open)].length + 1})` };
    const name = text.slice(open + 2, close).trim();
    if (!VARIABLE.test(name))
      return {
        parts,
        problem: `"{{${text.slice(open + 2, close).slice(0, 40)}}}" is not a variable: use letters, digits and _ (e.g. {{order}}, {{contact.name}})`,
      };
    parts.push({ kind: 'variable', name });
    at = close + 2;
  }
  return { parts, problem: null };
}

/** what is wrong with a body, or null */
export function cannedTextProblem(text: string): string | null {
  if (text.trim() === '') return 'The text is empty';
  if ([...text].length > CANNED_LIMITS.textChars) return `The text is longer than ${CANNED_LIMITS.textChars} characters`;
  const { parts, problem } = parse(text);
  if (problem !== null) return problem;
  const unknownContact = parts.find(
    (p) => p.kind === 'variable' && p.name.startsWith('contact.') && !(CONTACT_VARIABLES as readonly string[]).includes(p.name),
  );
  if (unknownContact?.kind === 'variable')
    return `{{${unknownContact.name}}} is not known: a contact has {{contact.name}} and {{contact.number}}`;
  if (parametersOf(text).length > CANNED_LIMITS.params) return `The body asks for more than ${CANNED_LIMITS.params} parameters`;
  return null;
}

/** the parameters the person is asked for, in the order they first appear (the contact's own are filled, not asked) */
export function parametersOf(text: string): string[] {
  const names: string[] = [];
  for (const part of parse(text).parts) {
    if (part.kind === 'variable' && !(CONTACT_VARIABLES as readonly string[]).includes(part.name) && !names.includes(part.name))
      names.push(part.name);
  }
  return names;
}

export interface FillValues {
  contact: { name: string | null; number: string };
  /** the parameters the person gave, by name */
  params: Readonly<Record<string, string>>;
}

/**
 * The body with every variable filled, in one pass: a value that itself holds `{{x}}` is written
 * as given, never filled again. A contact without a known name is called by its number. Throws on
 * a body with a problem or a parameter not given (the caller asks for each one first).
 */
export function fillCanned(text: string, values: FillValues): string {
  const { parts, problem } = parse(text);
  if (problem !== null) throw new Error(problem);
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      if (part.name === 'contact.name') return values.contact.name ?? values.contact.number;
      if (part.name === 'contact.number') return values.contact.number;
      const given = Object.prototype.hasOwnProperty.call(values.params, part.name) ? values.params[part.name] : undefined;
      if (given === undefined) throw new Error(`No value was given for {{${part.name}}}`);
      return given;
    })
    .join('');
}

/** the canned responses whose name starts with (then contains) what was typed after `/`, case aside */
export function cannedMatches(all: readonly CannedResponse[], typed: string): CannedResponse[] {
  const q = typed.toLowerCase();
  const starts = all.filter((c) => c.name.toLowerCase().startsWith(q));
  const contains = all.filter((c) => !c.name.toLowerCase().startsWith(q) && c.name.toLowerCase().includes(q));
  return [...starts, ...contains];
}
