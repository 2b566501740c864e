import { create } from 'zustand';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
}

interface ConfirmStore {
  current: (ConfirmRequest & { id: number }) | null;
  nextId: number;
  answer: (ok: boolean) => void;
}

let pending: ((ok: boolean) => void) | null = null;

export const useConfirmStore = create<ConfirmStore>()((set) => ({
  current: null,
  nextId: 1,
  answer: (ok) => {
    const resolve = pending;
    pending = null;
    set({ current: null });
    resolve?.(ok);
  },
}));

/** Opens the app's confirmation dialog; resolves true only when the confirm button is used. */
export function requestConfirm(request: ConfirmRequest): Promise<boolean> {
  const store = useConfirmStore.getState();
  if (pending) store.answer(false);
  const id = useConfirmStore.getState().nextId;
  useConfirmStore.setState({ current: { ...request, id }, nextId: id + 1 });
  return new Promise<boolean>((resolve) => {
    pending = resolve;
  });
}

export const selectConfirm = (s: ConfirmStore) => s.current;
