// The renderer's only door to main: the typed `window.crm` exposed by the preload.
// No network calls here or anywhere in the renderer (CSP: connect-src 'none').
import type { CrmApi, ErrorInfo, EventChannel, EventMap, InvokeChannel, InvokePayload, InvokeValue, Result, Unsubscribe } from './contract';

declare global {
  interface Window {
    crm: CrmApi;
  }
}

export type * from './contract';

type Invoker<C extends InvokeChannel> = (payload: InvokePayload<C>) => Promise<Result<InvokeValue<C>>>;

function bridge(): CrmApi | undefined {
  return typeof window === 'undefined' ? undefined : (window.crm as CrmApi | undefined);
}

const NO_BRIDGE: ErrorInfo = {
  code: 'internal',
  message: 'This window cannot reach the app (window.crm is missing): restart the app.',
};

/**
 * Calls made before the app's bundle ran (early-first-page.ts), each handed once to the app's
 * identical call, and only while fresh: an answer asked for at start must not stand in for the
 * same call made later, for another profile (main answers for whichever profile is active).
 */
const early = new Map<string, { made: Promise<Result<unknown>>; at: number }>();
/** how long an early call may stand in for the app's own (main keeps its first page as long) */
export const EARLY_CALL_FRESH_MS = 10_000;

const callKey = (channel: InvokeChannel, payload: unknown): string => `${channel} ${JSON.stringify(payload)}`;

/**
 * Makes a call now, for the app to take when it asks for the very same thing: the answer then
 * travels while the rest of the window's script loads and runs.
 */
export function invokeEarly<C extends InvokeChannel>(channel: C, payload: InvokePayload<C>): void {
  early.set(callKey(channel, payload), { made: invoke(channel, payload), at: Date.now() });
}

/** Forgets the early calls not taken yet: the profile they were made for is no longer the one shown. */
export function dropEarlyCalls(): void {
  early.clear();
}

/** Calls one invoke channel. Never throws: a broken bridge becomes an `internal` error. */
export async function invoke<C extends InvokeChannel>(channel: C, payload: InvokePayload<C>): Promise<Result<InvokeValue<C>>> {
  if (early.size > 0) {
    const key = callKey(channel, payload);
    const taken = early.get(key);
    early.delete(key);
    if (taken !== undefined && Date.now() - taken.at <= EARLY_CALL_FRESH_MS) return taken.made as Promise<Result<InvokeValue<C>>>;
  }
  const api = bridge();
  if (!api) return { ok: false, error: NO_BRIDGE };
  try {
    const fn = api[channel] as unknown as Invoker<C>;
    return await fn.call(api, payload);
  } catch (err) {
    return { ok: false, error: { code: 'internal', message: `The call ${channel} failed: ${errorText(err)}` } };
  }
}

/** Subscribes to a main -> renderer event; returns the unsubscribe function. */
export function onEvent<E extends EventChannel>(event: E, listener: (data: EventMap[E]) => void): Unsubscribe {
  const api = bridge();
  if (!api) return () => undefined;
  return api.on(event, listener);
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : 'unknown error';
}

/** "<sentence> (HTTP 403)" unless the sentence already names the status. */
function withStatus(error: ErrorInfo): string {
  const sentence = error.message.replace(/\.?$/, '.');
  return error.status === undefined || sentence.includes(String(error.status))
    ? sentence
    : `${sentence.slice(0, -1)} (HTTP ${error.status}).`;
}

/**
 * One human sentence for an error. Main words each error itself (what failed, where, what to do),
 * so its sentence is shown as written; only a few codes get a frame around it, or, for a 429,
 * a sentence without the wait (the countdown next to it shows that).
 */
export function describeError(error: ErrorInfo): string {
  switch (error.code) {
    case 'bad_request':
      // the field details follow as a list (ErrorMessage): said once, not again in the sentence
      if (error.details && error.details.length > 0) return 'The server rejected the request (400):';
      return `The server rejected the request (400): ${error.message.replace(/^The server rejected the request:?\s*/i, '')}`;
    case 'idempotency_mismatch':
      return `The server refused a repeated request with a different body (400): ${error.message}`;
    // main's sentence already says what the status means and what the service said (its
    // reason, scrubbed and bounded), which host could not be reached and why, or which key is
    // missing and how to fix it: shown as written, never rebuilt here
    case 'unauthorized':
    case 'forbidden':
    case 'not_found':
    case 'server_error':
    case 'http_status':
    case 'network':
    case 'timeout':
    case 'cancelled':
    case 'no_key':
      return withStatus(error);
    case 'rate_limited':
      // the wait itself is shown as a live countdown next to the message, never as a stale number
      return 'Rate limited (429): too many requests.';
    case 'bad_response':
      return `The server’s answer was not understood: ${error.message}`;
    case 'offline':
      return 'You are offline.';
    case 'key_revoked':
      // main knows which key and why (revoked here, or while the request was in flight)
      return error.message || 'The key was revoked: make another key active under Keys.';
    default:
      return error.message;
  }
}
