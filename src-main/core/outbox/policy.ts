// What an attempt's outcome means for the operation: pure functions, no I/O.
import { CrmError, toErrorInfo } from '../errors';
import type { ErrorInfo, OutboxItem } from '../model';

export type PendingReason = NonNullable<OutboxItem['pendingReason']>;

export type Outcome =
  | { kind: 'sent'; summary: string | null }
  /** waits; `delayMs` from now (null: the target's probe schedule decides) */
  | { kind: 'pending'; reason: PendingReason; error: ErrorInfo | null; delayMs: number | null; refusedKeys?: string[]; serverError?: boolean }
  | { kind: 'failed'; error: ErrorInfo };

export interface Backoff {
  min: number;
  max: number;
}

/** Exponential back-off with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffMs(attempt: number, bounds: Backoff, random: () => number): number {
  const exp = Math.min(bounds.max, bounds.min * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** How many 5xx answers in a row before an operation is failed (it can still be retried by hand). */
export const MAX_SERVER_ERRORS = 8;

/** Error codes that mean "the request may not have reached the server, or its answer did not come back". */
export function isTransport(err: ErrorInfo): boolean {
  return err.code === 'network' || err.code === 'timeout' || err.code === 'offline';
}

/**
 * The outcome of a failed message send. `serverErrors` counts 5xx answers before this one.
 * After a 4xx other than 429 a message is failed, not retried.
 */
export function messageOutcome(err: unknown, serverErrors: number, bounds: Backoff, random: () => number): Outcome {
  const info = toErrorInfo(err);
  if (isTransport(info)) return { kind: 'pending', reason: 'offline', error: info, delayMs: null };
  if (info.code === 'cancelled') return { kind: 'pending', reason: 'queued', error: info, delayMs: backoffMs(1, bounds, random) };
  if (info.code === 'rate_limited' || info.status === 429) return rateLimited(info, bounds, random);
  if (isServerError(info)) return serverError(info, serverErrors, bounds, random);
  if (info.code === 'no_key' || info.code === 'key_revoked') {
    return { kind: 'failed', error: { ...info, message: `No usable key for this profile (${info.message.replace(/\.$/, '')}); add one and retry.` } };
  }
  return { kind: 'failed', error: info };
}

export function isServerError(info: ErrorInfo): boolean {
  return info.code === 'server_error' || (info.status !== undefined && info.status >= 500);
}

export function rateLimited(info: ErrorInfo, bounds: Backoff, random: () => number): Outcome {
  // never sooner than the server asked; a little jitter on top so clients do not return in step
  const wait = info.retryAfterMs !== undefined ? info.retryAfterMs * (1 + 0.1 * random()) : backoffMs(2, bounds, random);
  return { kind: 'pending', reason: 'rate_limited', error: info, delayMs: Math.ceil(wait) };
}

export function serverError(info: ErrorInfo, serverErrors: number, bounds: Backoff, random: () => number): Outcome {
  const count = serverErrors + 1;
  if (count >= MAX_SERVER_ERRORS) {
    return {
      kind: 'failed',
      error: { ...info, message: `The server answered with an error ${count} times in a row (last: ${info.message.replace(/\.$/, '')}). Retry when the service is healthy again.` },
    };
  }
  return { kind: 'pending', reason: 'server_error', error: info, delayMs: backoffMs(count, bounds, random), serverError: true };
}

export function internal(message: string): CrmError {
  return new CrmError('internal', message);
}
