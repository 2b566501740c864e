import { useEffect, useState } from 'react';
import { selectStarting, useAppStore } from './app-store';

/** a start-up quicker than this shows nothing, so a normal launch does not flash a banner */
export const STARTING_NOTICE_AFTER_MS = 400;

/**
 * The window opens before main has built the app behind it (the keychain, the database, the
 * built-in sandbox: seconds on a first run or a slow keychain). Until main answers, the screens
 * wait and the header has nothing to show, so this says the app is starting rather than leave
 * "none" and empty lists looking like the answer.
 */
export function StartingNotice() {
  const starting = useAppStore(selectStarting);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!starting) return;
    const timer = setTimeout(() => setShown(true), STARTING_NOTICE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [starting]);
  if (!starting || !shown) return null;
  return (
    <section className="banner banner-info" role="status" aria-label="Starting" data-testid="app-starting">
      <p>Starting CRM Console: opening the keychain, the database and the built-in sandbox…</p>
    </section>
  );
}
