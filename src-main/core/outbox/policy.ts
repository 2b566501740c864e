// What an attempt's outcome means for the operation: pure functions, no I/O.
import { CrmError, toErrorInfo } from '../errors';
import type { ErrorInfo, OutboxItem } from '../model';
import { isUnreachableCode } from '../../shared/unreachable';

export type PendingReason = NonNullable<OutboxItem['pendingReason']>;

/**
 * What an attempt adds to its operation's streaks: a 5xx ('server_error'), no answer at all
 * ('unanswered': reset, timeout; the request may have arrived), or nothing either way
 * ('unsent': the connection was never made). Any other outcome ends both streaks.
 */
export type Streak = 'server_error' | 'unanswered' | 'unsent';

/**
 * `detail`: what the operation's kind keeps of this attempt for itself; the engine hands it back
 * to the kind (onPending, afterRecorded) and never reads it. An outcome made here has none.
 */
export type Outcome<Detail = never> =
  | { kind: 'sent'; summary: string | null; detail?: Detail }
  /** waits; `delayMs` from now (null: the target's probe schedule decides) */
  | { kind: 'pending'; reason: PendingReason; error: ErrorInfo | null; delayMs: number | null; detail?: Detail; streak?: Streak }
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

/** How many 5xx answers in a row before an operation whose kind bounds them is failed (it can still be retried by hand). */
export const MAX_SERVER_ERRORS = 8;

/**
 * How many attempts in a row may end without any answer (reset, timeout) before an operation
 * whose kind bounds them is failed (transportOutcome; a kind may wait out any outage instead),
 * whatever the probe says.
 */
export const MAX_UNANSWERED = 5;

/** Error codes that mean "the request may not have reached the server, or its answer did not come back". */
export function isTransport(err: ErrorInfo): boolean {
  return isUnreachableCode(err.code);
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
export function failedSaying(info: ErrorInfo, sentence: (last: string) => string): Outcome {
  return { kind: 'failed', error: { ...info, message: sentence(info.message.replace(/\.$/, '')) } };
}

export function internal(message: string): CrmError {
  return new CrmError('internal', message);
}
