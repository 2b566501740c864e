// The zod schemas of the IPC payloads for the outbox and the request log (contract/outbox.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import type { OutboxInvokeMap } from '../contract/outbox';
import { id, empty, type SchemasOf } from './common';

export const outboxSchemas = {
  'outbox:list': empty,
  'outbox:cancel': z.object({ id }).strict(),
  'outbox:retry': z.object({ id }).strict(),
  'outbox:sync': empty,
  'log:list': empty,
  'log:detail': z.object({ id }).strict(),
  'log:copy-curl': z.object({ id }).strict(),
  'log:resend': z.object({ id }).strict(),
} satisfies SchemasOf<OutboxInvokeMap>;
