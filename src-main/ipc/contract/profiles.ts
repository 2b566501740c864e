// The IPC contract's invoke channels for profiles: the services this app talks to. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { Profile } from '../../shared/model';
import type { ProfilesState } from '../../shared/ipc-types';

export interface ProfilesInvokeMap {
  /** every profile and which one is active */
  'profiles:list': { payload: Record<string, never>; value: ProfilesState };
  /**
   * Plain http to a host that is not this computer is confirmed by the person through main (a
   * native dialog); `confirmInsecure` from the window is accepted for compatibility and ignored.
   * profiles:changed follows.
   */
  'profiles:create': { payload: { name: string; baseUrl: string; confirmInsecure?: boolean }; value: Profile };
  /**
   * Main asks the person (a native dialog) before plain http to a remote host, and before the
   * profile's saved keys are sent to a new origin; a "no" to the keys leaves them bound to their
   * old origin (KeyMeta.heldBack) and saves the rest. Saving the profile again re-asks for
   * held-back keys. `confirmInsecure` from the window is ignored. profiles:changed follows, and
   * keys:changed when the origin moved.
   */
  'profiles:update': {
    payload: { id: string; name?: string; baseUrl?: string; endpointOverrides?: Profile['endpointOverrides']; confirmInsecure?: boolean };
    value: Profile;
  };
  /** removes the profile and forgets its keys (their keychain entries are deleted); answers the profiles left; profiles:changed follows */
  'profiles:delete': { payload: { id: string }; value: ProfilesState };
  /** makes the profile the one every screen works with; profiles:changed follows */
  'profiles:activate': { payload: { id: string }; value: ProfilesState };
  /** marks the profile live (sends, revocations and retries on it ask first after a practice profile) or not; profiles:changed follows */
  'profiles:set-live': { payload: { id: string; live: boolean }; value: Profile };
}
