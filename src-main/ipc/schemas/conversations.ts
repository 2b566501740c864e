// The zod schemas of the IPC payloads for sent messages, conversations and the search across them (contract/conversations.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import type { ConversationsInvokeMap } from '../contract/conversations';
import { id, number, type SchemasOf } from './common';

export const conversationsSchemas = {
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
  'messages:search': z
    .object({ text: z.string().max(500), limit: z.number().int().min(1).max(100).optional(), after: z.string().max(100).optional() })
    .strict(),
  'conversations:retry-media': z.object({ messageId: id }).strict(),
  'conversations:allow-file-origin': z.object({ messageId: id }).strict(),
} satisfies SchemasOf<ConversationsInvokeMap>;
