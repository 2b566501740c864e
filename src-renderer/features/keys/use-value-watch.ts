// While the Keys screen is open, main is asked about once a second which live keys' values left
// the keychain (deleted in the OS keychain app, another data folder's clean-up): the row says
// "value missing" within a second instead of the key failing at its next use. Only while the
// screen is open: the keychain is listed once per check, and not at all when nobody looks.
import { useEffect } from 'react';
import { useKeysStore } from './keys-store';

export const VALUE_WATCH_MS = 1000;

export function useValueWatch(profileId: string | null): void {
  const check = useKeysStore((s) => s.checkMissing);
  useEffect(() => {
    if (!profileId) return;
    void check();
    const timer = setInterval(() => void check(), VALUE_WATCH_MS);
    return () => clearInterval(timer);
  }, [profileId, check]);
}
