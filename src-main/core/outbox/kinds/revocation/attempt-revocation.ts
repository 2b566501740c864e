// One attempt to revoke a key on the server (DELETE /api/v1/api-keys/{id}).
//
// Keys tried, in order:
//   1. the profile's active key, if it is not the revoked one, is active, and can manage keys
//      (permissions unknown: try it); a 401/403 falls through;
//   2. the profile's other saved keys known to hold keys:manage (an admin key saved beside the
//      agent's active key), one after the other;
//   3. the revoked key's own value (a key may always delete itself), kept for this purpose only
//      and only ever sent to the origin it was saved for;
//   4. none left: pending 'needs_admin_key'. Keys the server refused are remembered, so they are
//      not tried again blindly; a different active key, or the person's retry, tries again.
// Without the server id, the key is found in the server's key list by comparing its kept value
// with each entry, in memory: no part of the value is ever stored (not even its first characters).
// A 404 counts as done only when the key is then absent from the server's key list (a replay
// after a crash between "DELETE answered" and "recorded" gets exactly that); a 404 for a key
// still listed, or one that cannot be checked, means the route is wrong (deletion-check.ts).
import type { CrmError } from '../../../errors';
import { toErrorInfo } from '../../../errors';
import { readableJson } from '../../../http/sender';
import type { PreparedRequest } from '../../../http/prepared-request';
import { wirePath } from '../../../http/wire-url';
import { GONE_SUMMARY, STILL_LISTED, unconfirmed, unknownRouteMessage, verdictAfter404 } from '../../../keys/deletion-check';
import { listEntryIsKey } from '../../../keys/key-format';
import { originOf } from '../../../keys/key-origin';
import type { ErrorInfo, ServerKey } from '../../../model';
import { isRecord } from '../../../parse/shape';
import { parseServerKeys } from '../../../parse/server-keys';
import { buildRequest } from '../../../request/request-builder';
import type { AttemptContext, SendResult } from '../../attempt-context';
import type { RevocationKeyStore } from './revocation-deps';
import { sendOnce } from '../../attempt-context';
import type { Outcome, Streaks } from '../../policy';
import { isServerError, isTransport, rateLimited, serverError, transportOutcome } from '../../policy';

/** What a revocation's attempt needs beyond any attempt's context. */
export interface RevocationAttemptContext extends AttemptContext {
  revocationKeys: RevocationKeyStore;
  /** the profile's saved keys known to hold keys:manage (see RevocationDeps.adminKeyIds) */
  adminKeyIds(): Promise<string[]>;
  /** durably records the resolved server id of a key being revoked (before the DELETE) */
  saveServerKeyId(serverKeyId: string): Promise<void>;
}

export interface RevocationTarget {
  localKeyId: string | null;
  serverKeyId: string | null;
  /** the origin the revoked key was saved for (absent in records from before it was kept) */
  origin?: string | null;
  refusedKeys: string[];
}

export const SELF = 'self';

type Tried = { used: string; result: SendResult } | { skipped: string };
type Used = { used: string; result: SendResult };

/** an attempt's outcome; a wait for a key carries the keys the service refused this time */
export type RevocationOutcome = Outcome<string[]>;

