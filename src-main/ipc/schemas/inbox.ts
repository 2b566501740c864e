// The zod schemas of the IPC payloads for the inbox, its quick answers and its notices (contract/inbox.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { INBOX_FILTERS, INBOX_PAGE_LIMIT } from '../../shared/inbox';
import type { InboxInvokeMap } from '../contract/inbox';
import { empty, number, type SchemasOf } from './common';

export const inboxSchemas = {
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
  'inbox:read-receipts': empty,
  'inbox:set-read-receipts': z.object({ on: z.boolean() }).strict(),
} satisfies SchemasOf<InboxInvokeMap>;
