// The api:* channels: a profile's API description (mapping editor). One-line adapters; a saved
// or reset description is announced by the profiles themselves (profiles:changed).
import type { ApiEditor } from '../core/profiles/api-editor';
import type { DocumentLocation } from '../core/profiles/spec-documents';
import type { ApiDocumentSource } from '../shared/api-document';
import type { InvokeChannel, InvokePayload, InvokeValue } from './contract';
import type { HandlerPlatform } from './handler-types';

export type ApiHandlerCore = Pick<ApiEditor, 'describe' | 'propose' | 'save' | 'reset' | 'markAbsent' | 'preview' | 'documents'>;

type ApiChannel = Extract<InvokeChannel, `api:${string}`>;
type ApiHandlers = { [C in ApiChannel]: (payload: InvokePayload<C>) => Promise<InvokeValue<C>> };

export function createApiHandlers(api: ApiHandlerCore, pickFile: HandlerPlatform['pickFile']): ApiHandlers {
  return {
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
    'api:spec-propose': ({ profileId, handle, operation, candidateId, ...input }) => api.documents.propose(profileId, handle, operation, candidateId, input),
  };
}

/** A file is chosen in main's own dialog, so its path never comes from the window; null: cancelled. */
async function locate(source: ApiDocumentSource, pickFile: HandlerPlatform['pickFile']): Promise<DocumentLocation | null> {
  if (source.kind === 'url') return source;
  const path = await pickFile('api-document');
  return path === null ? null : { kind: 'file', path };
}
