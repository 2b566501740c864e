// A setting main owns, in a panel: read when the panel opens, changed through main, which answers
// with the setting as it now stands. A refusal leaves the value shown as it was, beside the error.
import { useCallback, useEffect, useState } from 'react';
import type { ErrorInfo, Result } from '../../lib/api';

export interface MainSetting<V> {
  /** the setting as main last said it stands; null until it answered */
  value: V | null;
  /** a change is on its way to main */
  busy: boolean;
  /** why main refused the last read or change; null after one that succeeded */
  error: ErrorInfo | null;
  /** asks main for a change (`ask` makes the call) and shows its answer */
  change: (ask: () => Promise<Result<V>>) => Promise<void>;
}

/**
 * `read` asks main for the setting; `answered` hears each value main gives (a panel's own fields
 * follow it there, not in an effect). The first render's two serve for the panel's life.
 */
export function useMainSetting<V>(read: () => Promise<Result<V>>, answered?: (value: V) => void): MainSetting<V> {
  const [value, setValue] = useState<V | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [calls] = useState(() => ({ read, answered }));

  const take = useCallback(
    (r: Result<V>): void => {
      if (r.ok) {
        setValue(r.value);
        calls.answered?.(r.value);
      }
      setError(r.ok ? null : r.error);
    },
    [calls],
  );

  useEffect(() => {
    let open = true;
    void calls.read().then((r) => {
      if (open) take(r);
    });
    return () => {
      open = false;
    };
  }, [calls, take]);

  const change = async (ask: () => Promise<Result<V>>): Promise<void> => {
    setBusy(true);
    setError(null);
    const r = await ask();
    setBusy(false);
    take(r);
  };

  return { value, busy, error, change };
}
