// The api:* channels: a profile's API description (mapping editor). One-line adapters; a saved
// or reset description changes the profile, so the window hears profiles:changed.
import type { ApiEditor } from '../core/profiles/api-editor';
import type { InvokeChannel, InvokePayload, InvokeValue } from './contract';

export type ApiHandlerCore = Pick<ApiEditor, 'describe' | 'propose' | 'save' | 'reset' | 'preview'>;

type ApiChannel = Extract<InvokeChannel, `api:${string}`>;
type ApiHandlers = { [C in ApiChannel]: (payload: InvokePayload<C>) => Promise<InvokeValue<C>> };

export function createApiHandlers(api: ApiHandlerCore, profilesChanged: () => Promise<void>): ApiHandlers {
  const changed = async <T>(result: T): Promise<T> => {
    await profilesChanged();
    return result;
  };
  return {
    'api:describe': ({ profileId }) => api.describe(profileId),
    'api:import-curl': ({ profileId, operation, curl, fixes }) => api.propose(profileId, operation, curl, fixes ?? {}),
    'api:save': async ({ profileId, operation, spec }) => changed(await api.save(profileId, operation, spec)),
    'api:reset': async ({ profileId, operation }) => changed(await api.reset(profileId, operation)),
    'api:preview': ({ profileId, operation, spec }) => api.preview(profileId, operation, spec),
  };
}
