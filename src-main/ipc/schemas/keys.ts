// The zod schemas of the IPC payloads for API keys (contract/keys.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { GRACES } from '../../shared/key-roll';
import { PERMISSIONS } from '../../shared/permissions';
import type { KeysInvokeMap } from '../contract/keys';
import { id, empty, type SchemasOf } from './common';

const permission = z.enum(PERMISSIONS);

export const keysSchemas = {
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
} satisfies SchemasOf<KeysInvokeMap>;
