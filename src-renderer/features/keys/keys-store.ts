import { create } from 'zustand';
import type { ErrorInfo, KeyMeta, KeyTestResult, Permission, Result, ServerKey } from '../../lib/api';
import { invoke } from '../../lib/api';
import type { Grace, RollOutcome, RollStep } from '../../../src-main/shared/key-roll';
import { useProfilesStore } from '../profiles/profiles-store';
import { guardLiveAct } from '../profiles/live-confirm';
import type { KeyFilter } from './key-filter';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export type TestState = { status: 'testing' } | { status: 'done'; report: KeyTestResult } | { status: 'error'; error: ErrorInfo };

export type AddState =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved'; name: string } | { status: 'error'; error: ErrorInfo };

export type ServerState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** cachedAt: the server could not be reached; this is its list as last seen */
  | { status: 'ready'; keys: ServerKey[]; cachedAt: string | null }
  | { status: 'forbidden'; error: ErrorInfo }
  | { status: 'error'; error: ErrorInfo };

/**
 * Approving keys held back at an old address: the profile is saved again with its base URL,
 * and the app asks the person (a native dialog) whether its keys may be sent there.
 */
export type ApproveState =
  { status: 'idle' } | { status: 'asking' } | { status: 'moved' } | { status: 'declined' } | { status: 'error'; error: ErrorInfo };

/**
 * A key just created through the API, shown once: its value, asked of main once (keys:reveal-new,
 * the one reply that carries a key value), is kept here only while the panel is open and cleared
 * when it closes; main copies it to the clipboard (keys:copy-new).
 */
export interface CreatedKey {
  key: KeyMeta;
  shown: { status: 'loading' } | { status: 'ready'; value: string } | { status: 'error'; error: ErrorInfo };
  copy: { status: 'idle' | 'copying' } | { status: 'copied'; clearsAfterMs: number | null } | { status: 'error'; error: ErrorInfo };
  /** a copy worked at least once: closing asks less sternly */
  everCopied: boolean;
}

/** Repair of a key whose value left the keychain: re-linked, or the sentence on how to give it one */
export type RepairState =
  { status: 'repairing' } | { status: 'done'; repaired: boolean; message: string } | { status: 'error'; error: ErrorInfo };

/**
 * The Roll dialog's key and how its roll stands: asked (the grace is being chosen), rolling (main
 * names each step as it starts, keys:roll-progress), done, or stopped with the sentence that says
 * where. `key`: the key as listed when the dialog opened (null: not among this profile's keys).
 */
export interface RollState {
  keyId: string;
  key: KeyMeta | null;
  run:
    | { status: 'asking' }
    | { status: 'rolling'; grace: Grace; step: RollStep | null }
    | { status: 'done'; grace: Grace; outcome: RollOutcome }
    | { status: 'error'; grace: Grace; error: ErrorInfo };
}

interface KeysStore {
  profileId: string | null;
  keys: KeyMeta[];
  status: Status;
  error: ErrorInfo | null;
  tests: Record<string, TestState>;
  /** the last failed row action (activate/revoke), by key id */
  rowErrors: Record<string, ErrorInfo>;
  add: AddState;
  server: ServerState;
  createServer: { status: 'idle' | 'creating' } | { status: 'error'; error: ErrorInfo };
  created: CreatedKey | null;
  serverMessage: string | null;
  approve: ApproveState;
  /** which keys the table shows (key-filter.ts); kept across profiles */
  filter: KeyFilter;
  /** ids of live keys whose value is not in the keychain, as main last found them */
  missing: string[];
  repairs: Record<string, RepairState>;
  load: (profileId: string | null) => Promise<void>;
  reload: () => Promise<void>;
  addKey: (profileId: string, name: string, value: string) => Promise<boolean>;
  testKey: (id: string) => Promise<void>;
  activateKey: (id: string) => Promise<boolean>;
  revokeKey: (id: string) => Promise<boolean>;
  loadServerKeys: () => Promise<void>;
  /** `expires`: "30d" or a last day "2027-01-31" (absent: none), kept by main with the key */
  createServerKey: (name: string, permissions: Permission[], expires?: string) => Promise<boolean>;
  copyNewKey: () => Promise<void>;
  /** closes the panel: the value leaves the store */
  dismissCreated: () => void;
  revokeServerKey: (serverKeyId: string) => Promise<boolean>;
  /** saves the profile again (same values) so the app asks to move its held-back keys to where it points now */
  approveHeldBack: () => Promise<void>;
  setFilter: (filter: KeyFilter) => void;
  /** asks main which live keys' values are gone (one keychain listing); the screen asks about once a second */
  checkMissing: () => Promise<void>;
  repairKey: (id: string) => Promise<void>;
  /** drops a revoked key's record; a live one is refused by main with why */
  removeKey: (id: string) => Promise<boolean>;
  /** the Roll dialog, when open */
  roll: RollState | null;
  /** opens the Roll dialog for a saved key (any part of the window may; it is mounted app-wide) */
  openRoll: (keyId: string) => void;
  /** closes the Roll dialog; a roll that is running keeps it open, as it cannot stop halfway */
  closeRoll: () => void;
  /** rolls the dialog's key; true when every step held */
  rollKey: (grace: Grace) => Promise<boolean>;
  /** main started a step of a roll */
  rollProgress: (e: { keyId: string; step: RollStep }) => void;
}