export async function attemptRevocation(
  ctx: RevocationAttemptContext,
  target: RevocationTarget,
  streaks: Streaks,
): Promise<RevocationOutcome> {
  const refused = new Set(target.refusedKeys);
  const notes: string[] = [];
  let lastRefusal: ErrorInfo | null = null;
  const own = ownValue(ctx, target);

  /** runs `request` with each usable key until one is not refused; null when none is left */
  const withEachKey = async (run: (key: string, signal: AbortSignal) => Promise<SendResult>): Promise<Used | null> => {
    const tries: { who: string; attempt: () => Promise<Tried> }[] = [
      { who: 'the active key', attempt: () => withActiveKey(ctx, target, refused, run) },
    ];
    for (const id of await adminKeyIdsOf(ctx)) {
      if (id === ctx.profile.activeKeyId || id === target.localKeyId) continue;
      tries.push({ who: 'a saved key with keys:manage', attempt: () => withSavedKey(ctx, id, refused, run) });
    }
    tries.push({ who: "the revoked key's own value", attempt: () => withOwnKey(ctx, target, own, refused, run) });
    for (const { who, attempt } of tries) {
      const tried = await attempt();
      if ('skipped' in tried) {
        notes.push(tried.skipped);
        continue;
      }
      const { result } = tried;
      if (!result.ok && (result.error.status === 401 || result.error.status === 403)) {
        refused.add(tried.used);
        lastRefusal = result.error.toInfo();
        notes.push(`${who} was refused (${result.error.status === 401 ? '401: unknown or revoked' : '403: not allowed'})`);
        continue;
      }
      return tried;
    }
    return null;
  };

  const waitForAdmin = (): RevocationOutcome => ({
    kind: 'pending',
    reason: 'needs_admin_key',
    error: {
      code: lastRefusal?.code ?? 'no_key',
      ...(lastRefusal?.status !== undefined ? { status: lastRefusal.status } : {}),
      message: `Waiting for a key that can manage keys (keys:manage): ${notes.join('; ')}. Add or activate such a key, or retry.`,
    },
    delayMs: null,
    detail: [...refused],
  });

  /**
   * The server's key list, read with the first usable key; an Outcome when it cannot be had.
   * `listedWith` is that key's value (in memory only): the sender scrubbed its runs from the list.
   */
  const listKeys = async (): Promise<{ keys: ServerKey[]; listedWith: string } | { outcome: RevocationOutcome }> => {
    let listRequest: PreparedRequest;
    try {
      listRequest = await buildRequest({ op: 'keys.list', input: {} }, ctx.profile);
    } catch (err) {
      return { outcome: { kind: 'failed', error: toErrorInfo(err) } };
    }
    let listedWith = '';
    const listing = await withEachKey((key, signal) => {
      listedWith = key; // the keys are tried one after the other: the last one tried is the one used
      return sendOnce(ctx, listRequest, key, signal);
    });
    if (listing === null) return { outcome: waitForAdmin() };
    if (!listing.result.ok) return { outcome: otherFailure(ctx, listing.result.error, streaks, 'list the server keys') };
    try {
      return { keys: parseServerKeys(readableJson(listing.result.response)), listedWith };
    } catch (err) {
      return { outcome: failed(`Could not read the server's key list: ${toErrorInfo(err).message}`) };
    }
  };

  let serverKeyId = target.serverKeyId;
  if (serverKeyId === null) {
    const value = await own.read();
    if (value === null) {
      return failed(
        "Neither this key's server id nor its value (kept only until the server revocation is done) is known here, so it cannot " +
          'be found on the server; revoke it there by hand.',
      );
    }
    const listed = await listKeys();
    if ('outcome' in listed) return listed.outcome;
    const matches = listed.keys.filter((k) => listEntryIsKey(k.prefix, value, listed.listedWith));
    if (matches.length === 0) {
      return failed(
        "No key in the server's key list is this key: it may already be revoked, or belong to another account. Check the server's key list.",
      );
    }
    if (matches.length > 1)
      return failed(`${matches.length} keys in the server's key list could be this key; revoke the right one by its id.`);
    serverKeyId = matches[0]!.id;
    // Durable before the DELETE: a replay after a crash must delete the same key, not look it
    // up again (once deleted it is no longer listed, and the lookup would fail).
    await ctx.saveServerKeyId(serverKeyId);
  }

  let deleteRequest: PreparedRequest;
  try {
    deleteRequest = await buildRequest({ op: 'keys.delete', input: { id: serverKeyId } }, ctx.profile);
  } catch (err) {
    return { kind: 'failed', error: toErrorInfo(err) };
  }
  const deletion = await withEachKey((key, signal) => sendOnce(ctx, deleteRequest, key, signal));
  if (deletion === null) return waitForAdmin();
  const { result } = deletion;
  if (result.ok) {
    const json = result.response.json;
    const at = isRecord(json) && typeof json.revoked_at === 'string' ? json.revoked_at.slice(0, 40) : new Date(ctx.now()).toISOString();
    return { kind: 'sent', summary: `revoked ${at}` };
  }
  if (result.error.status !== 404) return otherFailure(ctx, result.error, streaks, 'revoke the key');
  // 404: gone, or a route the server does not know? Its key list tells.
  const target404 = wirePath(deleteRequest.url);
  const listed = await listKeys();
  if ('outcome' in listed) {
    const outcome = listed.outcome;
    if (outcome.kind === 'pending' && outcome.reason !== 'needs_admin_key') return outcome; // offline, 5xx, 429: ask again later
    const why = outcome.kind === 'sent' ? 'no answer' : (outcome.error?.message ?? 'no key may read it');
    return { kind: 'failed', error: { code: 'not_found', status: 404, message: unknownRouteMessage(target404, unconfirmed(why)) } };
  }
  if (verdictAfter404(listed.keys, serverKeyId) === 'gone')
    return { kind: 'sent', summary: `${GONE_SUMMARY}, seen ${new Date(ctx.now()).toISOString()}` };
  return { kind: 'failed', error: { code: 'not_found', status: 404, message: unknownRouteMessage(target404, STILL_LISTED) } };
}

function failed(message: string): Outcome {
  return { kind: 'failed', error: { code: 'conflict', message } };
}

