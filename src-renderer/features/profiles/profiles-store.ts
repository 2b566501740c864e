import { create } from 'zustand';
import type { ErrorInfo, Profile, ProfilesState, Result } from '../../lib/api';
import { invoke } from '../../lib/api';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface ProfileInput {
  name: string;
  baseUrl: string;
}

export interface NewProfileInput extends ProfileInput {
  keyName: string;
  /** passed straight to keys:add; never kept in the store */
  keyValue: string;
}

export type CreateOutcome = { ok: true; profile: Profile; keyError: ErrorInfo | null } | { ok: false; error: ErrorInfo };

interface ProfilesStore {
  profiles: Profile[];
  activeProfileId: string | null;
  status: Status;
  error: ErrorInfo | null;
  /** last failed action (switch/delete), shown as an alert */
  actionError: ErrorInfo | null;
  load: () => Promise<void>;
  apply: (state: ProfilesState) => void;
  /** a switch/delete answer: applied, or kept as actionError; true when it worked */
  applyAction: (r: Result<ProfilesState>) => boolean;
  activate: (id: string) => Promise<boolean>;
  /**
   * The app itself asks the person (a native dialog) before plain http to another machine and
   * before a profile's saved keys follow it to a new address; the window asks nothing.
   */
  createWithKey: (input: NewProfileInput) => Promise<CreateOutcome>;
  /** with `baseUrl`, the app also asks again about keys held back at an old address */
  update: (id: string, patch: { name?: string; baseUrl?: string; endpointOverrides?: Profile['endpointOverrides'] }) => Promise<Result<Profile>>;
  remove: (id: string) => Promise<boolean>;
  clearActionError: () => void;
}

export const useProfilesStore = create<ProfilesStore>()((set, get) => ({
  profiles: [],
  activeProfileId: null,
  status: 'idle',
  error: null,
  actionError: null,
  load: async () => {
    set({ status: get().status === 'ready' ? 'ready' : 'loading' });
    const r = await invoke('profiles:list', {});
    if (r.ok) get().apply(r.value);
    else set({ status: 'error', error: r.error });
  },
  apply: (state) => set({ profiles: state.profiles, activeProfileId: state.activeProfileId, status: 'ready', error: null }),
  applyAction: (r) => {
    if (!r.ok) {
      set({ actionError: r.error });
      return false;
    }
    get().apply(r.value);
    set({ actionError: null });
    return true;
  },
  activate: async (id) => get().applyAction(await invoke('profiles:activate', { id })),
  createWithKey: async (input) => {
    const created = await invoke('profiles:create', { name: input.name, baseUrl: input.baseUrl });
    if (!created.ok) return { ok: false, error: created.error };
    const profile = created.value;
    let keyError: ErrorInfo | null = null;
    if (input.keyValue) {
      const added = await invoke('keys:add', { profileId: profile.id, name: input.keyName || 'Default key', value: input.keyValue });
      if (!added.ok) keyError = added.error;
    }
    await get().load();
    return { ok: true, profile, keyError };
  },
  update: async (id, patch) => {
    const r = await invoke('profiles:update', { id, ...patch });
    if (r.ok) await get().load();
    return r;
  },
  remove: async (id) => get().applyAction(await invoke('profiles:delete', { id })),
  clearActionError: () => set({ actionError: null }),
}));

type S = ProfilesStore;
export const selectProfiles = (s: S): Profile[] => s.profiles;
export const selectActiveProfileId = (s: S): string | null => s.activeProfileId;
export const selectActiveProfile = (s: S): Profile | null => s.profiles.find((p) => p.id === s.activeProfileId) ?? null;
