// The api:* channels: a profile's API description (mapping editor). One-line adapters; a saved
// or reset description is announced by the profiles themselves (profiles:changed).
import type { DocumentLocation } from '../core/profiles/spec-documents';
import { CrmError } from '../core/errors';
import type { ApiDocumentSource } from '../shared/api-document';
import type { FileOriginAllowed } from '../shared/conversation';
import type { InvokeChannel, InvokePayload, InvokeValue } from './contract';
import type { ApiHandlerCore, HandlerPlatform } from './handler-types';

type ApiChannel = Extract<InvokeChannel, `api:${string}`>;
type ApiHandlers = { [C in ApiChannel]: (payload: InvokePayload<C>) => Promise<InvokeValue<C>> };

export function createApiHandlers(
  api: ApiHandlerCore,
  pickFile: HandlerPlatform['pickFile'],
  /** main asks the person itself (file-origin-consent.ts); absent: nobody to ask, so nothing is allowed */
  allowFileOrigin: (input: { profileId: string; curl: string }) => Promise<FileOriginAllowed> = noFileOrigins,
): ApiHandlers {
  return {
    'api:allow-file-origin': (p) => allowFileOrigin(p),
    'api:describe': ({ profileId }) => api.describe(profileId),
    'api:import-curl': ({ profileId, operation, curl, fixes }) => api.propose(profileId, operation, curl, fixes ?? {}),
    'api:save': ({ profileId, operation, spec }) => api.save(profileId, operation, spec),
    'api:reset': ({ profileId, operation }) => api.reset(profileId, operation),
    'api:mark-absent': ({ profileId, operation, absent }) => api.markAbsent(profileId, operation, absent),
    'api:preview': ({ profileId, operation, spec }) => api.preview(profileId, operation, spec),
    'api:spec-load': async ({ profileId, source }) => {
      const location = await locate(source, pickFile);
      return location === null ? null : api.documents.open(profileId, location);
    },
    'api:spec-propose': ({ profileId, handle, operation, candidateId, ...input }) =>
      api.documents.propose(profileId, handle, operation, candidateId, input),
  };
}

/** A file is chosen in main's own dialog, so its path never comes from the window; null: cancelled. */
async function locate(source: ApiDocumentSource, pickFile: HandlerPlatform['pickFile']): Promise<DocumentLocation | null> {
  if (source.kind === 'url') return source;
  const path = await pickFile('api-document');
  return path === null ? null : { kind: 'file', path };
}

async function noFileOrigins(): Promise<FileOriginAllowed> {
  throw new CrmError(
    'validation',
    'Nobody can be asked here whether the key may go to another origin for files: use crm profiles api file-origins --add ORIGIN',
  );
}
