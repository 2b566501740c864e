// The revoke dialog's one pending question, kept like the app's confirmation (ui/confirm-store):
// opening it returns a promise the person's answer settles; a second question cancels the first.
import { create } from 'zustand';
import type { RevokeChoice, RevokePlan } from './revoke-plan';

interface RevokeDialogStore {
  current: (RevokePlan & { id: number }) | null;
  nextId: number;
  /** null: cancelled (Escape, the backdrop, Cancel) */
  answer: (choice: RevokeChoice | null) => void;
}

let pending: ((choice: RevokeChoice | null) => void) | null = null;

export const useRevokeDialogStore = create<RevokeDialogStore>()((set) => ({
  current: null,
  nextId: 1,
  answer: (choice) => {
    const resolve = pending;
    pending = null;
    set({ current: null });
    resolve?.(choice);
  },
}));

/** Opens the revoke dialog for `plan`; resolves with the person's choice, or null when cancelled. */
export function requestRevoke(plan: RevokePlan): Promise<RevokeChoice | null> {
  if (pending) useRevokeDialogStore.getState().answer(null);
  const id = useRevokeDialogStore.getState().nextId;
  useRevokeDialogStore.setState({ current: { ...plan, id }, nextId: id + 1 });
  return new Promise((resolve) => {
    pending = resolve;
  });
}

export const selectRevokeQuestion = (s: RevokeDialogStore) => s.current;
