import type { Unsubscribe } from './contract';

/** Many subscriptions undone as one (a feature's events, the app's wiring). */
export function combineUnsubscribes(parts: readonly Unsubscribe[]): Unsubscribe {
  return () => {
    for (const part of parts) part();
  };
}
