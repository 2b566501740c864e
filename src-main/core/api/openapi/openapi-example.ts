// The request a playground would show for one OpenAPI operation: its server and path with
// example path parameters, the query and header parameters worth showing, the body example
// (the document's own, the named example that fits the operation being taught, or one built
// from the schema) as JSON or form text, and where the security scheme puts the key. The key
// itself is left out here (spec-credential.ts writes a placeholder for showing it). Pure.
import type { ParsedCurl } from '../curl/curl-parse';
import { normalizeName, REQUEST_NAMES } from '../names';
import type { OpenApiOperation } from './openapi-operations';
import { deref, isObject } from './openapi-ref';
import type { Json } from './openapi-ref';
import { withoutSamples } from './openapi-samples';
import type { SampleChoice } from './openapi-samples';
import { givenExample, OMIT, schemaExample } from './openapi-schema-example';
import type { SchemaContext } from './openapi-schema-example';
import { openApiCredential } from './openapi-security';
import { chooseServer, serversOf } from './openapi-servers';
import { chooseMediaType, formText } from '../spec/spec-body';
import { SpecError } from '../spec/spec-error';
import { VisitBudget } from '../spec/spec-budget';
import { pickVariant } from '../spec/spec-choice';
import type { SpecOptions, SpecRequest } from '../spec/spec-types';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  /** the document's own example, or OMIT */
  given: unknown;
  schema: unknown;
}

const KNOWN_QUERY = new Set(
  [
    ...REQUEST_NAMES.page,
    ...REQUEST_NAMES.per_page,
    ...REQUEST_NAMES.offset,
    ...REQUEST_NAMES.cursor,
    ...REQUEST_NAMES.search,
    ...REQUEST_NAMES.number,
  ].map(normalizeName),
);
/** Headers the app writes itself: a parameter of that name adds nothing to learn. */
const OWN_HEADERS = new Set(['content-type', 'accept', 'authorization', 'content-length', 'user-agent', 'idempotency-key']);

export function openApiRequest(doc: Json, op: OpenApiOperation, options: SpecOptions): SpecRequest {
  const notes: string[] = [];
  // one walk: the parameters, the security scheme and the body spend from the same budget
  const vars = options.vars ?? {};
  const keep = [...(options.keep ?? []), ...Object.keys(vars)];
  const ctx: SchemaContext = { doc, operation: options.operation, warnings: notes, budget: options.budget ?? new VisitBudget(), keep };
  const params = parametersOf(op, ctx);

  const pathValues: Record<string, string> = {};
  for (const param of params.filter((p) => p.in === 'path')) pathValues[param.name] = pathValue(param, vars, ctx);
  // the account a path names (Meta's Phone-Number-ID, Twilio's AccountSid) is the profile's, never the recipient
  const accountValues = Object.entries(pathValues)
    .filter(([name]) => !namesRecipient(name))
    .map(([, value]) => value);
  const credential = openApiCredential(
    doc,
    op.operation,
    { ...(options.user === undefined ? {} : { user: options.user }), pathValues },
    notes,
    ctx.budget,
  );

  const server = chooseServer(serversOf(op.operation.servers, op.pathItem.servers, doc.servers), options);
  notes.push(...server.notes);
  const path = op.candidate.path.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
    Object.hasOwn(pathValues, name) ? encodeURIComponent(pathValues[name]!) : whole,
  );
  const query: string[] = [];
  const headers: { name: string; value: string }[] = [];
  for (const param of params) {
    if (
      param.in === 'query' &&
      param.name !== credential?.query &&
      (param.required || param.given !== OMIT || KNOWN_QUERY.has(normalizeName(param.name)))
    ) {
      for (const value of listValue(param.given !== OMIT ? param.given : schemaExample(param.schema, param.name, ctx)))
        query.push(`${encodeURIComponent(param.name)}=${encodeURIComponent(value)}`);
    } else if (
      param.in === 'header' &&
      !OWN_HEADERS.has(param.name.toLowerCase()) &&
      param.name.toLowerCase() !== credential?.header?.toLowerCase() &&
      (param.required || param.given !== OMIT)
    ) {
      const value = param.given !== OMIT ? param.given : schemaExample(param.schema, param.name, ctx);
      headers.push({ name: param.name, value: value === OMIT ? '' : scalarText(value) });
    } else if (param.in === 'cookie' && param.required)
      notes.push(`The cookie ${param.name.slice(0, 60)} the operation asks for is not sent: this app sends no cookies`);
  }

  const body = bodyOf(op.operation, ctx, { keep, vars }, options);
  if (body.kind === 'text') headers.push({ name: 'Content-Type', value: body.type });
  const url = `${server.url}${path}${query.length === 0 ? '' : `?${query.join('&')}`}`;
  const request: ParsedCurl = {
    method: op.candidate.method,
    url,
    headers,
    body: body.kind === 'text' ? body.text : null,
    form: null,
    contentType: body.kind === 'text' ? body.type : null,
    ignored: [],
    unknown: [],
    warnings: notes,
  };
  return { request, credential, unsupported: body.kind === 'unsupported' ? body.reason : null, accountValues };
}

/** A path parameter named like a recipient (Wati's `{whatsappNumber}`) may carry the number; any other names the account. */
function namesRecipient(name: string): boolean {
  return REQUEST_NAMES.number.some((known) => normalizeName(known) === normalizeName(name));
}

