// A zod schema for every invoke payload. Main parses each payload with these before any
// service runs (docs/ARCHITECTURE.md, rule 4). The Record type makes a channel without a
// schema a compile error; `satisfies` ties each schema's output to the contract's payload.
import { z } from 'zod';
import { describedOperation, operationSpecSchema } from '../core/api/schema';
import { ROLES } from '../core/api/roles';
import { FILE_PURPOSES, MEDIA_TYPES } from '../shared/file-purpose';
import { ENDPOINT_IDS } from '../shared/operation-ids';
import { GRACES } from '../shared/key-roll';
import { PERMISSIONS } from '../shared/permissions';
import { INBOX_FILTERS, INBOX_PAGE_LIMIT } from '../shared/inbox';
import { TEST_EVENT_KINDS } from '../shared/webhook-deliveries';
import { TEMPLATE_CATEGORIES } from '../shared/template-lifecycle';
import type { InvokeChannel, InvokePayload } from './contract';

const id = z.string().min(1).max(200);
const empty = z.object({}).strict();
const permission = z.enum(PERMISSIONS);
const endpointId = z.enum(ENDPOINT_IDS);
const number = z.string().max(64);
const purpose = z.enum(FILE_PURPOSES);
const fixes = z.partialRecord(z.enum([...ROLES, 'constant']), z.array(z.string().max(200)).max(20)).optional();

// bounds well past WhatsApp's limits, which the core checks and says in sentences (templates/draft-check.ts)
const templateDraft = z
  .object({
    name: z.string().max(1000),
    language: z.string().max(100),
    category: z.enum(TEMPLATE_CATEGORIES),
    body: z.string().max(10_000),
    samples: z.array(z.string().max(2000)).max(100),
    header: z.string().max(1000).nullable(),
    footer: z.string().max(1000).nullable(),
    buttons: z
      .array(z.object({ kind: z.enum(['quick_reply', 'url', 'phone']), text: z.string().max(1000), value: z.string().max(4096) }).strict())
      .max(50),
  })
  .strict();

const source = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), fileId: id }).strict(),
  z.object({ kind: z.literal('url'), url: z.string().max(4096) }).strict(),
]);

const draft = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), number, text: z.string().max(100_000) }).strict(),
  z
    .object({
      kind: z.literal('media'),
      number,
      mediatype: z.enum(MEDIA_TYPES),
      source,
      caption: z.string().max(100_000).optional(),
      fileName: z.string().max(1000).optional(),
      mimetype: z.string().max(255).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('audio'), number, source, mimetype: z.string().max(255).optional() }).strict(),
  // bounds well past the template rules, which the request builder says in sentences
  z
    .object({
      kind: z.literal('template'),
      number,
      name: z.string().max(1000),
      language: z.string().max(100),
      params: z.array(z.string().max(10_000)).max(100),
    })
    .strict(),
]);

type Schemas = { [C in InvokeChannel]: z.ZodType<InvokePayload<C>> };

