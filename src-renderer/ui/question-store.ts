// One pending question to the person at a time, shown by a dialog that reads `current` and calls
// `answer`: asking returns a promise the answer settles, and a second question answers the first
// with `unanswered` (the app's confirmation and the revoke dialog are both kept this way).
import { create } from 'zustand';

export interface QuestionState<Q, A> {
  current: (Q & { id: number }) | null;
  nextId: number;
  answer: (answer: A) => void;
}

export function createQuestionStore<Q extends object, A>(unanswered: A) {
  let pending: ((answer: A) => void) | null = null;
  const useStore = create<QuestionState<Q, A>>()((set) => ({
    current: null,
    nextId: 1,
    answer: (answer) => {
      const resolve = pending;
      pending = null;
      set({ current: null });
      resolve?.(answer);
    },
  }));
  const ask = (question: Q): Promise<A> => {
    if (pending) useStore.getState().answer(unanswered);
    const id = useStore.getState().nextId;
    useStore.setState({ current: { ...question, id }, nextId: id + 1 });
    return new Promise<A>((resolve) => {
      pending = resolve;
    });
  };
  return { useStore, ask };
}
