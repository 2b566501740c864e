// The stored form of an API description, checked on load and before saving. Anything that
// does not pass is refused with the path of the problem, so a damaged or hostile stored profile
// cannot make the builder send what the person never described.
import { z } from 'zod';
import { DESCRIBED_OPERATIONS } from '../../shared/operation-ids';
import { isExactNumber, isLiteralObject } from '../../shared/template-leaves';
import { checkFileOrigin, MAX_FILE_ORIGINS } from '../conversations/file-origin-policy';
import { APP_HEADERS, judgeHeader } from './header-policy';
import { ROLES } from './roles';
import type { ApiDescription, Template } from './types';

const MAX_TEMPLATE_DEPTH = 12;
const MAX_TEMPLATE_CHARS = 64 * 1024;

const roleRef = z.strictObject({
  $role: z.enum(ROLES),
  prefix: z.string().max(64).optional(),
  suffix: z.string().max(64).optional(),
  form: z.literal('json-object-string').optional(),
});

const path = z
  .string()
  .min(1)
  .max(500)
  .refine((p) => p.startsWith('/') && !p.startsWith('//'), 'must start with one "/"')
  // eslint-disable-next-line no-control-regex
  .refine((p) => !/[\s\u0000-\u001f\u007f?#\\]/.test(p), 'must not contain spaces, control characters, "?", "#" or "\\"')
  .refine((p) => !p.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s)), 'must not contain "." or ".." segments');

const jsonPath = z
  .string()
  .max(200)
  .regex(/^(header:[A-Za-z0-9-]{1,80}|[^\s]{0,200})$/);

const contactsMap = z.strictObject({
  list: jsonPath.nullable(),
  id: jsonPath.nullable(),
  name: jsonPath.nullable(),
  firstName: jsonPath.nullable(),
  lastName: jsonPath.nullable(),
  number: jsonPath.nullable(),
  email: jsonPath.nullable(),
  tags: jsonPath.nullable(),
  total: jsonPath.nullable(),
  nextCursor: jsonPath.nullable(),
  paging: z.enum(['page', 'offset', 'cursor', 'link', 'none']).nullable(),
});

const header = z.strictObject({ name: z.string(), value: z.string() }).superRefine((h, ctx) => {
  const verdict = judgeHeader(h.name, h.value);
  if (!verdict.keep) ctx.addIssue({ code: 'custom', message: verdict.silent ? `${h.name} is set by the app` : verdict.reason });
});

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** a Basic user name takes neither the colon that ends it nor control characters */
// eslint-disable-next-line no-control-regex
const COLON_OR_CONTROL = /[:\u0000-\u001f\u007f]/;

/** Where the key goes; never a value (the keychain holds it), so nothing here may look like one. */
const credential = z.discriminatedUnion('in', [
  z.strictObject({
    in: z.literal('header'),
    name: z
      .string()
      .regex(HEADER_TOKEN, 'must be a header name')
      .refine((n) => !APP_HEADERS.has(n.toLowerCase()), 'is a header the app sets itself'),
    scheme: z.string().regex(/^[A-Za-z][A-Za-z0-9._~+/-]{0,39}$|^$/, 'must be one word such as Bearer, Token or Basic, or empty'),
  }),
  z.strictObject({
    in: z.literal('basic'),
    // an account id (Twilio's AC… sid is in the URL path too), not a secret: it may be shown
    username: z
      .string()
      .min(1)
      .max(200)
      .refine((u) => !COLON_OR_CONTROL.test(u), 'must not contain ":" or control characters'),
  }),
  z.strictObject({ in: z.literal('query'), name: z.string().min(1).max(100), at: z.number().int().min(0).max(1000).optional() }),
]);

export const describedOperation = z.enum(DESCRIBED_OPERATIONS);

/** where else the service keeps its files: each an exact origin as the policy writes it */
const fileOrigins = z
  .array(
    z
      .string()
      .max(300)
      .refine((o) => {
        const checked = checkFileOrigin(o);
        return checked.ok && checked.origin === o;
      }, 'must be an origin such as https://lookaside.fbsbx.com (https, or http to this computer), written as the URL parser writes it'),
  )
  .max(MAX_FILE_ORIGINS)
  .refine((list) => new Set(list).size === list.length, 'names an origin twice');

