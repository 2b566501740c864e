// The renderer's only door to main: the typed `window.crm` exposed by the preload.
// No network calls here or anywhere in the renderer (CSP: connect-src 'none').
import { EARLY_CALL, EARLY_CALL_FRESH_MS, earlyCallKey } from '../../src-main/shared/first-screen';
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
 * Calls made before the app's bundle ran, each handed once to the app's identical call, and only
 * while fresh: an answer asked for at start must not stand in for the same call made later, for
 * another profile (main answers for whichever profile is active). The first is the one window.crm
 * made as it was installed (shared/first-screen.ts: EARLY_CALL), adopted here once; where a
 * bridge made none, the window's early script makes it (early-first-page.ts: invokeEarly).
 */
const early = new Map<string, { made: Promise<Result<unknown>>; at: number }>();
/** whether window.crm's own early call was adopted (or dropped) already: it is asked for once */
let bridgeCallAdopted = false;

export { EARLY_CALL_FRESH_MS };

function adoptBridgeCall(): void {
  if (bridgeCallAdopted) return;
  bridgeCallAdopted = true;
  const { channel, payload } = EARLY_CALL;
  const api = bridge();
  // a bridge without it (an older host, a test's fake) leaves the early script to make the call
  const made = typeof api?.takeEarly === 'function' ? api.takeEarly(channel, { ...payload }) : undefined;
  if (made === undefined) return;
  const answered = settled(channel, made).then((result) =>
    // refused as not from the app's page (a bridge that saw the call before the page's commit):
    // that payload cannot fail validation otherwise, so the app asks again instead of showing it
    !result.ok && result.error.code === 'validation' ? call(channel, { ...payload }) : result,
  );
  early.set(earlyCallKey(channel, payload), { made: answered, at: Date.now() });
}

/**
 * Makes a call now, for the app to take when it asks for the very same thing: the answer then
 * travels while the rest of the window's script loads and runs. A call window.crm already made is
 * not made again.
 */
export function invokeEarly<C extends InvokeChannel>(channel: C, payload: InvokePayload<C>): void {
  adoptBridgeCall();
  const key = earlyCallKey(channel, payload);
  if (!early.has(key)) early.set(key, { made: invoke(channel, payload), at: Date.now() });
}

/** Forgets the early calls not taken yet: the profile they were made for is no longer the one shown. */
export function dropEarlyCalls(): void {
  // window.crm's own one too, should it not have been adopted yet
  bridgeCallAdopted = true;
  early.clear();
}

/** Calls one invoke channel. Never throws: a broken bridge becomes an `internal` error. */
export async function invoke<C extends InvokeChannel>(channel: C, payload: InvokePayload<C>): Promise<Result<InvokeValue<C>>> {
  adoptBridgeCall();
  if (early.size > 0) {
    const key = earlyCallKey(channel, payload);
    const taken = early.get(key);
    early.delete(key);
    if (taken !== undefined && Date.now() - taken.at <= EARLY_CALL_FRESH_MS) return taken.made as Promise<Result<InvokeValue<C>>>;
  }
  return call(channel, payload);
}

/** Calls main through window.crm, past the early calls. */
function call<C extends InvokeChannel>(channel: C, payload: InvokePayload<C>): Promise<Result<InvokeValue<C>>> {
  const api = bridge();
  if (!api) return Promise.resolve({ ok: false, error: NO_BRIDGE });
  try {
    const fn = api[channel] as unknown as Invoker<C>;
    return settled(channel, fn.call(api, payload));
  } catch (err) {
    return Promise.resolve(failed(channel, err));
  }
}

/** A bridge's answer, its failure (a broken bridge) an `internal` error instead of a rejection. */
function settled<T>(channel: InvokeChannel, answer: Promise<Result<T>>): Promise<Result<T>> {
  return Promise.resolve(answer).catch((err: unknown) => failed(channel, err));
}

function failed(channel: InvokeChannel, err: unknown): Result<never> {
  return { ok: false, error: { code: 'internal', message: `The call ${channel} failed: ${errorText(err)}` } };
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