/** Path-item parameters, replaced by the operation's own of the same name and place. */
function parametersOf(op: OpenApiOperation, ctx: SchemaContext): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [op.pathItem.parameters, op.operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const node = deref(ctx.doc, raw, ctx.budget).node;
      if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') continue;
      byKey.set(`${node.in}:${node.name}`, {
        name: node.name,
        in: node.in,
        required: node.required === true || node.in === 'path',
        given: parameterExample(node, ctx),
        schema: node.schema ?? {},
      });
    }
  }
  return [...byKey.values()];
}

function parameterExample(param: Json, ctx: SchemaContext): unknown {
  if (Object.hasOwn(param, 'example')) return param.example;
  if (isObject(param.examples)) {
    for (const raw of Object.values(param.examples)) {
      const example = deref(ctx.doc, raw, ctx.budget).node;
      if (isObject(example) && Object.hasOwn(example, 'value')) return example.value;
    }
  }
  const schema = deref(ctx.doc, param.schema, ctx.budget).node;
  return isObject(schema) ? givenExample(schema) : OMIT;
}

/** The person's value, else the document's example; without either the name stands in, and a note says how to give it. */
function pathValue(param: Parameter, vars: Record<string, string>, ctx: SchemaContext): string {
  if (Object.hasOwn(vars, param.name)) return vars[param.name]!;
  if (param.given !== OMIT && param.given !== null && typeof param.given !== 'object') {
    const sample = String(param.given).slice(0, 40);
    const ask = `give yours with --var ${param.name}=VALUE`;
    if (!namesRecipient(param.name))
      ctx.warnings.push(`The path parameter {${param.name}} holds the document's sample value ${sample}: ${ask}`);
    return String(param.given);
  }
  ctx.warnings.push(
    `The path parameter {${param.name}} has no example; its name stands in the path: import again with --var ${param.name}=VALUE`,
  );
  return param.name;
}

function listValue(value: unknown): string[] {
  if (value === OMIT) return [];
  return (Array.isArray(value) ? value : [value]).map(scalarText);
}

function scalarText(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

type Body = { kind: 'none' } | { kind: 'text'; type: string; text: string } | { kind: 'unsupported'; reason: string };

function bodyOf(operation: Json, ctx: SchemaContext, choice: SampleChoice, options: SpecOptions): Body {
  const requestBody = deref(ctx.doc, operation.requestBody, ctx.budget).node;
  if (!isObject(requestBody) || !isObject(requestBody.content) || Object.keys(requestBody.content).length === 0) return { kind: 'none' };
  const content = requestBody.content;
  const chosen = chooseMediaType(Object.keys(content));
  if ('reason' in chosen) return { kind: 'unsupported', reason: `This operation cannot be proposed: ${chosen.reason}` };
  const key =
    Object.keys(content).find((k) => k.split(';')[0]!.trim().toLowerCase() === chosen.type) ??
    Object.keys(content).find((k) => k.startsWith('*') || k.startsWith('application/*'))!;
  const media = deref(ctx.doc, content[key], ctx.budget).node;
  const value = isObject(media) ? withoutSamples(mediaExample(media, ctx, options.example), media.schema, ctx, choice) : {};
  return { kind: 'text', type: chosen.type, text: chosen.kind === 'form' ? formText(value, ctx.warnings) : JSON.stringify(value ?? {}) };
}

/** The media type's example, the named example that fits the operation (or the one the person names), else one built from the schema. */
function mediaExample(media: Json, ctx: SchemaContext, wanted: string | undefined): unknown {
  if (Object.hasOwn(media, 'example')) return media.example;
  if (isObject(media.examples)) {
    const variants = Object.entries(media.examples).flatMap(([name, raw]) => {
      const example = deref(ctx.doc, raw, ctx.budget).node;
      if (!isObject(example)) return [];
      if (!Object.hasOwn(example, 'value')) {
        if (typeof example.externalValue === 'string')
          ctx.warnings.push(`The example "${name.slice(0, 60)}" is in another file (externalValue); it was not read`);
        return [];
      }
      const summary = typeof example.summary === 'string' ? example.summary : '';
      return [{ name: `${name} ${summary}`, detail: detailOf(example.value), item: { key: name, value: example.value } }];
    });
    const names = variants
      .map((v) => `"${v.item.key.slice(0, 60)}"`)
      .join(', ')
      .slice(0, 400);
    if (wanted !== undefined) {
      const tidy = wanted.trim().toLowerCase();
      const found = variants.find((v) => v.item.key === wanted) ?? variants.find((v) => v.item.key.toLowerCase() === tidy);
      const offered = variants.length === 0 ? 'it has none' : `its examples: ${names}`;
      if (found === undefined) throw new SpecError(`The operation has no example "${wanted.slice(0, 60)}"; ${offered}`);
      return found.item.value;
    }
    const picked = pickVariant(variants, ctx.operation);
    if (picked !== undefined) {
      const used = picked.item.key.slice(0, 60);
      const choose = `this used "${used}": choose another with --example NAME`;
      if (variants.length > 1) ctx.warnings.push(`The document gives ${variants.length} examples here (${names}); ${choose}`);
      return picked.item.value;
    }
  }
  if (wanted !== undefined) throw new SpecError(`The operation has no named examples to choose "${wanted.slice(0, 60)}" from`);
  const built = schemaExample(media.schema ?? {}, '', ctx);
  return built === OMIT ? {} : built;
}

/** The words of an example's first level (its keys and short string values), for choosing among examples. */
function detailOf(value: unknown): string {
  if (!isObject(value)) return '';
  // an object's own keys too: Meta's `"image": {"link": ...}` says it goes by link
  const words = (v: unknown): string => (typeof v === 'string' && v.length < 40 ? v : isObject(v) ? Object.keys(v).join(' ') : '');
  return Object.entries(value)
    .map(([k, v]) => `${k} ${words(v)}`)
    .join(' ');
}
