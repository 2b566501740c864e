// The ids of what the console asks a CRM service to do. One list each: the types, the zod enums
// that check saved files and IPC payloads, and the catalogues keyed by them all follow from it.

/** Every route the console calls (core/endpoints.ts says how to call each). */
export const ENDPOINT_IDS = [
  'contacts.list',
  'messages.text',
  'messages.media',
  'messages.audio',
  'messages.template',
  'messages.list',
  'messages.status',
  'templates.list',
  'media.upload',
  'keys.check',
  'keys.list',
  'keys.create',
  'keys.delete',
  'messages.reaction',
  'media.download',
  'messages.read',
  'templates.create',
  'templates.update',
  'templates.delete',
] as const;

export type EndpointId = (typeof ENDPOINT_IDS)[number];

/** The routes no API description covers: key management keeps docs/API.md's routes (and their path overrides). */
const UNDESCRIBED_ENDPOINTS = ['messages.status', 'keys.list', 'keys.create', 'keys.delete'] as const satisfies readonly EndpointId[];

export type DescribedOperation = Exclude<EndpointId, (typeof UNDESCRIBED_ENDPOINTS)[number]>;

/** The operations a profile's API description covers, in the order the window lists them: every other route, in its order. */
export const DESCRIBED_OPERATIONS: readonly DescribedOperation[] = ENDPOINT_IDS.filter(
  (id): id is DescribedOperation => !(UNDESCRIBED_ENDPOINTS as readonly string[]).includes(id),
);

export function isDescribedOperation(id: string): id is DescribedOperation {
  return (DESCRIBED_OPERATIONS as readonly string[]).includes(id);
}
