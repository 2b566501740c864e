// One check that a revoked key's value is refused by the service (after its revocation synced):
// the key test's harmless request, sent with the kept value to the origin it was saved for.
// 401: proved (the value is then dropped from the keychain). A 2xx, or a 403 (the service knows
// the key, it only lacks a permission): still accepted, checked again later (proof-schedule.ts).
// The value is read from the keychain for this one request and kept nowhere else.
import { toErrorInfo } from '../../../errors';
import { keyTestRequest } from '../../../keys/key-test-request';
import { originOf } from '../../../keys/key-origin';
import type { AttemptContext } from '../../attempt-context';
import { sendOnce } from '../../attempt-context';
import type { RevocationKeyStore } from './revocation-deps';
import type { Outcome, Streaks } from '../../policy';
import { isServerError, isTransport, rateLimited, serverError, transportOutcome } from '../../policy';
import { nextProofDelayMs } from './proof-schedule';
import type { ProofPayload } from './revocation-payload';

export type ProofTarget = ProofPayload;

export interface ProofAttemptContext extends AttemptContext {
  revocationKeys: RevocationKeyStore;
}

/** the summary of a proved revocation: "refused (401) at <ISO time>" */
export function refusedSummary(status: number, at: string): string {
  return `refused (${status}) at ${at}`;
}

/** `checks`: this attempt included (the operation's attempts after its claim) */
export async function attemptProof(ctx: ProofAttemptContext, target: ProofTarget, checks: number, streaks: Streaks): Promise<Outcome> {
  const origin = originOf(ctx.profile.baseUrl);
  if (target.origin !== null && target.origin !== origin) {
    return unproved(
      `The revoked key was saved for ${target.origin} and is not sent to ${origin ?? "the profile's new address"}, so it cannot be tried.`,
    );
  }
  let value: string | null;
  try {
    value = await ctx.revocationKeys.get(target.localKeyId);
  } catch (err) {
    return { kind: 'pending', reason: 'queued', error: toErrorInfo(err), delayMs: ctx.bounds.max };
  }
  if (value === null || value === '') return unproved("The revoked key's value is no longer kept, so it cannot be tried.");
  let request;
  try {
    request = await keyTestRequest(ctx.profile);
  } catch (err) {
    return unproved(toErrorInfo(err).message);
  }
  const result = await sendOnce(ctx, request, value, new AbortController().signal);
  const at = new Date(ctx.now()).toISOString();
  const status = result.ok ? result.response.status : result.error.status;
  if (status === 401) return { kind: 'sent', summary: refusedSummary(401, at) };
  if (result.ok || status === 403) {
    const accepted = status ?? 200;
    const delay = nextProofDelayMs(checks, Date.parse(target.startedAt), ctx.now());
    if (delay === null) {
      return {
        kind: 'failed',
        error: {
          code: 'conflict',
          status: accepted,
          message:
            `Still accepted (${accepted}) at ${at}, an hour after its revocation synced: the service may not have revoked ` +
            `it. Check the service's key list; retry to check again.`,
        },
      };
    }
    return {
      kind: 'pending',
      reason: 'still_accepted',
      error: { code: 'conflict', status: accepted, message: `still accepted (${accepted}) at ${at}, checking again` },
      delayMs: delay,
    };
  }
  const info = result.error.toInfo();
  if (isTransport(info)) return transportOutcome(result.error, streaks);
  if (info.code === 'cancelled') return { kind: 'pending', reason: 'queued', error: info, delayMs: ctx.bounds.min };
  if (info.status === 429) return rateLimited(info, ctx.bounds, ctx.random);
  if (isServerError(info)) return serverError(info, streaks.serverErrors, ctx.bounds, ctx.random);
  return unproved(`The check answered ${info.status ?? info.code}, which neither accepts nor refuses the key: ${info.message}`);
}

function unproved(message: string): Outcome {
  return { kind: 'failed', error: { code: 'conflict', message } };
}
