// What one attempt needs from the engine, and the single place an attempt talks HTTP: every
// answer (or its absence) also tells the engine whether the API is reachable.
import { CrmError, toErrorInfo } from '../errors';
import type { ApiResponse, HttpSender } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import type { Profile } from '../model';
import type { KeyAccess } from '../services';
import type { Backoff } from './policy';
import { isTransport } from './policy';

export interface AttemptContext {
  sender: HttpSender;
  keyAccess: KeyAccess;
  profile: Profile;
  /** aborted when the outbox closes */
  signal: AbortSignal;
  bounds: Backoff;
  random: () => number;
  /** the outbox's clock (epoch ms) */
  now: () => number;
  /** an HTTP answer came back (any status) */
  reachable(): void;
  /** no answer: refused, reset, DNS, timeout */
  unreachable(): void;
  /** a 429: nothing more to this target for that long */
  rateLimited(ms: number): void;
}

export type SendResult = { ok: true; response: ApiResponse } | { ok: false; error: CrmError };

/**
 * Sends once (no retry inside the client: the outbox owns retries, so each attempt is recorded)
 * and reports reachability. Never throws for HTTP or network failures; returns them.
 */
export async function sendOnce(ctx: AttemptContext, request: PreparedRequest, key: string, keySignal: AbortSignal): Promise<SendResult> {
  try {
    const response = await ctx.sender.send(request, key, { signal: AbortSignal.any([keySignal, ctx.signal]), maxAttempts: 1 });
    ctx.reachable();
    return { ok: true, response };
  } catch (err) {
    const error = err instanceof CrmError ? err : new CrmError('internal', toErrorInfo(err).message);
    if (error.status !== undefined) ctx.reachable();
    else if (isTransport(error.toInfo())) ctx.unreachable();
    if (error.status === 429) ctx.rateLimited(error.retryAfterMs ?? 1000);
    return { ok: false, error };
  }
}
