// One signal following another for as long as a call lasts. AbortSignal.any would do it, but it
// builds a composite signal per call (weak references and a finalizer the garbage collector
// visits): about 20 us of CPU each, measured beside 0.6 us for a listener added and removed
// (docs/performance.md, "What costs what"), and a request asked it once or twice per attempt.

/** What follows: an AbortController, or an attempt's deadline (attempt-deadlines.ts). */
export interface Abortable {
  abort(reason?: unknown): void;
}

/**
 * Aborts `controller` with `outer`'s reason when `outer` aborts (at once when it already has);
 * the returned call stops following, so a finished call leaves no listener on a long-lived signal.
 */
export function followAbort(outer: AbortSignal | undefined, controller: Abortable): () => void {
  if (outer === undefined) return () => undefined;
  if (outer.aborted) {
    controller.abort(outer.reason);
    return () => undefined;
  }
  const follow = (): void => controller.abort(outer.reason);
  outer.addEventListener('abort', follow, { once: true });
  return () => outer.removeEventListener('abort', follow);
}
