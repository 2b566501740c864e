// The API mapping editor of one profile: what each operation does now (api:describe), and per
// operation the pasted cURL, what main proposes from it, the person's corrections, a preview
// of the request and the save/reset outcome. Nothing here is saved until `save`; main owns the
// description itself (api:save emits profiles:changed, which the profiles store applies).
import { create } from 'zustand';
import type { ApiPreview, ApiProposal, DescribedApi, DescribedOperation, ErrorInfo, Role } from '../../../lib/api';
import { invoke } from '../../../lib/api';
import { fixesFrom, guessesOf, withChoice } from './fixes';
import { askProposal, type ProposalOrigin } from './proposal-origin';

export type ReadState = { status: 'idle' } | { status: 'reading' } | { status: 'error'; error: ErrorInfo };

export interface PreviewState {
  loading: boolean;
  value: ApiPreview | null;
  error: ErrorInfo | null;
}

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' | 'resetting' }
  | { status: 'saved' | 'reset' | 'absent' | 'offered' }
  | { status: 'error'; action: 'save' | 'reset'; error: ErrorInfo };

export interface OperationDraft {
  /** what the textarea shows */
  curl: string;
  /** what the proposal was read from (a cURL, a document's candidate): a role change re-reads this, not later edits of the box */
  origin: ProposalOrigin | null;
  read: ReadState;
  proposal: ApiProposal | null;
  /** each row's role as main guessed it from the cURL alone, by row key */
  guesses: Record<string, Role | null>;
  /** the rows the person changed, by row key (null = keep as given) */
  choices: Record<string, Role | null>;
  preview: PreviewState;
  save: SaveState;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface ApiStore {
  profileId: string | null;
  status: Status;
  described: DescribedApi | null;
  error: ErrorInfo | null;
  selected: DescribedOperation;
  drafts: Partial<Record<DescribedOperation, OperationDraft>>;
  /** loads (or re-reads) a profile's operations; another profile starts with empty drafts */
  open: (profileId: string) => Promise<void>;
  select: (operation: DescribedOperation) => void;
  setCurl: (operation: DescribedOperation, curl: string) => void;
  readCurl: (operation: DescribedOperation) => Promise<void>;
  /** reads the operation from a candidate of a document main holds; false when nothing was proposed (the draft says why) */
  readDocument: (operation: DescribedOperation, origin: Extract<ProposalOrigin, { kind: 'document' }>) => Promise<boolean>;
  /** a role picked in the mapping table (null: keep the example's value); main proposes again */
  chooseRole: (operation: DescribedOperation, key: string, role: Role | null) => Promise<void>;
  refreshPreview: (operation: DescribedOperation) => Promise<void>;
  save: (operation: DescribedOperation) => Promise<boolean>;
  reset: (operation: DescribedOperation) => Promise<boolean>;
  /** records that the service does not offer the operation (or that it does after all) */
  markAbsent: (operation: DescribedOperation, absent: boolean) => Promise<boolean>;
}

const EMPTY_DRAFT: OperationDraft = {
  curl: '',
  origin: null,
  read: { status: 'idle' },
  proposal: null,
  guesses: {},
  choices: {},
  preview: { loading: false, value: null, error: null },
  save: { status: 'idle' },
};

/** Answers that arrive after a newer request for the same operation are dropped. */
const latest: { read: Partial<Record<DescribedOperation, number>>; preview: Partial<Record<DescribedOperation, number>> } = {
  read: {},
  preview: {},
};
let seq = 0;

export const useApiStore = create<ApiStore>()((set, get) => {
  const draft = (operation: DescribedOperation): OperationDraft => get().drafts[operation] ?? EMPTY_DRAFT;
  const patch = (operation: DescribedOperation, change: Partial<OperationDraft>): void =>
    set((s) => ({ drafts: { ...s.drafts, [operation]: { ...(s.drafts[operation] ?? EMPTY_DRAFT), ...change } } }));

  const describe = async (profileId: string): Promise<void> => {
    const r = await invoke('api:describe', { profileId });
    if (get().profileId !== profileId) return;
    if (r.ok) set({ status: 'ready', described: r.value, error: null });
    else set({ status: 'error', error: r.error });
  };

  /** Asks main for a proposal from `origin` with the person's choices; the guesses stay those of the first read. */
  const propose = async (
    operation: DescribedOperation,
    origin: ProposalOrigin,
    choices: Record<string, Role | null>,
    first: boolean,
  ): Promise<boolean> => {
    const profileId = get().profileId;
    if (profileId === null) return false;
    const mine = ++seq;
    latest.read[operation] = mine;
    patch(operation, { read: { status: 'reading' }, save: { status: 'idle' }, ...(first ? { origin } : {}) });
    const r = await askProposal(profileId, operation, origin, fixesFrom(choices));
    if (latest.read[operation] !== mine || get().profileId !== profileId) return false;
    if (!r.ok) {
      patch(operation, { read: { status: 'error', error: r.error }, ...(first ? { proposal: null, guesses: {}, choices: {} } : {}) });
      if (first) void get().refreshPreview(operation);
      return false;
    }
    patch(operation, {
      read: { status: 'idle' },
      proposal: r.value,
      origin,
      choices,
      ...(first ? { guesses: guessesOf(r.value.rows) } : {}),
    });
    void get().refreshPreview(operation);
    return true;
  };

  return {
    profileId: null,
    status: 'idle',
    described: null,
    error: null,
    selected: 'contacts.list',
    drafts: {},

    open: async (profileId) => {
      if (get().profileId !== profileId)
        set({ profileId, status: 'loading', described: null, error: null, drafts: {}, selected: 'contacts.list' });
      await describe(profileId);
      // the base URL may have changed: the preview shows the URL the request would go to
      if (get().status === 'ready') void get().refreshPreview(get().selected);
    },

    select: (operation) => {
      set({ selected: operation });
      if (!draft(operation).preview.value) void get().refreshPreview(operation);
    },

    setCurl: (operation, curl) => patch(operation, { curl }),

    readCurl: async (operation) => {
      const curl = draft(operation).curl.trim();
      if (curl === '') return;
      await propose(operation, { kind: 'curl', curl }, {}, true);
    },

    readDocument: (operation, origin) => propose(operation, origin, {}, true),

    chooseRole: async (operation, key, role) => {
      const d = draft(operation);
      if (d.origin === null || d.proposal === null) return;
      const choices = withChoice(d.choices, d.guesses, key, role);
      patch(operation, { choices });
      await propose(operation, d.origin, choices, false);
    },

    refreshPreview: async (operation) => {
      const profileId = get().profileId;
      if (profileId === null) return;
      const mine = ++seq;
      latest.preview[operation] = mine;
      const spec = draft(operation).proposal?.spec ?? null;
      patch(operation, { preview: { ...draft(operation).preview, loading: true } });
      const r = await invoke('api:preview', { profileId, operation, spec });
      if (latest.preview[operation] !== mine || get().profileId !== profileId) return;
      patch(operation, {
        preview: r.ok ? { loading: false, value: r.value, error: null } : { loading: false, value: null, error: r.error },
      });
    },

    save: async (operation) => {
      const { profileId } = get();
      const proposal = draft(operation).proposal;
      if (profileId === null || proposal === null) return false;
      patch(operation, { save: { status: 'saving' } });
      const r = await invoke('api:save', { profileId, operation, spec: proposal.spec });
      if (get().profileId !== profileId) return false;
      if (!r.ok) {
        patch(operation, { save: { status: 'error', action: 'save', error: r.error } });
        return false;
      }
      patch(operation, { save: { status: 'saved' } });
      await describe(profileId);
      return true;
    },

    reset: async (operation) => {
      const { profileId } = get();
      if (profileId === null) return false;
      patch(operation, { save: { status: 'resetting' } });
      const r = await invoke('api:reset', { profileId, operation });
      if (get().profileId !== profileId) return false;
      if (!r.ok) {
        patch(operation, { save: { status: 'error', action: 'reset', error: r.error } });
        return false;
      }
      // the proposal is dropped with what it described; the pasted text stays for another try
      patch(operation, { proposal: null, origin: null, guesses: {}, choices: {}, read: { status: 'idle' }, save: { status: 'reset' } });
      await describe(profileId);
      void get().refreshPreview(operation);
      return true;
    },

    markAbsent: async (operation, absent) => {
      const { profileId } = get();
      if (profileId === null) return false;
      patch(operation, { save: { status: 'saving' } });
      const r = await invoke('api:mark-absent', { profileId, operation, absent });
      if (get().profileId !== profileId) return false;
      if (!r.ok) {
        patch(operation, { save: { status: 'error', action: 'save', error: r.error } });
        return false;
      }
      patch(operation, {
        proposal: null,
        origin: null,
        guesses: {},
        choices: {},
        read: { status: 'idle' },
        save: { status: absent ? 'absent' : 'offered' },
      });
      await describe(profileId);
      return true;
    },
  };
});

type S = ApiStore;
export const selectDescribed = (s: S): DescribedApi | null => s.described;
export const selectSelected = (s: S): DescribedOperation => s.selected;
export const selectDraft =
  (operation: DescribedOperation) =>
  (s: S): OperationDraft =>
    s.drafts[operation] ?? EMPTY_DRAFT;
/** The operation as it is now (saved or docs/API.md's), or null before api:describe answered. */
export const selectDescribedOperation =
  (operation: DescribedOperation) =>
  (s: S): DescribedApi['operations'][number] | null =>
    s.described?.operations.find((o) => o.operation === operation) ?? null;
/** The role a row shows: the person's choice while main proposes again, else main's answer. */
export function shownRole(d: OperationDraft, key: string, proposed: Role | null): Role | null {
  return key in d.choices ? (d.choices[key] ?? null) : proposed;
}
/**
 * Save takes the proposal only when it is main's answer to the table as it is, and never a file's
 * own address read as Download media (its offer lets the key go there for files instead).
 */
export function canSave(d: OperationDraft): boolean {
  return (
    d.proposal !== null &&
    d.proposal.fileOrigin === undefined &&
    d.read.status === 'idle' &&
    d.save.status !== 'saving' &&
    d.save.status !== 'resetting'
  );
}
