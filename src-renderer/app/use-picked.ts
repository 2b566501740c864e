import type { StoreApi, UseBoundStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

/** The named fields of one state, copied into a fresh object: what the component reads, and nothing else. */
function pickFields<State extends object, Key extends keyof State>(state: State, keys: readonly Key[]): Pick<State, Key> {
  const picked = {} as Pick<State, Key>;
  for (const key of keys) picked[key] = state[key];
  return picked;
}

/**
 * Reads several plain fields of one zustand store in one subscription: `usePicked(useInboxStore, 'pages', 'open')` is
 * `{ pages, open }`. The pick is compared field by field (useShallow), so the component re-renders exactly when one of
 * the named fields changes by Object.is, as it would with one selector per field, and never for a field it did not name.
 */
export function usePicked<State extends object, Key extends keyof State>(
  useStore: UseBoundStore<StoreApi<State>>,
  ...keys: Key[]
): Pick<State, Key> {
  return useStore(useShallow((state: State) => pickFields(state, keys)));
}
