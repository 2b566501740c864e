// An API document's text (OpenAPI 3 in JSON or YAML, or a Postman collection) -> a plain value,
// refused early when it is too large, nested too deeply, or expands beyond what a real API
// document holds. YAML is read with the 1.2 core schema only: no custom tags, no code. Aliases
// are shared, not copied, by the parser, so an alias bomb (a billion laughs) parses small and
// explodes only when walked: the walk below spends every visit from the budget every walk of a
// document has (spec-budget.ts). Pure.
import yaml from 'js-yaml';
import { checkJsonBounds, JsonBoundsError } from '../../parse/bounded-json';
import { VisitBudget } from './spec-budget';
import { SpecError } from './spec-error';

/** Larger than any real single-file API description; far below what would hurt the app. */
export const MAX_SPEC_BYTES = 8 * 1024 * 1024;
/** Deeper than any real description's schemas; far below the stack. */
export const MAX_SPEC_DEPTH = 64;

export function parseSpecText(text: string): unknown {
  if (text.length > MAX_SPEC_BYTES || Buffer.byteLength(text, 'utf8') > MAX_SPEC_BYTES) {
    throw new SpecError(`The document is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MiB; this app reads API documents up to that size`);
  }
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new SpecError('The document is empty');
  const value = /^\s*[{[]/.test(body) ? parseJson(body) : parseYaml(body);
  checkExpansion(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SpecError('The document is not an OpenAPI 3 description or a Postman collection (its top level is not an object)');
  }
  return value;
}

function parseJson(text: string): unknown {
  try {
    checkJsonBounds(text, { maxDepth: MAX_SPEC_DEPTH, maxChars: MAX_SPEC_BYTES });
    return JSON.parse(text) as unknown;
  } catch (err) {
    if (err instanceof JsonBoundsError) throw new SpecError(`The document cannot be read: ${err.message}`);
    throw new SpecError(`The document is not valid JSON: ${err instanceof Error ? err.message.slice(0, 160) : 'unreadable'}`);
  }
}

function parseYaml(text: string): unknown {
  try {
    return yaml.load(text, { schema: yaml.CORE_SCHEMA, json: true });
  } catch (err) {
    const reason = err instanceof Error ? ((err as { reason?: unknown }).reason ?? err.message) : 'unreadable';
    // a parser recursing through `[[[[...` runs out of stack, or stops at its own depth limit
    // (js-yaml 4's maxDepth): say what it means
    if (err instanceof RangeError || /nesting exceeded/i.test(String(reason)))
      throw new SpecError(`The document is nested too deeply (more than ${MAX_SPEC_DEPTH} levels)`);
    throw new SpecError(`The document is neither JSON nor YAML this app reads: ${String(reason).slice(0, 160)}`);
  }
}

/** Walks the value once without recursion, counting every visit (shared aliases each time). */
function checkExpansion(root: unknown): void {
  const stack: [unknown, number][] = [[root, 0]];
  const budget = new VisitBudget();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    budget.spend();
    if (typeof node !== 'object' || node === null) continue;
    // a value that contains itself (a YAML alias to its own anchor) never ends: it hits the depth
    if (depth >= MAX_SPEC_DEPTH)
      throw new SpecError(`The document is nested too deeply (more than ${MAX_SPEC_DEPTH} levels) or contains itself`);
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
}
