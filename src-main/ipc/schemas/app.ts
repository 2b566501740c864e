// The zod schemas of the IPC payloads for the app itself, its settings and the OS around it (contract/app.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { REQUEST_DEADLINE_RANGE_S } from '../../core/http/request-deadline';
import type { AppInvokeMap } from '../contract/app';
import { empty, type SchemasOf } from './common';

export const appSchemas = {
  'app:info': empty,
  'app:update-state': empty,
  'app:restart-to-update': empty,
  'app:microphone-access': empty,
  'app:first-rows': z.object({ rows: z.number().int().min(1).max(10_000) }).strict(),
  'sandbox:restore': empty,
  'settings:ca-file': empty,
  'settings:set-ca-file': z.object({ action: z.enum(['choose', 'clear']) }).strict(),
  'settings:request-deadline': empty,
  'settings:set-request-deadline': z
    .object({ seconds: z.number().int().min(REQUEST_DEADLINE_RANGE_S.min).max(REQUEST_DEADLINE_RANGE_S.max).nullable() })
    .strict(),
  'shell:open-external': z.object({ url: z.string().max(4096) }).strict(),
} satisfies SchemasOf<AppInvokeMap>;
