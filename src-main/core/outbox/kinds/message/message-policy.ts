// What a failed message send means for the message: pure functions, no I/O. Unlike the other
// kinds, a message waits out any outage (its Idempotency-Key makes every resend harmless).
import { CrmError, toErrorInfo } from '../../../errors';
import type { ErrorInfo } from '../../../model';
import type { Backoff, Outcome, Streaks } from '../../policy';
import { backoffMs, failedSaying, isTransport, rateLimited } from '../../policy';

/**
 * The outcome of a failed message send. `streaks` counts the failures in a row before this one.
 * A message is failed (set aside for the person) only on a definite answer from the service (a
 * 4xx other than 408/425/429; a 2xx that says it failed is decided by the caller) or a local
 * problem no resend can fix (no usable key, the staged file gone, the request cannot be built).
 * Everything else (no answer, a reset, a timeout, a 5xx, a 408/425) is an outage: the message
 * waits with the same Idempotency-Key, its back-off growing, however long the outage lasts.
 */
export function messageOutcome(err: unknown, streaks: Streaks, bounds: Backoff, random: () => number): Outcome {
  const info = toErrorInfo(err);
  if (isTransport(info)) return waitForNetwork(err, streaks, bounds, random);
  if (info.code === 'cancelled') return { kind: 'pending', reason: 'queued', error: info, delayMs: backoffMs(1, bounds, random) };
  if (info.code === 'rate_limited' || info.status === 429) return rateLimited(info, bounds, random);
  if (info.code === 'no_key' || info.code === 'key_revoked') {
    return failedSaying(info, (last) => `No usable key for this profile (${last}); add one and retry.`);
  }
  if (isDefiniteRefusal(info) || (info.status === undefined && !isOutageCode(info.code))) return { kind: 'failed', error: info };
  // 5xx, 408, 425, an unreadable non-2xx: the service may be down or overloaded; it waits
  const count = streaks.serverErrors + 1;
  return { kind: 'pending', reason: 'server_error', error: info, delayMs: backoffMs(count, bounds, random), streak: 'server_error' };
}

/** a 4xx that says the request itself is wrong: sending it again cannot help */
export function isDefiniteRefusal(info: ErrorInfo): boolean {
  const s = info.status;
  return s !== undefined && s >= 400 && s < 500 && s !== 408 && s !== 425 && s !== 429;
}

/** errors without a status that still mean "the service did not answer properly" */
function isOutageCode(code: string): boolean {
  return code === 'server_error' || code === 'bad_response' || code === 'http_status';
}

/**
 * No answer to a message send: it waits for the API, never fails. A request that may have
 * arrived (reset, timeout) also backs the message off on its own (a server whose probe answers
 * but which resets every POST gets the upload again only after a growing pause, not every probe).
 */
function waitForNetwork(err: unknown, streaks: Streaks, bounds: Backoff, random: () => number): Outcome {
  const info = toErrorInfo(err);
  if (err instanceof CrmError && err.unsent) return { kind: 'pending', reason: 'offline', error: info, delayMs: null, streak: 'unsent' };
  return {
    kind: 'pending',
    reason: 'offline',
    error: info,
    delayMs: backoffMs(streaks.unanswered + 1, bounds, random),
    streak: 'unanswered',
  };
}
