// The zod schemas of the IPC payloads for a profile's API description (contract/api.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { describedOperation, operationSpecSchema } from '../../core/api/schema';
import { ROLES } from '../../core/api/roles';
import type { ApiInvokeMap } from '../contract/api';
import { id, type SchemasOf } from './common';

const fixes = z.partialRecord(z.enum([...ROLES, 'constant']), z.array(z.string().max(200)).max(20)).optional();

export const apiSchemas = {
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
} satisfies SchemasOf<ApiInvokeMap>;