/** what belongs to one profile's keys: empty at start and again whenever another profile is loaded */
const EMPTY_PROFILE_KEYS = {
  keys: [],
  error: null,
  tests: {},
  rowErrors: {},
  add: { status: 'idle' },
  server: { status: 'idle' },
  createServer: { status: 'idle' },
  created: null,
  serverMessage: null,
  approve: { status: 'idle' },
  missing: [],
  repairs: {},
} satisfies Partial<KeysStore>;

export const useKeysStore = create<KeysStore>()((set, get) => {
  /** a row action's answer: the updated key replaces its row, or the error shows on the row */
  const applyRowResult = async (id: string, r: Result<KeyMeta>): Promise<boolean> => {
    if (!r.ok) {
      set((s) => ({ rowErrors: { ...s.rowErrors, [id]: r.error } }));
      return false;
    }
    // main announces what else changed (keys:changed, profiles:changed): nothing is re-read here
    set((s) => ({ rowErrors: withoutKey(s.rowErrors, id), keys: s.keys.map((k) => (k.id === id ? r.value : k)) }));
    return true;
  };

  // one keychain check at a time: a slow keychain is not asked again before it answered
  let checking = false;

  return {
    profileId: null,
    ...EMPTY_PROFILE_KEYS,
    status: 'idle',
    filter: 'live',
    roll: null,

    load: async (profileId) => {
      const switched = profileId !== get().profileId;
      set(switched ? { profileId, ...EMPTY_PROFILE_KEYS, status: 'loading' } : { status: get().status === 'ready' ? 'ready' : 'loading' });
      if (!profileId) {
        set({ status: 'ready' });
        return;
      }
      const r = await invoke('keys:list', { profileId });
      if (get().profileId !== profileId) return; // the profile changed meanwhile
      if (r.ok) set((s) => ({ keys: r.value, status: 'ready', error: null, tests: withoutStaleTests(s.tests, s.keys, r.value) }));
      else set({ status: 'error', error: r.error });
    },
    reload: () => get().load(get().profileId),

    addKey: async (profileId, name, value) => {
      set({ add: { status: 'saving' } });
      // `value` lives only in this call's arguments; it is never written to the store.
      const r = await invoke('keys:add', { profileId, name, value });
      if (!r.ok) {
        set({ add: { status: 'error', error: r.error } });
        return false;
      }
      set({ add: { status: 'saved', name: r.value.name } });
      // shown at once; main's keys:changed (and profiles:changed, for a first key) brings the rest
      if (get().profileId === profileId) {
        set((s) => ({ keys: s.keys.some((k) => k.id === r.value.id) ? s.keys : [...s.keys, r.value] }));
      }
      return true;
    },

    testKey: async (id) => {
      set((s) => ({ tests: { ...s.tests, [id]: { status: 'testing' } } }));
      const r = await invoke('keys:test', { id });
      set((s) => ({
        tests: { ...s.tests, [id]: r.ok ? { status: 'done', report: r.value } : { status: 'error', error: r.error } },
        keys: r.ok ? s.keys.map((k) => (k.id === id ? r.value.key : k)) : s.keys,
      }));
    },

    activateKey: async (id) => applyRowResult(id, await invoke('keys:activate', { id })),

    revokeKey: async (id) => {
      const key = get().keys.find((k) => k.id === id);
      const go = key ? guardLiveAct('revoke', key.profileId, key.name) : true;
      if (go !== true && !(await go)) return false;
      return applyRowResult(id, await invoke('keys:revoke', { id }));
    },

    loadServerKeys: async () => {
      set({ server: { status: 'loading' } });
      const profileId = get().profileId;
      const r = await invoke('keys:server-list', {});
      if (get().profileId !== profileId) return;
      if (r.ok) set({ server: { status: 'ready', keys: r.value.keys, cachedAt: r.value.cachedAt } });
      else if (r.error.code === 'forbidden') set({ server: { status: 'forbidden', error: r.error } });
      else set({ server: { status: 'error', error: r.error } });
    },

    createServerKey: async (name, permissions, expires) => {
      set({ createServer: { status: 'creating' }, created: null, serverMessage: null });
      const r = await invoke('keys:server-create', { name, permissions, ...(expires !== undefined ? { expires } : {}) });
      if (!r.ok) {
        set({ createServer: { status: 'error', error: r.error } });
        return false;
      }
      // the saved list and the server's follow main's keys:changed (wire-events.ts)
      set({
        createServer: { status: 'idle' },
        created: { key: r.value, shown: { status: 'loading' }, copy: { status: 'idle' }, everCopied: false },
      });
      // main answers this once; asked at once, so the panel has it while it is open
      const shown = await invoke('keys:reveal-new', { id: r.value.id });
      const now = get().created;
      // closed (or another key created) meanwhile: the value is not kept
      if (!now || now.key.id !== r.value.id) return true;
      set({
        created: { ...now, shown: shown.ok ? { status: 'ready', value: shown.value.value } : { status: 'error', error: shown.error } },
      });
      return true;
    },

    copyNewKey: async () => {
      const created = get().created;
      if (!created || created.copy.status === 'copying' || created.copy.status === 'copied') return;
      set({ created: { ...created, copy: { status: 'copying' } } });
      const r = await invoke('keys:copy-new', { id: created.key.id });
      const now = get().created;
      if (!now || now.key.id !== created.key.id) return;
      set({
        created: {
          ...now,
          copy: r.ok ? { status: 'copied', clearsAfterMs: r.value.clearsAfterMs } : { status: 'error', error: r.error },
          everCopied: now.everCopied || r.ok,
        },
      });
    },

    dismissCreated: () => set({ created: null }),

    revokeServerKey: async (serverKeyId) => {
      // the last note goes first: the same sentence again is a new note, shown its full time
      set({ serverMessage: null });
      const go = guardLiveAct('revoke', get().profileId, serverKeyId);
      if (go !== true && !(await go)) return false;
      const r = await invoke('keys:server-revoke', { serverKeyId });
      if (!r.ok) {
        set({ serverMessage: null, server: get().server, rowErrors: { ...get().rowErrors, [serverKeyId]: r.error } });
        return false;
      }
      set((s) => ({
        rowErrors: withoutKey(s.rowErrors, serverKeyId),
        serverMessage: r.value.queued
          ? 'Revoked here. The server revocation is sent now, or from the outbox as soon as the server can be reached.'
          : 'The key was revoked on the server.',
      }));
      // the saved list and the server's follow main's keys:changed (wire-events.ts)
      return true;
    },

    approveHeldBack: async () => {
      const profileId = get().profileId;
      const profile = useProfilesStore.getState().profiles.find((p) => p.id === profileId);
      if (!profile || get().approve.status === 'asking') return;
      set({ approve: { status: 'asking' } });
      // the same base URL: nothing changes but the keys' address, and only if the person says yes
      const r = await useProfilesStore.getState().update(profile.id, { baseUrl: profile.baseUrl });
      if (get().profileId !== profileId) return;
      if (!r.ok) {
        set({ approve: { status: 'error', error: r.error } });
        return;
      }
      await get().reload();
      set({ approve: get().keys.some((k) => k.heldBack === true) ? { status: 'declined' } : { status: 'moved' } });
    },

    setFilter: (filter) => set({ filter }),

    checkMissing: async () => {
      const profileId = get().profileId;
      if (!profileId || checking) return;
      checking = true;
      try {
        const r = await invoke('keys:missing-values', { profileId });
        // an unreadable keychain says so where keys are used; this watch just keeps its last answer
        if (!r.ok || get().profileId !== profileId) return;
        if (!sameIds(get().missing, r.value)) set({ missing: r.value });
      } finally {
        checking = false;
      }
    },

    repairKey: async (id) => {
      set((s) => ({ repairs: { ...s.repairs, [id]: { status: 'repairing' } } }));
      const r = await invoke('keys:repair', { id });
      set((s) => ({ repairs: { ...s.repairs, [id]: r.ok ? { status: 'done', ...r.value } : { status: 'error', error: r.error } } }));
      if (r.ok && r.value.repaired) await get().checkMissing();
    },

    removeKey: async (id) => {
      const r = await invoke('keys:remove', { id });
      if (!r.ok) {
        set((s) => ({ rowErrors: { ...s.rowErrors, [id]: r.error } }));
        return false;
      }
      // gone at once; main's keys:changed lists the keys again
      set((s) => ({ keys: s.keys.filter((k) => k.id !== id), rowErrors: withoutKey(s.rowErrors, id) }));
      return true;
    },

    openRoll: (keyId) => {
      if (get().roll?.run.status === 'rolling') return;
      set((s) => ({ roll: { keyId, key: s.keys.find((k) => k.id === keyId) ?? null, run: { status: 'asking' } } }));
    },

    closeRoll: () => {
      if (get().roll?.run.status !== 'rolling') set({ roll: null });
    },

    rollKey: async (grace) => {
      const roll = get().roll;
      if (!roll || roll.run.status === 'rolling') return false;
      const { keyId } = roll;
      set({ roll: { ...roll, run: { status: 'rolling', grace, step: null } } });
      const r = await invoke('keys:roll', { id: keyId, grace });
      const now = get().roll;
      if (r.ok) {
        // both rows at once; main's keys:changed and profiles:changed bring the rest
        const { oldKey, newKey } = r.value;
        set((s) => ({
          keys:
            s.profileId === newKey.profileId
              ? [...s.keys.filter((k) => k.id !== newKey.id).map((k) => (k.id === oldKey.id ? oldKey : k)), newKey]
              : s.keys,
          rowErrors: withoutKey(s.rowErrors, keyId),
        }));
      }
      if (now?.keyId === keyId)
        set({ roll: { ...now, run: r.ok ? { status: 'done', grace, outcome: r.value } : { status: 'error', grace, error: r.error } } });
      return r.ok;
    },

    rollProgress: ({ keyId, step }) => {
      const roll = get().roll;
      if (roll?.keyId !== keyId || roll.run.status !== 'rolling') return;
      set({ roll: { ...roll, run: { ...roll.run, step } } });
    },
  };
});

