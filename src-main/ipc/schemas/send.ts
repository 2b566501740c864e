// The zod schemas of the IPC payloads for contacts, staged files and the send form (contract/send.ts);
// schemas.ts composes every domain's into the one table main parses payloads with.
import { z } from 'zod';
import { FILE_PURPOSES, MEDIA_TYPES } from '../../shared/file-purpose';
import type { SendInvokeMap } from '../contract/send';
import { id, number, type SchemasOf } from './common';

const purpose = z.enum(FILE_PURPOSES);

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

export const sendSchemas = {
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
} satisfies SchemasOf<SendInvokeMap>;
