// The zod schemas of the IPC payloads for message templates (contract/templates.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { TEMPLATE_CATEGORIES } from '../../shared/template-lifecycle';
import type { TemplatesInvokeMap } from '../contract/templates';
import { empty, type SchemasOf } from './common';

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

export const templatesSchemas = {
  'templates:list': empty,
  'template-lifecycle:overview': empty,
  'template-lifecycle:kept': empty,
  'template-lifecycle:create': z.object({ draft: templateDraft }).strict(),
  'template-lifecycle:update': z.object({ draft: templateDraft }).strict(),
  'template-lifecycle:delete': z.object({ name: z.string().max(1000) }).strict(),
  'template-lifecycle:check': z.object({ name: z.string().max(1000), language: z.string().max(100) }).strict(),
} satisfies SchemasOf<TemplatesInvokeMap>;