/** A key that was held back and is not now (or the reverse): its last test result is about the old address. */
function withoutStaleTests(tests: Record<string, TestState>, before: KeyMeta[], after: KeyMeta[]): Record<string, TestState> {
  const was = new Map(before.map((k) => [k.id, k.heldBack === true]));
  const stale = after.filter((k) => was.has(k.id) && was.get(k.id) !== (k.heldBack === true)).map((k) => k.id);
  if (stale.length === 0) return tests;
  return Object.fromEntries(Object.entries(tests).filter(([id]) => !stale.includes(id)));
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function withoutKey<V>(rec: Record<string, V>, key: string): Record<string, V> {
  const next = { ...rec };
  delete next[key];
  return next;
}

type S = KeysStore;
export const selectKeyById =
  (id: string | null) =>
  (s: S): KeyMeta | null =>
    id ? (s.keys.find((k) => k.id === id) ?? null) : null;
export const selectTest =
  (id: string) =>
  (s: S): TestState | undefined =>
    s.tests[id];
export const selectAddState = (s: S): AddState => s.add;
export const selectServer = (s: S): ServerState => s.server;
export const selectCreated = (s: S): CreatedKey | null => s.created;
/** the shown-once value while the panel is open; null before main answered, or when it could not */
export const selectCreatedValue = (s: S): string | null => (s.created?.shown.status === 'ready' ? s.created.shown.value : null);
export const selectApprove = (s: S): ApproveState => s.approve;
export const selectKeyFilter = (s: S): KeyFilter => s.filter;
export const selectRoll = (s: S): RollState | null => s.roll;
/** true when live key `id`'s value is not in the keychain (main's last check) */
export const selectValueMissing =
  (id: string) =>
  (s: S): boolean =>
    s.missing.includes(id);
export const selectRepair =
  (id: string) =>
  (s: S): RepairState | undefined =>
    s.repairs[id];
/** saved keys not sent anywhere now: saved for another address than the profile's */
export const selectHeldBackKeys = (s: S): KeyMeta[] => s.keys.filter((k) => k.heldBack === true && k.state !== 'revoked');
/** the start of a saved key as the server lists it, when that list is loaded and names it */
export const selectListedPrefix =
  (serverKeyId: string | null) =>
  (s: S): string | null => {
    if (!serverKeyId || s.server.status !== 'ready') return null;
    return s.server.keys.find((k) => k.id === serverKeyId)?.prefix ?? null;
  };
/** the last four of a server key, when it is also saved here (created through the app, or the sandbox's admin key) */
export const selectSavedLastFour =
  (serverKeyId: string) =>
  (s: S): string | null =>
    s.keys.find((k) => k.serverKeyId === serverKeyId)?.fingerprint ?? null;
/** the server id of saved key `keyId` (the key a profile uses), when known */
export const selectServerIdOf =
  (keyId: string | null) =>
  (s: S): string | null =>
    keyId ? (s.keys.find((k) => k.id === keyId)?.serverKeyId ?? null) : null;
