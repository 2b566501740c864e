// Is an API there at all? A GET of its base URL with no key, on a connection of its own (a
// pooled keep-alive socket to a server that went away says nothing about now). Any answer counts,
// whatever its status (401, 404): all the outbox asks is whether requests arrive again.
import { dispatcherFor, environmentRoute, type NetworkRoute } from './network/dispatcher-cache';
import type { Dispatcher } from 'undici';
import { requestUrl } from './undici';

const PROBE_TIMEOUT_MS = 5_000;

/** true when anything answered; false for no answer (refused, reset, DNS, timeout, aborted) */
export async function probeBaseUrl(
  baseUrl: string,
  signal: AbortSignal,
  timeoutMs = PROBE_TIMEOUT_MS,
  route: NetworkRoute = environmentRoute(),
): Promise<boolean> {
  // the same way out as the requests themselves (a proxy-only network must not look offline)
  let dispatcher: Dispatcher;
  try {
    dispatcher = await dispatcherFor(new URL(baseUrl).origin, route, {
      connectTimeoutMs: timeoutMs,
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs,
    });
  } catch {
    // no usable way out (the OS names a proxy the app cannot use): nothing can answer
    return false;
  }
  try {
    const res = await requestUrl(dispatcher, baseUrl, { method: 'GET', reset: true, signal });
    await res.body.dump();
    return true;
  } catch {
    return false;
  } finally {
    void dispatcher.destroy().catch(() => undefined);
  }
}
