// A screen's list as its store loads it: asked of main when the screen shows, and in place of
// rows, main's error when it could not be loaded or the screen's empty text when it has none.
import { useEffect } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { ErrorInfo } from '../lib/api';
import { ErrorMessage } from './messages';

export interface LoadedList {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: ErrorInfo | null;
  load: () => Promise<void>;
}

export function LoadedListState<S extends LoadedList>({
  store,
  count,
  failed,
  empty,
}: {
  store: UseBoundStore<StoreApi<S>>;
  /** the rows the list has */
  count: number;
  /** what the error says could not be done, before main's reason */
  failed: string;
  empty: string;
}) {
  const status = store((s) => s.status);
  const error = store((s) => s.error);
  const load = store((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <>
      {status === 'error' && error && <ErrorMessage error={error} prefix={failed} />}
      {status === 'ready' && count === 0 && <p className="empty">{empty}</p>}
    </>
  );
}
