// The api:* channels: a profile's API description (mapping editor). One-line adapters; a saved
// or reset description is announced by the profiles themselves (profiles:changed).
import type { ApiEditor } from '../core/profiles/api-editor';
import type { InvokeChannel, InvokePayload, InvokeValue } from './contract';

export type ApiHandlerCore = Pick<ApiEditor, 'describe' | 'propose' | 'save' | 'reset' | 'markAbsent' | 'preview'>;

type ApiChannel = Extract<InvokeChannel, `api:${string}`>;
type ApiHandlers = { [C in ApiChannel]: (payload: InvokePayload<C>) => Promise<InvokeValue<C>> };

export function createApiHandlers(api: ApiHandlerCore): ApiHandlers {
  return {
    'api:describe': ({ profileId }) => api.describe(profileId),
    'api:import-curl': ({ profileId, operation, curl, fixes }) => api.propose(profileId, operation, curl, fixes ?? {}),
    'api:save': ({ profileId, operation, spec }) => api.save(profileId, operation, spec),
    'api:reset': ({ profileId, operation }) => api.reset(profileId, operation),
    'api:mark-absent': ({ profileId, operation, absent }) => api.markAbsent(profileId, operation, absent),
    'api:preview': ({ profileId, operation, spec }) => api.preview(profileId, operation, spec),
  };
}