export const operationSpecSchema = z
  .strictObject({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path,
    pathRoles: z.array(roleRef).max(5).optional(),
    query: z.array(z.strictObject({ name: z.string().min(1).max(100), value: z.union([z.string().max(1000), roleRef]) })).max(50),
    headers: z.array(header).max(30),
    body: z.custom<Template>((body) => checkTemplate(body, 0) === null, {
      error: (issue) => checkTemplate(issue.input, 0) ?? 'the body template is not valid',
    }),
    encoding: z.enum(['json', 'form', 'multipart']).optional(),
    credential: credential.optional(),
    contacts: contactsMap.optional(),
    listing: z
      .strictObject({ searchIgnored: z.literal(true).optional(), pageSize: z.number().int().min(1).max(1_000_000).optional() })
      .optional(),
    send: z.strictObject({ messageId: jsonPath.nullable() }).optional(),
    upload: z.strictObject({ mediaId: jsonPath.nullable() }).optional(),
    fileOrigins: fileOrigins.optional(),
  })
  .superRefine((spec, ctx) => {
    // every {placeholder} of the path is a role the description says how to write, and back
    const placeholders = [...spec.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const roles = (spec.pathRoles ?? []).map((r) => r.$role as string);
    for (const name of placeholders)
      if (!roles.includes(name ?? ''))
        ctx.addIssue({ code: 'custom', path: ['path'], message: `has the placeholder {${name ?? ''}} but no role for it` });
    for (const role of roles)
      if (!placeholders.includes(role))
        ctx.addIssue({ code: 'custom', path: ['pathRoles'], message: `names ${role}, which the path does not hold` });
  });

/** an absolute http(s) URL that carries no user name, password or fragment (the key is placed apart) */
const streamUrl = z
  .string()
  .max(2000)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === '' &&
        url.hash === '' &&
        !/\s/.test(raw)
      );
    } catch {
      return false;
    }
  }, 'must be a path or an http(s):// URL without a user name, password or fragment');

export const eventRoutesSchema = z.strictObject({
  stream: z.union([path, streamUrl]).nullable().optional(),
  statusPath: path
    .refine((p) => p.split('{id}').length === 2, 'must hold {id} (the message id) once')
    .refine((p) => !/[{}]/.test(p.replace('{id}', '')), 'has a placeholder other than {id}')
    .nullable()
    .optional(),
  credential: credential.optional(),
});

export const apiDescriptionSchema = z
  .strictObject({
    version: z.literal(1),
    operations: z.partialRecord(describedOperation, operationSpecSchema),
    absent: z.array(describedOperation).max(DESCRIBED_OPERATIONS.length).optional(),
    events: eventRoutesSchema.optional(),
  })
  .superRefine((api, ctx) => {
    // the key goes to another origin only for a received file's bytes, never with another operation
    for (const [operation, spec] of Object.entries(api.operations)) {
      if (operation !== 'media.download' && spec?.fileOrigins !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['operations', operation, 'fileOrigins'],
          message: 'only Download media lists where the service keeps its files',
        });
    }
  });

/** The description, or the problems (path: message) that stop it from being used. */
export function parseApiDescription(raw: unknown): { ok: true; value: ApiDescription } | { ok: false; problems: string[] } {
  const parsed = apiDescriptionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data as ApiDescription };
  return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'description'}: ${i.message}`) };
}

/** what is wrong with a slot: its form (the only one is json-object-string), else its role */
function roleProblem(node: object): string {
  if ('form' in node && node.form !== 'json-object-string')
    return 'the body template has a role written in an unknown form (the one form is json-object-string)';
  return 'the body template has an unknown role';
}

function checkTemplate(node: unknown, depth: number): string | null {
  if (depth === 0 && node !== null && JSON.stringify(node).length > MAX_TEMPLATE_CHARS)
    return `the body template is larger than ${MAX_TEMPLATE_CHARS / 1024} KiB`;
  if (depth > MAX_TEMPLATE_DEPTH) return `the body template is nested deeper than ${MAX_TEMPLATE_DEPTH} levels`;
  if (node === null || typeof node === 'string' || typeof node === 'boolean') return null;
  if (typeof node === 'number') return Number.isFinite(node) ? null : 'the body template has a number that is not finite';
  if (Array.isArray(node)) return node.map((n) => checkTemplate(n, depth + 1)).find((p) => p !== null) ?? null;
  if (typeof node === 'object') {
    // exact numbers and literal objects are constants; any other shape with those keys is an
    // ordinary object, as descriptions saved before these leaves existed may hold
    if (isExactNumber(node)) return null;
    const fields = isLiteralObject(node) ? node.$literal : node;
    if (fields === node && '$role' in node) return roleRef.safeParse(node).success ? null : roleProblem(node);
    return (
      Object.values(fields as Record<string, unknown>)
        .map((n) => checkTemplate(n, depth + 1))
        .find((p) => p !== null) ?? null
    );
  }
  return 'the body template has a value that is not JSON';
}

export type { Template };
