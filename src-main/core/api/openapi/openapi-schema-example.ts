// An example value for a JSON schema of an OpenAPI document, as a playground would fill it in:
// the schema's own example, default, const or first enum value where it gives one; otherwise a
// value shaped so the role guesser recognises the field as it would in a pasted cURL (a phone
// number for `to`, a file URL for a `uri`, a mimetype for `mimetype`). Optional properties are
// left out unless the document gives them a value or a name the guesser knows for the operation
// (a schema without a required list is read the same way), so a body does not carry fields the
// service would reject together (an image's `id` beside its `link`, a MediaUrl in a text). Pure.
import { normalizeName, REQUEST_NAMES } from '../names';
import { LIST_NAMES } from '../template-params';
import { deref, isObject } from './openapi-ref';
import type { Json } from './openapi-ref';
import { OPERATION_ROLES } from '../roles';
import type { VisitBudget } from '../spec/spec-budget';
import { pickVariant } from '../spec/spec-choice';
import type { DescribedOperation } from '../types';

/** No value: the property is left out of its object. */
export const OMIT: unique symbol = Symbol('omit');
type Example = unknown;

const MAX_SCHEMA_DEPTH = 16;

export interface SchemaContext {
  doc: Json;
  operation: DescribedOperation | undefined;
  warnings: string[];
  /** the walk's budget: every schema visited and reference followed is spent from it */
  budget: VisitBudget;
  /** optional fields the person keeps or fills (names): shown though the document only samples them */
  keep?: readonly string[];
}

const KNOWN = new Set(Object.values(REQUEST_NAMES).flat().map(normalizeName));
/** The names the guesser knows for the roles an operation has: another role's field is left out (a text does not carry a MediaUrl). */
const KNOWN_FOR = new Map<DescribedOperation, Set<string>>();
export function knownNames(operation: DescribedOperation | undefined): Set<string> {
  if (operation === undefined) return KNOWN;
  let names = KNOWN_FOR.get(operation);
  if (names === undefined) {
    const roles = OPERATION_ROLES[operation];
    const lists: string[] = roles.flatMap((role): readonly string[] =>
      role in REQUEST_NAMES
        ? REQUEST_NAMES[role as keyof typeof REQUEST_NAMES]
        : role.startsWith('audio')
          ? REQUEST_NAMES.audio
          : role.startsWith('media')
            ? REQUEST_NAMES.media
            : [],
    );
    // the text beside a file is its caption (Twilio's Body beside MediaUrl)
    if (roles.includes('caption')) lists.push(...REQUEST_NAMES.text);
    names = new Set(lists.map(normalizeName));
    KNOWN_FOR.set(operation, names);
  }
  return names;
}
const PHONE_NAMES = new Set([
  'to',
  'phone',
  'number',
  'phonenumber',
  'recipient',
  'recipientid',
  'waid',
  'mobile',
  'msisdn',
  'chatid',
  'destination',
  'receiver',
  'whatsappnumber',
]);
const MIMETYPE_NAMES = new Set(REQUEST_NAMES.mimetype.map(normalizeName));
const FILE_NAMES = new Set(['filename', 'documentname']);
/** A 1x1 PNG: base64 long enough to read as a file's bytes. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function schemaExample(schema: unknown, name: string, ctx: SchemaContext): Example | typeof OMIT {
  return build(schema, name, ctx, [], 0);
}

/** The example a schema itself gives (example, 3.1 examples, default, const, enum), or OMIT. */
export function givenExample(schema: Json): Example | typeof OMIT {
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (Object.hasOwn(schema, 'example')) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Object.hasOwn(schema, 'default')) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  return OMIT;
}

function build(raw: unknown, name: string, ctx: SchemaContext, inside: readonly string[], depth: number): Example | typeof OMIT {
  const { node, refs } = deref(ctx.doc, raw, ctx.budget);
  const looped = refs.find((ref) => inside.includes(ref));
  if (looped !== undefined) {
    note(ctx, `The schema ${looped} contains itself; the example leaves the field "${name}" out at the second level`);
    return OMIT;
  }
  if (depth > MAX_SCHEMA_DEPTH) {
    note(ctx, `A schema is nested more than ${MAX_SCHEMA_DEPTH} levels; the example stops there`);
    return OMIT;
  }
  const path = [...inside, ...refs];
  if (node === true || !isObject(node)) return 'string';
  if (node.readOnly === true) return OMIT;
  const given = givenExample(node);
  if (given !== OMIT) return given;
  if (Array.isArray(node.allOf)) return merged(node.allOf, name, ctx, path, depth);
  const branches = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : null;
  if (branches !== null && branches.length > 0) return build(chooseBranch(branches, ctx), name, ctx, path, depth + 1);
  switch (typeOf(node)) {
    case 'object':
      return objectExample(node, ctx, path, depth);
    case 'array': {
      const item = build(node.items ?? {}, name, ctx, path, depth + 1);
      return item === OMIT ? [] : [item];
    }
    case 'integer':
    case 'number':
      return typeof node.minimum === 'number' ? node.minimum : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return stringExample(node, name, ctx);
  }
}

