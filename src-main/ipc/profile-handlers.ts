// profiles:* channels: one-line adapters. Each change is announced by the profiles themselves
// (core-events.ts: profiles:changed, and keys:changed when a profile moved to another address).
import { createProfileAsking, updateProfileAsking, type AskConsent } from '../core/profiles/profile-consent';
import type { DomainHandlers, HandlerCore } from './handler-types';

export function createProfileHandlers(profiles: HandlerCore['profiles'], ask: AskConsent): DomainHandlers<'profiles'> {
  return {
    'profiles:list': () => profiles.list(),
    // confirmInsecure from the window is never enough: main asks the person itself
    'profiles:create': ({ name, baseUrl }) => createProfileAsking(profiles, ask, { name, baseUrl }),
    'profiles:update': ({ id, confirmInsecure: _fromWindow, ...patch }) => updateProfileAsking(profiles, ask, id, patch),
    'profiles:delete': async ({ id }) => {
      await profiles.remove(id);
      return profiles.list();
    },
    'profiles:activate': async ({ id }) => {
      await profiles.activate(id);
      return profiles.list();
    },
    'profiles:set-live': ({ id, live }) => profiles.setLive(id, live),
  };
}
