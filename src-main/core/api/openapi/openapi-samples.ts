// A vendor document's example body is a sample, not content: besides what the operation needs,
// it fills optional fields with made-up values (a callback URL, a reply context, tags). This keeps
// of an example only the fields the schema requires, the fields the role guesser knows for the
// operation being taught, the ones whose schema gives a default or a constant (what the service
// assumes anyway), and the ones the person keeps (--map constant=FIELD) or fills (--var FIELD=VALUE);
// the rest is left out and named. Where no object schema can be read, the example stays whole. Pure.
import { normalizeName } from '../names';
import { deref, isObject } from './openapi-ref';
import type { Json } from './openapi-ref';
import type { SchemaContext } from './openapi-schema-example';
import { LIST_NAMES } from '../template-params';
import { knownNames, samplesLeftOut } from './openapi-schema-example';

export interface SampleChoice {
  /** field paths (`context.message_id`) or bare names the person keeps as the example has them */
  keep: readonly string[];
  /** values the person gives for top-level fields (the sender: `From`) */
  vars: Readonly<Record<string, string>>;
}

const MAX_DEPTH = 16;
/** The kinds whose object may carry an uploaded file's id. */
const MEDIA_KINDS: readonly string[] = ['image', 'video', 'document', 'sticker', 'audio'];

/** The example without its optional sample fields, the person's values put in; names what was left out. */
export function withoutSamples(value: unknown, schema: unknown, ctx: SchemaContext, choice: SampleChoice): unknown {
  const dropped: string[] = [];
  const out = prune(value, schema, '', ctx, choice, dropped, 0);
  const filled = fill(out, schema, ctx, choice.vars);
  if (dropped.length > 0) ctx.warnings.push(samplesLeftOut(dropped));
  return filled;
}

interface ObjectSchema {
  properties: Json;
  required: Set<string>;
}

function prune(
  value: unknown,
  schema: unknown,
  path: string,
  ctx: SchemaContext,
  choice: SampleChoice,
  dropped: string[],
  depth: number,
): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = itemsOf(schema, ctx);
    return value.map((item, i) => prune(item, items, `${path}[${i}]`, ctx, choice, dropped, depth + 1));
  }
  if (!isObject(value)) return value;
  const object = objectSchema(schema, value, ctx, 0);
  if (object === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const childPath = path === '' ? name : `${path}.${name}`;
    if (!needed(name, childPath, child, object, ctx, choice) && hasValue(child)) {
      dropped.push(childPath);
      continue;
    }
    const childValue = prune(child, object.properties[name], childPath, ctx, choice, dropped, depth + 1);
    Object.defineProperty(out, name, { value: childValue, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function needed(name: string, path: string, value: unknown, object: ObjectSchema, ctx: SchemaContext, choice: SampleChoice): boolean {
  if (object.required.has(name) || choice.keep.includes(path) || choice.keep.includes(name)) return true;
  if (Object.hasOwn(choice.vars, name)) return true;
  if (!Object.hasOwn(object.properties, name)) return true;
  if (knownHere(name, path, ctx) || knownInside(value, path, ctx, 0)) return true;
  const property = deref(ctx.doc, object.properties[name], ctx.budget).node;
  return isObject(property) && (Object.hasOwn(property, 'default') || Object.hasOwn(property, 'const'));
}

/**
 * A name the guesser gives a role for this operation: its own names, a template's parameter list,
 * and the uploaded file's id in a kind's object (Meta's `"image": {"id"}`).
 */
function knownHere(name: string, path: string, ctx: SchemaContext): boolean {
  const normal = normalizeName(name);
  if (knownNames(ctx.operation).has(normal)) return true;
  if (ctx.operation === 'messages.template' && LIST_NAMES.has(normal)) return true;
  const parent = path.split('.').slice(-2, -1)[0] ?? '';
  return (ctx.operation === 'messages.media' || ctx.operation === 'messages.audio') && normal === 'id' && MEDIA_KINDS.includes(parent);
}

/**
 * Whether an object or list holds a field the operation gives a role (a reply's
 * `context.message_id`, a template's `components[].parameters`).
 */
function knownInside(value: unknown, path: string, ctx: SchemaContext, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item, i) => knownInside(item, `${path}[${i}]`, ctx, depth + 1));
  if (!isObject(value)) return false;
  return Object.entries(value).some(([name, child]) => {
    const childPath = `${path}.${name}`;
    return knownHere(name, childPath, ctx) || knownInside(child, childPath, ctx, depth + 1);
  });
}

/** Whether a value holds anything made up: an empty filter (`"where": {}`) carries no sample. */
function hasValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasValue);
  if (isObject(value)) return Object.values(value).some(hasValue);
  return true;
}

/** The person's values for top-level fields the schema has (or the example already carries). */
function fill(value: unknown, schema: unknown, ctx: SchemaContext, vars: Readonly<Record<string, string>>): unknown {
  if (!isObject(value)) return value;
  const object = objectSchema(schema, value, ctx, 0);
  const out: Record<string, unknown> = { ...value };
  for (const [name, given] of Object.entries(vars)) {
    if (Object.hasOwn(value, name) || (object !== null && Object.hasOwn(object.properties, name))) out[name] = given;
  }
  return out;
}

function itemsOf(schema: unknown, ctx: SchemaContext): unknown {
  const node = deref(ctx.doc, schema, ctx.budget).node;
  return isObject(node) ? node.items : undefined;
}

/** The object schema the value follows: allOf merged, the oneOf/anyOf branch that names most of its fields; null when none is readable. */
function objectSchema(schema: unknown, value: Json, ctx: SchemaContext, depth: number): ObjectSchema | null {
  if (schema === undefined || depth > MAX_DEPTH) return null;
  const node = deref(ctx.doc, schema, ctx.budget).node;
  if (!isObject(node)) return null;
  const branches = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : null;
  if (branches !== null) {
    const read = branches.map((b) => objectSchema(b, value, ctx, depth + 1)).filter((b): b is ObjectSchema => b !== null);
    const score = (b: ObjectSchema): number => Object.keys(value).filter((k) => Object.hasOwn(b.properties, k)).length;
    return read.reduce<ObjectSchema | null>((best, b) => (best === null || score(b) > score(best) ? b : best), null);
  }
  const parts = Array.isArray(node.allOf) ? node.allOf.map((p) => objectSchema(p, value, ctx, depth + 1)) : [];
  const properties: Json = { ...(isObject(node.properties) ? node.properties : {}) };
  const required = new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string') : []);
  for (const part of parts) {
    if (part === null) continue;
    Object.assign(properties, part.properties);
    for (const name of part.required) required.add(name);
  }
  // a schema that names no properties says nothing about which are samples
  return Object.keys(properties).length === 0 ? null : { properties, required };
}
