import { create } from 'zustand';
import type { DescribedOperation, ErrorInfo, Profile, ProfilesState, Result } from '../../lib/api';
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

export interface CurlProfileInput {
  curl: string;
  /** what the cURL does, as the service's playground tab says */
  operation: DescribedOperation;
  name: string;
  /** optional; passed straight to keys:add, never kept in the store */
  keyValue: string;
}

/**
 * A profile made from a cURL: nothing is made when the cURL cannot be read; once the profile is
 * made, a failure to save the operation or the key is told beside it (the profile stays).
 */
export type CurlProfileOutcome =
  | { ok: true; profile: Profile; warnings: string[]; keyError: ErrorInfo | null; apiError: ErrorInfo | null }
  | { ok: false; error: ErrorInfo };

interface ProfilesStore {
  profiles: Profile[];
  activeProfileId: string | null;
  /** the profile `crm` uses when none is named: the window's choice is its own */
  terminalProfileId: string | null;
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
  /**
   * One step from a service's cURL: main reads it first (against a profile there is, saving
   * nothing) for the base URL it implies; then the profile is made at that URL and the
   * operation, read again against the new profile, is saved with it.
   */
  createFromCurl: (input: CurlProfileInput) => Promise<CurlProfileOutcome>;
  /** with `baseUrl`, the app also asks again about keys held back at an old address */
  update: (
    id: string,
    patch: { name?: string; baseUrl?: string; endpointOverrides?: Profile['endpointOverrides'] },
  ) => Promise<Result<Profile>>;
  remove: (id: string) => Promise<boolean>;
  /** marks a profile live or not (shared/live-guard.ts) */
  setLive: (id: string, live: boolean) => Promise<Result<Profile>>;
  clearActionError: () => void;
}

export const useProfilesStore = create<ProfilesStore>()((set, get) => ({
  profiles: [],
  activeProfileId: null,
  terminalProfileId: null,
  status: 'idle',
  error: null,
  actionError: null,
  load: async () => {
    set({ status: get().status === 'ready' ? 'ready' : 'loading' });
    const r = await invoke('profiles:list', {});
    if (r.ok) get().apply(r.value);
    else set({ status: 'error', error: r.error });
  },
  apply: (state) =>
    set({
      profiles: state.profiles,
      activeProfileId: state.activeProfileId,
      terminalProfileId: state.terminalProfileId ?? state.activeProfileId,
      status: 'ready',
      error: null,
    }),
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
  createFromCurl: async (input) => {
    const readerId = get().activeProfileId ?? get().profiles[0]?.id;
    if (readerId === undefined)
      return { ok: false, error: { code: 'validation', message: 'Add a profile by hand first: the app reads a cURL against one.' } };
    const first = await invoke('api:import-curl', { profileId: readerId, operation: input.operation, curl: input.curl });
    if (!first.ok) return { ok: false, error: first.error };
    const made = await get().createWithKey({
      name: input.name,
      baseUrl: first.value.baseUrl,
      keyName: 'Default key',
      keyValue: input.keyValue,
    });
    if (!made.ok) return made;
    const { profile, keyError } = made;
    const proposal = await invoke('api:import-curl', { profileId: profile.id, operation: input.operation, curl: input.curl });
    if (!proposal.ok) return { ok: true, profile, warnings: [], keyError, apiError: proposal.error };
    const saved = await invoke('api:save', { profileId: profile.id, operation: input.operation, spec: proposal.value.spec });
    await get().load();
    return { ok: true, profile, warnings: proposal.value.warnings, keyError, apiError: saved.ok ? null : saved.error };
  },
  update: async (id, patch) => {
    const r = await invoke('profiles:update', { id, ...patch });
    if (r.ok) await get().load();
    return r;
  },
  remove: async (id) => get().applyAction(await invoke('profiles:delete', { id })),
  setLive: async (id, live) => {
    const r = await invoke('profiles:set-live', { id, live });
    if (r.ok) await get().load();
    return r;
  },
  clearActionError: () => set({ actionError: null }),
}));

type S = ProfilesStore;
export const selectProfiles = (s: S): Profile[] => s.profiles;
export const selectActiveProfileId = (s: S): string | null => s.activeProfileId;
export const selectActiveProfile = (s: S): Profile | null => s.profiles.find((p) => p.id === s.activeProfileId) ?? null;
/** the terminal's profile when it is not the window's (null when they are the same) */
export const selectTerminalProfileIfOther = (s: S): Profile | null =>
  s.terminalProfileId === s.activeProfileId ? null : (s.profiles.find((p) => p.id === s.terminalProfileId) ?? null);
