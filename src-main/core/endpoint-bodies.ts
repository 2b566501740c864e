// Body and query shapes of the endpoints in endpoints.ts: every [ours] field name of API.md
// lives here and nowhere else. The request builder passes plain values in; these functions
// decide what the JSON and the query string call them.
import type { MediaType, Permission } from './model';

/** One query parameter; undefined values are left out. */
export type QueryPair = readonly [name: string, value: string | undefined];

export function contactsQuery(input: { page?: number; perPage?: number; search?: string }): QueryPair[] {
  return [
    ['page', input.page === undefined ? undefined : String(input.page)],
    ['per_page', input.perPage === undefined ? undefined : String(input.perPage)],
    ['search', input.search === undefined || input.search === '' ? undefined : input.search],
  ];
}

export function messagesQuery(input: { number?: string; page?: number; perPage?: number }): QueryPair[] {
  return [
    ['number', input.number === undefined || input.number === '' ? undefined : input.number],
    ['page', input.page === undefined ? undefined : String(input.page)],
    ['per_page', input.perPage === undefined ? undefined : String(input.perPage)],
  ];
}

export function textBody(input: { number: string; text: string }): Record<string, unknown> {
  return { number: input.number, text: input.text };
}

/** `media` is a URL, or the placeholder the builder swaps for the file's base64. */
export function mediaBody(input: {
  number: string;
  mediatype: MediaType;
  mimetype: string;
  fileName: string;
  media: string;
  caption?: string;
}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    number: input.number,
    mediatype: input.mediatype,
    mimetype: input.mimetype,
    fileName: input.fileName,
    media: input.media,
  };
  if (input.caption !== undefined && input.caption !== '') body.caption = input.caption;
  return body;
}

/** `audio` is a URL, or the placeholder for the file's base64. Always a voice note (ptt). */
export function audioBody(input: { number: string; mimetype: string; audio: string }): Record<string, unknown> {
  return { number: input.number, audio: input.audio, mimetype: input.mimetype, ptt: true };
}

export function createKeyBody(input: { name: string; permissions?: Permission[] }): Record<string, unknown> {
  const body: Record<string, unknown> = { name: input.name };
  if (input.permissions !== undefined) body.permissions = input.permissions;
  return body;
}

/** Path parameters of keys.delete. */
export function deleteKeyParams(input: { id: string }): Record<string, string> {
  return { id: input.id };
}
