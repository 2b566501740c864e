// profiles:* channels. Every change is announced with the whole profile list, so each window
// shows the same state; a move to another address also changes which keys may be used there.
import { createProfileAsking, updateProfileAsking, type AskConsent } from '../core/profiles/profile-consent';
import type { ProfilesState } from './contract';
import type { DomainHandlers, Emit, HandlerCore } from './handler-types';

export function createProfileHandlers(profiles: HandlerCore['profiles'], ask: AskConsent, emit: Emit): DomainHandlers<'profiles'> {
  const announce = async (): Promise<ProfilesState> => {
    const state = await profiles.list();
    emit('profiles:changed', state);
    return state;
  };
  const after = async <T>(result: T): Promise<T> => {
    await announce();
    return result;
  };
  return {
    'profiles:list': () => profiles.list(),
    // confirmInsecure from the window is never enough: main asks the person itself
    'profiles:create': async ({ name, baseUrl }) => after(await createProfileAsking(profiles, ask, { name, baseUrl })),
    'profiles:update': async ({ id, confirmInsecure: _fromWindow, ...patch }) => {
      const updated = await after(await updateProfileAsking(profiles, ask, id, patch));
      // its keys may have moved with it, or be held back now (KeyMeta.heldBack)
      if (patch.baseUrl !== undefined) emit('keys:changed', { profileId: id });
      return updated;
    },
    'profiles:delete': async ({ id }) => {
      await profiles.remove(id);
      return announce();
    },
    'profiles:activate': async ({ id }) => {
      await profiles.activate(id);
      return announce();
    },
  };
}
