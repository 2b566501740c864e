// What an attempt's outcome means for the operation: pure functions, no I/O.
import { CrmError, toErrorInfo } from '../errors';
import type { ErrorInfo, OutboxItem, SentMessage } from '../model';
import { isUnreachableCode } from '../../shared/unreachable';

export type PendingReason = NonNullable<OutboxItem['pendingReason']>;

/**
 * What an attempt adds to its operation's streaks: a 5xx ('server_error'), no answer at all
 * ('unanswered': reset, timeout; the request may have arrived), or nothing either way
 * ('unsent': the connection was never made). Any other outcome ends both streaks.
 */
export type Streak = 'server_error' | 'unanswered' | 'unsent';

export type Outcome =
  /** `message`: a message send's answer, as read (for this app's record of what it sent) */
  | { kind: 'sent'; summary: string | null; message?: SentMessage }
  /** waits; `delayMs` from now (null: the target's probe schedule decides) */
  | { kind: 'pending'; reason: PendingReason; error: ErrorInfo | null; delayMs: number | null; refusedKeys?: string[]; streak?: Streak }
  | { kind: 'failed'; error: ErrorInfo };

/** Consecutive failures of one operation so far (stored with it: StoredOp). */
export interface Streaks {
  serverErrors: number;
  unanswered: number;
}

export interface Backoff {
  min: number;
  max: number;
}

/** Exponential back-off with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffMs(attempt: number, bounds: Backoff, random: () => number): number {
  const exp = Math.min(bounds.max, bounds.min * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** How many 5xx answers in a row before a key revocation is failed (it can still be retried by hand). */
export const MAX_SERVER_ERRORS = 8;

/**
 * How many attempts in a row may end without any answer (reset, timeout) before a key
 * revocation is failed (a message never is: messageOutcome), whatever the probe says.
 */
export const MAX_UNANSWERED = 5;

/** Error codes that mean "the request may not have reached the server, or its answer did not come back". */
export function isTransport(err: ErrorInfo): boolean {
  return isUnreachableCode(err.code);
}

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

export function isServerError(info: ErrorInfo): boolean {
  return info.code === 'server_error' || (info.status !== undefined && info.status >= 500);
}

export function rateLimited(info: ErrorInfo, bounds: Backoff, random: () => number): Outcome {
  // never sooner than the server asked, nor than the back-off floor (a "Retry-After: 0" on every
  // answer would otherwise be a busy loop); a little jitter on top so clients do not return in step
  const wait =
    info.retryAfterMs !== undefined ? Math.max(info.retryAfterMs, bounds.min) * (1 + 0.1 * random()) : backoffMs(2, bounds, random);
  return { kind: 'pending', reason: 'rate_limited', error: info, delayMs: Math.ceil(wait) };
}

/**
 * No answer: wait for the API to be reachable again. A request that never left does not count;
 * one that may have reached the server (reset, timeout) does, and MAX_UNANSWERED of those in a
 * row fail the operation (the person can retry it, with the same Idempotency-Key).
 */
export function transportOutcome(err: unknown, streaks: Streaks): Outcome {
  const info = toErrorInfo(err);
  if (err instanceof CrmError && err.unsent) return { kind: 'pending', reason: 'offline', error: info, delayMs: null, streak: 'unsent' };
  const count = streaks.unanswered + 1;
  if (count >= MAX_UNANSWERED) {
    return failedSaying(
      info,
      (last) =>
        `No answer to this request ${count} times in a row (last: ${last}), although the server may have received it. ` +
        `Retry it once the connection is stable (a resend cannot make a second copy), or cancel it.`,
    );
  }
  return { kind: 'pending', reason: 'offline', error: info, delayMs: null, streak: 'unanswered' };
}

export function serverError(info: ErrorInfo, serverErrors: number, bounds: Backoff, random: () => number): Outcome {
  const count = serverErrors + 1;
  if (count >= MAX_SERVER_ERRORS) {
    return failedSaying(
      info,
      (last) => `The server answered with an error ${count} times in a row (last: ${last}). Retry when the service is healthy again.`,
    );
  }
  return { kind: 'pending', reason: 'server_error', error: info, delayMs: backoffMs(count, bounds, random), streak: 'server_error' };
}

/** failed for good, its message saying why around the last error's (without its full stop) */
function failedSaying(info: ErrorInfo, sentence: (last: string) => string): Outcome {
  return { kind: 'failed', error: { ...info, message: sentence(info.message.replace(/\.$/, '')) } };
}

export function internal(message: string): CrmError {
  return new CrmError('internal', message);
}
