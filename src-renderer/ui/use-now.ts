import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs`: relative times ("2 min ago") stay true while a screen stays open. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
