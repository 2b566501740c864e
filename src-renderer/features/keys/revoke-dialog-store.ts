// The revoke dialog's one pending question, kept like the app's confirmation (ui/question-store):
// opening it returns a promise the person's answer settles (null: cancelled by Escape, the
// backdrop or Cancel); a second question cancels the first.
import { createQuestionStore } from '../../ui/question-store';
import type { RevokeChoice, RevokePlan } from './revoke-plan';

const revokeQuestion = createQuestionStore<RevokePlan, RevokeChoice | null>(null);

export const useRevokeDialogStore = revokeQuestion.useStore;

/** Opens the revoke dialog for `plan`; resolves with the person's choice, or null when cancelled. */
export const requestRevoke = (plan: RevokePlan): Promise<RevokeChoice | null> => revokeQuestion.ask(plan);

export const selectRevokeQuestion = (s: ReturnType<typeof useRevokeDialogStore.getState>) => s.current;
