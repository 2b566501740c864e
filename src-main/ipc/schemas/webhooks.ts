// The zod schemas of the IPC payloads for webhooks and the delivery inspector (contract/webhooks.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { TEST_EVENT_KINDS } from '../../shared/webhook-deliveries';
import type { WebhooksInvokeMap } from '../contract/webhooks';
import { empty, type SchemasOf } from './common';

export const webhooksSchemas = {
  'webhooks:info': empty,
  'webhooks:set-secrets': z
    .object({ secret: z.string().max(4096).nullable().optional(), verifyToken: z.string().max(4096).nullable().optional() })
    .strict(),
  'inspector:list': z.object({ afterSeq: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(500).optional() }).strict(),
  'inspector:replay': z.object({ id: z.string().min(1).max(200) }).strict(),
  'inspector:fire': z.object({ kind: z.enum(TEST_EVENT_KINDS), dialect: z.string().min(1).max(40) }).strict(),
  'inspector:copy-curl': z.object({ id: z.string().min(1).max(200), withSignature: z.boolean() }).strict(),
} satisfies SchemasOf<WebhooksInvokeMap>;