function otherFailure(ctx: RevocationAttemptContext, error: CrmError, streaks: Streaks, what: string): Outcome {
  const info = error.toInfo();
  if (isTransport(info)) return transportOutcome(error, streaks);
  if (info.code === 'cancelled') return { kind: 'pending', reason: 'queued', error: info, delayMs: ctx.bounds.min };
  if (info.status === 429) return rateLimited(info, ctx.bounds, ctx.random);
  if (isServerError(info)) return serverError(info, streaks.serverErrors, ctx.bounds, ctx.random);
  return { kind: 'failed', error: { ...info, message: `Could not ${what}: ${info.message}` } };
}

/** The revoked key's kept value, read at most once per attempt; never stored anywhere else. */
interface OwnValue {
  read(): Promise<string | null>;
  /** why it cannot be used, when it cannot */
  problem(): string | null;
}

function ownValue(ctx: RevocationAttemptContext, target: RevocationTarget): OwnValue {
  let reading: Promise<string | null> | null = null;
  let problem: string | null = null;
  return {
    read() {
      reading ??= (async () => {
        if (target.localKeyId === null) {
          problem = 'the revoked key is not saved on this computer';
          return null;
        }
        try {
          const value = await ctx.revocationKeys.get(target.localKeyId);
          if (value === null || value === '') problem = "the revoked key's own value is no longer kept";
          return value === '' ? null : value;
        } catch (err) {
          problem = `the revoked key's own value could not be read (${toErrorInfo(err).message.replace(/\.$/, '')})`;
          return null;
        }
      })();
      return reading;
    },
    problem: () => problem,
  };
}

async function withActiveKey(
  ctx: RevocationAttemptContext,
  target: RevocationTarget,
  refused: Set<string>,
  run: (key: string, signal: AbortSignal) => Promise<SendResult>,
): Promise<Tried> {
  try {
    return await ctx.keyAccess.withKey<Tried>(ctx.profile.id, null, async (key, signal, meta) => {
      if (meta.id === target.localKeyId) return { skipped: 'the active key is the one being revoked' };
      if (meta.state !== 'active') return { skipped: 'the active key is revoked' };
      if (refused.has(meta.id)) return { skipped: 'the active key was refused before' };
      if (meta.permissions !== null && !meta.permissions.includes('keys:manage')) {
        refused.add(meta.id); // known not to be able to: do not wake up for it again
        return { skipped: 'the active key lacks keys:manage' };
      }
      return { used: meta.id, result: await run(key, signal) };
    });
  } catch (err) {
    return { skipped: `no active key (${toErrorInfo(err).message.replace(/\.$/, '')})` };
  }
}

async function adminKeyIdsOf(ctx: RevocationAttemptContext): Promise<string[]> {
  try {
    return await ctx.adminKeyIds();
  } catch {
    return []; // the key list could not be read: the other ways still apply
  }
}

async function withSavedKey(
  ctx: RevocationAttemptContext,
  keyId: string,
  refused: Set<string>,
  run: (key: string, signal: AbortSignal) => Promise<SendResult>,
): Promise<Tried> {
  if (refused.has(keyId)) return { skipped: 'a saved key with keys:manage was refused before' };
  // A key skipped here counts as tried: the revocation then waits for a new key or the person,
  // instead of trying the same key again on every pass.
  refused.add(keyId);
  try {
    return await ctx.keyAccess.withKey<Tried>(ctx.profile.id, keyId, async (key, signal, meta) => {
      if (meta.state !== 'active') return { skipped: 'a saved key with keys:manage is revoked' };
      refused.delete(keyId); // used: refused again only if the server refuses it
      return { used: meta.id, result: await run(key, signal) };
    });
  } catch (err) {
    return { skipped: `a saved key with keys:manage could not be used (${toErrorInfo(err).message.replace(/\.$/, '')})` };
  }
}

async function withOwnKey(
  ctx: RevocationAttemptContext,
  target: RevocationTarget,
  own: OwnValue,
  refused: Set<string>,
  run: (key: string, signal: AbortSignal) => Promise<SendResult>,
): Promise<Tried> {
  if (target.localKeyId === null) return { skipped: 'the revoked key is not saved on this computer' };
  if (refused.has(SELF)) return { skipped: "the revoked key's own value was refused before" };
  const profileOrigin = originOf(ctx.profile.baseUrl);
  if (target.origin && target.origin !== profileOrigin) {
    return { skipped: `the revoked key was saved for ${target.origin} and is not sent to ${profileOrigin ?? "the profile's new address"}` };
  }
  const value = await own.read();
  if (value === null) return { skipped: own.problem() ?? "the revoked key's own value is no longer kept" };
  return { used: SELF, result: await run(value, new AbortController().signal) };
}
