// Which kinds of media a profile's Send Media offers, from its description alone. Services shaped
// like Meta's Cloud API name the kind twice (`"type":"document","document":{...}`): the
// description then holds the key as KIND_KEY and the kind picks both the value and the key, so
// every kind such a service takes is offered. Otherwise the kinds are docs/API.md's. Pure: the
// window's Send Media panel and the request builder ask the same question.
import type { OperationSpec, Template } from './api-description';
import type { MediaType } from './file-purpose';
import { MEDIA_TYPES } from './file-purpose';
import { isRoleRef, templateChildren } from './template-leaves';

/** A body key that is written as the chosen kind (`image`, `document`, ...) when a request is built. */
export const KIND_KEY = '$mediatype';

/** docs/API.md's Send Media: an image or a document. */
export const DEFAULT_MEDIA_KINDS: readonly MediaType[] = ['image', 'document'];

/** What each kind is called in the window and in problems. */
export const MEDIA_KIND_LABELS: Readonly<Record<MediaType, string>> = {
  image: 'Image',
  video: 'Video',
  document: 'Document',
  sticker: 'Sticker',
};

export function usesKindKey(template: Template | null): boolean {
  if (template === null || typeof template !== 'object' || isRoleRef(template)) return false;
  if (!Array.isArray(template) && Object.prototype.hasOwnProperty.call(template, KIND_KEY)) return true;
  return templateChildren(template).some(usesKindKey);
}

/** The kinds Send Media offers for this spec (null: docs/API.md's). */
export function offeredMediaKinds(spec: OperationSpec | null | undefined): readonly MediaType[] {
  if (spec === null || spec === undefined) return DEFAULT_MEDIA_KINDS;
  return usesKindKey(spec.body) ? MEDIA_TYPES : DEFAULT_MEDIA_KINDS;
}
