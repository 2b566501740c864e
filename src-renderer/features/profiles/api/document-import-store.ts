// "Import an API document": main loads a document (from a file its own dialog picks, or a URL)
// and answers its operations under a handle; the person picks one per console operation (or
// says the document lacks it, or that the service has no such listing), fills what the document
// leaves open, and Read proposes each into that operation's draft in the API store, where it is
// reviewed and saved like a read cURL. The document itself never comes to the window.
import { create } from 'zustand';
import type { ApiDocumentCandidate, ApiDocumentView, DescribedOperation, ErrorInfo } from '../../../lib/api';
import { invoke } from '../../../lib/api';
import { useApiStore } from './api-store';

/**
 * A choice: a candidate's id, NOT_IN_DOCUMENT, or NO_SUCH_LISTING (the service has none at all).
 * Candidate ids start with a method or a folder name, never with a space.
 */
export const NOT_IN_DOCUMENT = '';
export const NO_SUCH_LISTING = ' no-such-listing';

export type ImportStatus = 'idle' | 'loading' | 'ready' | 'reading';

/** What Read did for one operation: proposed (review it in its editor), marked absent, or why not. */
export interface ReadResult {
  operation: DescribedOperation;
  outcome: 'proposed' | 'absent' | 'failed';
  /** why nothing was read (or the absence not recorded) */
  error?: ErrorInfo;
}

interface DocumentImportStore {
  profileId: string | null;
  status: ImportStatus;
  url: string;
  document: ApiDocumentView | null;
  error: ErrorInfo | null;
  choices: Partial<Record<DescribedOperation, string>>;
  vars: Record<string, string>;
  user: string;
  /** the document's named example chosen per operation (absent: the one that fits) */
  examples: Partial<Record<DescribedOperation, string>>;
  results: ReadResult[];
  /** another profile starts afresh; the same one keeps what was loaded */
  open: (profileId: string) => void;
  setUrl: (url: string) => void;
  load: (from: 'file' | 'url') => Promise<void>;
  choose: (operation: DescribedOperation, choice: string) => void;
  setVar: (name: string, value: string) => void;
  setUser: (user: string) => void;
  setExample: (operation: DescribedOperation, example: string) => void;
  /** proposes every chosen operation; answers the first one proposed (its editor takes focus), or null */
  read: () => Promise<DescribedOperation | null>;
}

const INITIAL = {
  profileId: null,
  status: 'idle' as ImportStatus,
  url: '',
  document: null,
  error: null,
  choices: {},
  vars: {},
  user: '',
  examples: {},
  results: [],
};

export const useDocumentImportStore = create<DocumentImportStore>()((set, get) => ({
  ...INITIAL,

  open: (profileId) => {
    if (get().profileId !== profileId) set({ ...INITIAL, profileId });
  },

  setUrl: (url) => set({ url }),

  load: async (from) => {
    const { profileId, url } = get();
    if (profileId === null || (from === 'url' && url.trim() === '')) return;
    set({ status: 'loading', error: null });
    const r = await invoke('api:spec-load', { profileId, source: from === 'file' ? { kind: 'file' } : { kind: 'url', url: url.trim() } });
    if (get().profileId !== profileId) return;
    if (!r.ok) return set({ status: get().document === null ? 'idle' : 'ready', error: r.error });
    // cancelled dialog: what was loaded before stays
    if (r.value === null) return set({ status: get().document === null ? 'idle' : 'ready' });
    set({ status: 'ready', document: r.value, choices: {}, vars: {}, user: '', examples: {}, results: [] });
  },

  // another candidate has other examples: the choice of one goes with the candidate
  choose: (operation, choice) =>
    set((s) => ({ choices: { ...s.choices, [operation]: choice }, examples: { ...s.examples, [operation]: '' } })),
  setExample: (operation, example) => set((s) => ({ examples: { ...s.examples, [operation]: example } })),
  setVar: (name, value) => set((s) => ({ vars: { ...s.vars, [name]: value } })),
  setUser: (user) => set({ user }),

  read: async () => {
    const { profileId, document, choices } = get();
    if (profileId === null || document === null) return null;
    const api = useApiStore.getState();
    const operations = (api.described?.operations ?? [])
      .map((o) => o.operation)
      .filter((op) => (choices[op] ?? NOT_IN_DOCUMENT) !== NOT_IN_DOCUMENT);
    if (operations.length === 0) return null;
    set({ status: 'reading', error: null, results: [] });
    const results: ReadResult[] = [];
    for (const operation of operations) {
      const choice = choices[operation]!;
      if (choice === NO_SUCH_LISTING) {
        results.push((await useApiStore.getState().markAbsent(operation, true)) ? { operation, outcome: 'absent' } : failed(operation));
        continue;
      }
      const example = get().examples[operation] ?? '';
      const vars = givenVars(get(), candidate(document, choice));
      const origin = { kind: 'document' as const, handle: document.handle, candidateId: choice, vars, user: get().user.trim(), example };
      results.push((await useApiStore.getState().readDocument(operation, origin)) ? { operation, outcome: 'proposed' } : failed(operation));
    }
    if (get().profileId !== profileId) return null;
    set({ status: 'ready', results });
    return (results.find((r) => r.outcome === 'proposed') ?? results[0]!).operation;
  },
}));

/** A failed step, with the error its draft in the API store now shows. */
function failed(operation: DescribedOperation): ReadResult {
  const draft = useApiStore.getState().drafts[operation];
  const error = draft?.read.status === 'error' ? draft.read.error : draft?.save.status === 'error' ? draft.save.error : undefined;
  return { operation, outcome: 'failed', ...(error ? { error } : {}) };
}

function candidate(document: ApiDocumentView, id: string): ApiDocumentCandidate | undefined {
  return document.candidates.find((c) => c.id === id);
}

/** The values the person typed for what the candidate leaves open (an empty field is not sent). */
function givenVars(s: Pick<DocumentImportStore, 'vars'>, c: ApiDocumentCandidate | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of c?.open.vars ?? []) {
    const value = s.vars[name]?.trim() ?? '';
    if (value !== '') out[name] = value;
  }
  return out;
}

/** The candidates chosen now, each once. */
export function chosenCandidates(document: ApiDocumentView | null, choices: DocumentImportStore['choices']): ApiDocumentCandidate[] {
  if (document === null) return [];
  const ids = [
    ...new Set(Object.values(choices).filter((c): c is string => c !== undefined && c !== NOT_IN_DOCUMENT && c !== NO_SUCH_LISTING)),
  ];
  return ids.map((id) => candidate(document, id)).filter((c): c is ApiDocumentCandidate => c !== undefined);
}
/** The values the chosen candidates leave open: a field for each variable, and for the user name. */
export function openFields(chosen: readonly ApiDocumentCandidate[]): { vars: string[]; user: boolean } {
  return { vars: [...new Set(chosen.flatMap((c) => c.open.vars))], user: chosen.some((c) => c.open.user) };
}