export const payloadSchemas = {
  'app:info': empty,
  'app:update-state': empty,
  'app:restart-to-update': empty,
  'app:microphone-access': empty,
  'app:first-rows': z.object({ rows: z.number().int().min(1).max(10_000) }).strict(),
  'sandbox:restore': empty,
  'profiles:list': empty,
  'profiles:create': z
    .object({ name: z.string().max(200), baseUrl: z.string().max(2048), confirmInsecure: z.boolean().optional() })
    .strict(),
  'profiles:update': z
    .object({
      id,
      name: z.string().max(200).optional(),
      baseUrl: z.string().max(2048).optional(),
      endpointOverrides: z.partialRecord(endpointId, z.string().max(512)).optional(),
      confirmInsecure: z.boolean().optional(),
    })
    .strict(),
  'profiles:delete': z.object({ id }).strict(),
  'profiles:activate': z.object({ id }).strict(),
  'profiles:set-live': z.object({ id, live: z.boolean() }).strict(),
  'api:describe': z.object({ profileId: id }).strict(),
  // as large as a paste can be, so the cURL reader gives its own clear message for oversize text
  'api:import-curl': z
    .object({
      profileId: id,
      operation: describedOperation,
      curl: z.string().max(4 * 1024 * 1024),
      fixes,
    })
    .strict(),
  'api:allow-file-origin': z.object({ profileId: id, curl: z.string().max(4 * 1024 * 1024) }).strict(),
  'api:save': z.object({ profileId: id, operation: describedOperation, spec: operationSpecSchema }).strict(),
  'api:reset': z.object({ profileId: id, operation: z.union([describedOperation, z.literal('all')]) }).strict(),
  'api:mark-absent': z.object({ profileId: id, operation: describedOperation, absent: z.boolean() }).strict(),
  'api:preview': z.object({ profileId: id, operation: describedOperation, spec: operationSpecSchema.nullable() }).strict(),
  'api:spec-load': z
    .object({
      profileId: id,
      source: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('file') }).strict(),
        z.object({ kind: z.literal('url'), url: z.string().min(1).max(4096) }).strict(),
      ]),
    })
    .strict(),
  'api:spec-propose': z
    .object({
      profileId: id,
      handle: id,
      operation: describedOperation,
      candidateId: z.string().min(1).max(1000),
      vars: z
        .record(z.string().max(200), z.string().max(2000))
        .refine((v) => Object.keys(v).length <= 50, 'at most 50 values')
        .optional(),
      user: z.string().max(200).optional(),
      fixes,
      example: z.string().min(1).max(200).optional(),
    })
    .strict(),
  'keys:list': z.object({ profileId: id.optional() }).strict(),
  'keys:add': z.object({ profileId: id, name: z.string().max(200), value: z.string().max(4096) }).strict(),
  'keys:test': z.object({ id }).strict(),
  'keys:activate': z.object({ id }).strict(),
  'keys:revoke': z.object({ id }).strict(),
  'keys:server-list': empty,
  'keys:server-create': z
    .object({ name: z.string().max(200), permissions: z.array(permission).max(3), expires: z.string().max(20).optional() })
    .strict(),
  'keys:server-revoke': z.object({ serverKeyId: id }).strict(),
  'keys:copy-new': z.object({ id }).strict(),
  'keys:reveal-new': z.object({ id }).strict(),
  'keys:missing-values': z.object({ profileId: id }).strict(),
  'keys:repair': z.object({ id }).strict(),
  'keys:remove': z.object({ id }).strict(),
  'keys:roll': z.object({ id, grace: z.enum(GRACES) }).strict(),
  'keys:leaks': empty,
  'contacts:list': z
    .object({
      page: z.number().int().min(1).max(10_000_000),
      perPage: z.number().int().min(1).max(500),
      search: z.string().max(500).optional(),
    })
    .strict(),
  'files:pick': z.object({ purpose }).strict(),
  'files:stage': z.object({ name: z.string().min(1).max(1000), bytes: z.instanceof(Uint8Array), purpose }).strict(),
  'files:release': z.object({ fileId: id }).strict(),
  'send:preview': z.object({ draft }).strict(),
  'send:submit': z.object({ draft, requestId: id, again: z.boolean().optional() }).strict(),
  'media:detect-type': z.object({ url: z.string().min(1).max(4096) }).strict(),
  'send:cancel': z.object({ requestId: id }).strict(),
  'send:copy-curl': z.object({ draft, withKey: z.boolean() }).strict(),
  'messages:list': z
    .object({
      number: number.optional(),
      page: z.number().int().min(1).max(10_000_000).optional(),
      perPage: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
  'conversations:get': z.object({ number }).strict(),
  'conversations:media': z.object({ messageId: id }).strict(),
  'conversations:open-media': z.object({ messageId: id }).strict(),
  'templates:list': empty,
  'template-lifecycle:overview': empty,
  'template-lifecycle:kept': empty,
  'template-lifecycle:create': z.object({ draft: templateDraft }).strict(),
  'template-lifecycle:update': z.object({ draft: templateDraft }).strict(),
  'template-lifecycle:delete': z.object({ name: z.string().max(1000) }).strict(),
  'template-lifecycle:check': z.object({ name: z.string().max(1000), language: z.string().max(100) }).strict(),
  'webhooks:info': empty,
  'webhooks:set-secrets': z
    .object({ secret: z.string().max(4096).nullable().optional(), verifyToken: z.string().max(4096).nullable().optional() })
    .strict(),
  'inspector:list': z.object({ afterSeq: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
  'inspector:replay': z.object({ id: z.string().min(1).max(200) }).strict(),
  'inspector:fire': z.object({ kind: z.enum(TEST_EVENT_KINDS), dialect: z.string().min(1).max(40) }).strict(),
  'inspector:copy-curl': z.object({ id: z.string().min(1).max(200), withSignature: z.boolean() }).strict(),
  'outbox:list': empty,
  'outbox:cancel': z.object({ id }).strict(),
  'outbox:retry': z.object({ id }).strict(),
  'outbox:sync': empty,
  'log:list': empty,
  'log:detail': z.object({ id }).strict(),
  'log:copy-curl': z.object({ id }).strict(),
  'log:resend': z.object({ id }).strict(),
  'settings:ca-file': empty,
  'settings:set-ca-file': z.object({ action: z.enum(['choose', 'clear']) }).strict(),
  'shell:open-external': z.object({ url: z.string().max(4096) }).strict(),
  'inbox:list': z
    .object({
      filter: z.enum(INBOX_FILTERS),
      offset: z.number().int().min(0).max(10_000_000),
      limit: z.number().int().min(1).max(INBOX_PAGE_LIMIT),
    })
    .strict(),
  'inbox:mark-read': z.object({ number }).strict(),
  'inbox:reply-notices': empty,
  'inbox:set-reply-notices': z.object({ on: z.boolean() }).strict(),
  // bounds well past the builder's rules, which say what is wrong in sentences
  'quick:reply': z.object({ number, text: z.string().max(100_000), replyTo: z.string().max(1000).optional() }).strict(),
  'quick:react': z.object({ number, messageId: z.string().max(1000), emoji: z.string().max(100) }).strict(),
  'canned:list': empty,
  'canned:send-media': z.object({ name: z.string().max(200), number, caption: z.string().max(100_000) }).strict(),
  'messages:search': z
    .object({ text: z.string().max(500), limit: z.number().int().min(1).max(100).optional(), after: z.string().max(100).optional() })
    .strict(),
  'conversations:retry-media': z.object({ messageId: id }).strict(),
  'inbox:read-receipts': empty,
  'inbox:set-read-receipts': z.object({ on: z.boolean() }).strict(),
  'conversations:allow-file-origin': z.object({ messageId: id }).strict(),
} satisfies Schemas;
