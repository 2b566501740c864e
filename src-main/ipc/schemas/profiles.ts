// The zod schemas of the IPC payloads for profiles (contract/profiles.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { ENDPOINT_IDS } from '../../shared/operation-ids';
import type { ProfilesInvokeMap } from '../contract/profiles';
import { id, empty, type SchemasOf } from './common';

const endpointId = z.enum(ENDPOINT_IDS);

export const profilesSchemas = {
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
} satisfies SchemasOf<ProfilesInvokeMap>;
