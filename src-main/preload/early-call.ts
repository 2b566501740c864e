// The window's first request, made as window.crm is installed (before the page's own files are
// fetched), and handed once to the app's identical call: the answer travels while the page loads.
// Which call it is comes from shared/first-screen.ts, as for the Chromium host's bridge.
import { EARLY_CALL, EARLY_CALL_FRESH_MS, earlyCallKey } from '../shared/first-screen';

export interface EarlyCall {
  /** the early answer, once, for the identical call while fresh; else undefined */
  take(channel: string, payload: unknown): Promise<unknown> | undefined;
}

export function makeEarlyCall(
  invoke: (channel: typeof EARLY_CALL.channel, payload: unknown) => Promise<unknown>,
  now = Date.now,
): EarlyCall {
  const made = invoke(EARLY_CALL.channel, EARLY_CALL.payload);
  // an answer never taken (the window opened elsewhere, or reloaded) must not surface as an unhandled rejection
  made.catch(() => undefined);
  let held: { made: Promise<unknown>; at: number } | null = { made, at: now() };
  const key = earlyCallKey(EARLY_CALL.channel, EARLY_CALL.payload);
  return {
    take(channel, payload) {
      if (held === null || earlyCallKey(channel, payload) !== key) return undefined;
      const taken = held;
      held = null;
      return now() - taken.at <= EARLY_CALL_FRESH_MS ? taken.made : undefined;
    },
  };
}