function typeOf(schema: Json): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'string';
}

function objectExample(schema: Json, ctx: SchemaContext, inside: readonly string[], depth: number): Example {
  const out: Record<string, unknown> = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? new Set(schema.required.filter((r): r is string => typeof r === 'string')) : null;
  // without a required list, the fields worth showing; all of them when none is
  const shown = Object.keys(properties).filter(
    (key) => (required === null ? false : required.has(key)) || worthShowing(key, properties[key], ctx),
  );
  const keys = new Set(required === null && shown.length === 0 ? Object.keys(properties) : shown);
  const samples = Object.keys(properties).filter((key) => !keys.has(key) && hasSample(properties[key], ctx));
  if (samples.length > 0) note(ctx, samplesLeftOut(samples));
  for (const [key, child] of Object.entries(properties)) {
    if (!keys.has(key)) continue;
    const value = build(child, key, ctx, inside, depth + 1);
    // defined, not assigned: a property called __proto__ stays a property
    if (value !== OMIT) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * An optional property is shown when the guesser knows its name, the person keeps or fills it, or
 * the document gives its default or constant; a value given only as an `example` is a sample.
 */
function worthShowing(key: string, child: unknown, ctx: SchemaContext): boolean {
  if (knownNames(ctx.operation).has(normalizeName(key)) || ctx.keep?.includes(key) === true) return true;
  // a template's parameters (Twilio's ContentVariables) are no role's name: they are told by their list name
  if (ctx.operation === 'messages.template' && LIST_NAMES.has(normalizeName(key))) return true;
  const { node } = deref(ctx.doc, child, ctx.budget);
  return isObject(node) && (Object.hasOwn(node, 'default') || Object.hasOwn(node, 'const'));
}

function hasSample(child: unknown, ctx: SchemaContext): boolean {
  const { node } = deref(ctx.doc, child, ctx.budget);
  return isObject(node) && givenExample(node) !== OMIT;
}

/** What is said of the optional fields whose document values were left out as samples. */
export function samplesLeftOut(fields: readonly string[]): string {
  return (
    `Left out the document's sample values of optional fields (${fields.slice(0, 8).join(', ')}${fields.length > 8 ? ', …' : ''}): ` +
    'keep one as written with --map constant=FIELD, or give your own value with --var and its name'
  );
}

function merged(parts: unknown[], name: string, ctx: SchemaContext, inside: readonly string[], depth: number): Example | typeof OMIT {
  let out: Example | typeof OMIT = OMIT;
  for (const part of parts) {
    const value = build(part, name, ctx, inside, depth + 1);
    if (value === OMIT) continue;
    out = isObject(out) && isObject(value) ? { ...out, ...value } : value;
  }
  return out;
}

/** Among oneOf/anyOf, the branch that fits the operation being taught (a text, an image...). */
function chooseBranch(branches: unknown[], ctx: SchemaContext): unknown {
  const variants = branches.map((branch) => {
    const { node, name } = deref(ctx.doc, branch, ctx.budget);
    const schema = isObject(node) ? node : {};
    const props = isObject(schema.properties) ? schema.properties : {};
    const values = Object.values(props).flatMap((p) => {
      const resolved = deref(ctx.doc, p, ctx.budget).node;
      return isObject(resolved)
        ? [resolved.const, ...(Array.isArray(resolved.enum) ? resolved.enum : [])].filter((v) => typeof v === 'string')
        : [];
    });
    return {
      name: `${name ?? ''} ${typeof schema.title === 'string' ? schema.title : ''}`,
      detail: [...Object.keys(props), ...values].join(' '),
      item: branch,
    };
  });
  return pickVariant(variants, ctx.operation)?.item ?? branches[0];
}

function stringExample(schema: Json, name: string, ctx: SchemaContext): string {
  const key = normalizeName(name);
  const format = typeof schema.format === 'string' ? schema.format.toLowerCase() : '';
  if (['uri', 'url', 'uri-reference', 'iri'].includes(format) || ['link', 'url', 'mediaurl', 'fileurl'].includes(key))
    return fileUrl(key, ctx);
  if (format === 'byte') return PNG_BASE64;
  if (format === 'email') return 'user@example.com';
  if (format === 'date-time') return '2024-01-01T12:00:00Z';
  if (format === 'date') return '2024-01-01';
  if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (PHONE_NAMES.has(key) || format === 'phone') return '+15551234567';
  if (MIMETYPE_NAMES.has(key)) return ctx.operation === 'messages.audio' ? 'audio/ogg' : 'image/png';
  if (FILE_NAMES.has(key)) return 'file.png';
  return 'string';
}

function fileUrl(key: string, ctx: SchemaContext): string {
  if (ctx.operation === 'messages.audio' || /audio|voice/.test(key)) return 'https://example.com/audio.ogg';
  if (/document|pdf/.test(key)) return 'https://example.com/file.pdf';
  return 'https://example.com/file.png';
}

function note(ctx: SchemaContext, sentence: string): void {
  if (!ctx.warnings.includes(sentence)) ctx.warnings.push(sentence);
}
