// Local `$ref`s of an OpenAPI document (`#/components/schemas/Text`). Only references inside the
// document are followed: another file or a URL would be a read this importer does not make.
// A chain of references that comes back to where it started is refused with its names; a
// schema that contains itself through its properties is legitimate and is cut by the example
// builder, which keeps the names it is inside of. Every node resolved and every reference
// followed is spent from the walk's budget: references that fan out end there. Pure.
import type { VisitBudget } from '../spec/spec-budget';
import { SpecError } from '../spec/spec-error';

/** How many `$ref`s in a row may be followed before the chain is taken for a loop. */
const MAX_CHAIN = 32;

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Resolved {
  node: unknown;
  /** the last name the chain went through (`Text` of #/components/schemas/Text), for choosing among oneOf */
  name: string | null;
  /** every reference followed, for recursion checks */
  refs: string[];
}

/** Follows `node`'s `$ref` chain to a value that is not a reference, spending each step from `budget`. */
export function deref(doc: Json, node: unknown, budget: VisitBudget): Resolved {
  const refs: string[] = [];
  let current = node;
  let name: string | null = null;
  budget.spend();
  while (isObject(current) && typeof current.$ref === 'string') {
    budget.spend();
    const ref = current.$ref;
    if (refs.includes(ref))
      throw new SpecError(`The document's $ref ${shown(ref)} leads back to itself (${[...refs, ref].map(shown).join(' -> ')})`);
    if (refs.length >= MAX_CHAIN)
      throw new SpecError(`The document's $ref ${shown(refs[0]!)} is a chain of more than ${MAX_CHAIN} references`);
    refs.push(ref);
    current = pointer(doc, ref);
    name = ref.slice(ref.lastIndexOf('/') + 1);
  }
  return { node: current, name, refs };
}

/** The value a local JSON pointer names (`#/a/b~1c`). */
function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#'))
    throw new SpecError(
      `The document refers to ${shown(ref)} outside itself; only references inside the document ("#/components/...") are followed`,
    );
  if (ref === '#') return doc;
  if (!ref.startsWith('#/')) throw new SpecError(`The document's $ref ${shown(ref)} is not a JSON pointer ("#/components/...")`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = unescapeSegment(raw, ref);
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else throw new SpecError(`The document's $ref ${shown(ref)} points at nothing`);
  }
  return node;
}

function unescapeSegment(raw: string, ref: string): string {
  try {
    return decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    throw new SpecError(`The document's $ref ${shown(ref)} is not a valid JSON pointer`);
  }
}

function shown(ref: string): string {
  return ref.length > 80 ? `${ref.slice(0, 79)}…` : ref;
}
