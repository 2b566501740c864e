import { createQuestionStore } from './question-store';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
}

const confirmQuestion = createQuestionStore<ConfirmRequest, boolean>(false);

export const useConfirmStore = confirmQuestion.useStore;

/** Opens the app's confirmation dialog; resolves true only when the confirm button is used. */
export const requestConfirm = (request: ConfirmRequest): Promise<boolean> => confirmQuestion.ask(request);

export const selectConfirm = (s: ReturnType<typeof useConfirmStore.getState>) => s.current;
