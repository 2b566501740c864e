// One attempt to revoke a key on the server (DELETE /api/v1/api-keys/{id}).
//
// Keys tried, in order:
//   1. the profile's active key, if it is not the revoked one, is active, and can manage keys
//      (permissions unknown: try it); a 401/403 falls through;
//   2. the profile's other saved keys known to hold keys:manage (an admin key saved beside the
//      agent's active key), one after the other;
//   3. the revoked key's own value (a key may always delete itself), kept for this purpose only;
//   4. none left: pending 'needs_admin_key'. Keys the server refused are remembered, so they are
//      not tried again blindly; a different active key, or the person's retry, tries again.
// A 404 means the key is already gone: done. That is also what a replay after a crash between
// "DELETE answered" and "recorded" gets, so the replay is harmless.
import { readableJson } from '../http/sender';
import type { CrmError } from '../errors';
import { toErrorInfo } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import type { ErrorInfo } from '../model';
import { isRecord } from '../parse/shape';
import { parseServerKeys } from '../parse/server-keys';
import { buildRequest } from '../request-builder';
import type { AttemptContext, SendResult } from './attempt-context';
import { sendOnce } from './attempt-context';
import type { Outcome } from './policy';
import { isServerError, isTransport, rateLimited, serverError } from './policy';

export interface RevocationTarget {
  localKeyId: string | null;
  serverKeyId: string | null;
  keyPrefix: string | null;
  refusedKeys: string[];
}

/** the first 11 characters of a key: what the server lists as its prefix (e.g. crm_sk_ab12) */
export const PREFIX_CHARS = 11;
export const SELF = 'self';

type Tried = { used: string; result: SendResult } | { skipped: string };

export async function attemptRevocation(ctx: AttemptContext, target: RevocationTarget, serverErrors: number): Promise<Outcome> {
  const refused = new Set(target.refusedKeys);
  const notes: string[] = [];
  let lastRefusal: ErrorInfo | null = null;

  /** runs `request` with each usable key until one is not refused; null when none is left */
  const withEachKey = async (run: (key: string, signal: AbortSignal) => Promise<SendResult>): Promise<{ used: string; result: SendResult } | null> => {
    const tries: { who: string; attempt: () => Promise<Tried> }[] = [{ who: 'the active key', attempt: () => withActiveKey(ctx, target, refused, run) }];
    for (const id of await adminKeyIdsOf(ctx)) {
      if (id === ctx.profile.activeKeyId || id === target.localKeyId) continue;
      tries.push({ who: 'a saved key with keys:manage', attempt: () => withSavedKey(ctx, id, refused, run) });
    }
    tries.push({ who: "the revoked key's own value", attempt: () => withOwnKey(ctx, target, refused, run) });
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

  const waitForAdmin = (): Outcome => ({
    kind: 'pending',
    reason: 'needs_admin_key',
    error: {
      code: lastRefusal?.code ?? 'no_key',
      ...(lastRefusal?.status !== undefined ? { status: lastRefusal.status } : {}),
      message: `Waiting for a key that can manage keys (keys:manage): ${notes.join('; ')}. Add or activate such a key, or retry.`,
    },
    delayMs: null,
    refusedKeys: [...refused],
  });

  let serverKeyId = target.serverKeyId;
  if (serverKeyId === null) {
    const prefix = target.keyPrefix?.slice(0, PREFIX_CHARS) ?? '';
    if (prefix.length < PREFIX_CHARS) {
      return failed('Neither the server id nor the prefix of this key is known, so it cannot be found on the server; revoke it there by hand.');
    }
    let listRequest: PreparedRequest;
    try {
      listRequest = await buildRequest({ op: 'keys.list', input: {} }, ctx.profile);
    } catch (err) {
      return { kind: 'failed', error: toErrorInfo(err) };
    }
    const listing = await withEachKey((key, signal) => sendOnce(ctx, listRequest, key, signal));
    if (listing === null) return waitForAdmin();
    if (!listing.result.ok) return otherFailure(ctx, listing.result.error, serverErrors, 'list the server keys');
    let keys;
    try {
      keys = parseServerKeys(readableJson(listing.result.response));
    } catch (err) {
      return failed(`Could not read the server's key list: ${toErrorInfo(err).message}`);
    }
    const matches = keys.filter((k) => k.prefix.slice(0, PREFIX_CHARS) === prefix);
    if (matches.length === 0) {
      return failed(`No key on the server starts with ${prefix}: it may already be revoked, or belong to another account. Check the server's key list.`);
    }
    if (matches.length > 1) return failed(`${matches.length} keys on the server start with ${prefix}; revoke the right one by its id.`);
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
    const at = isRecord(json) && typeof json.revoked_at === 'string' ? json.revoked_at : new Date().toISOString();
    return { kind: 'sent', summary: `revoked ${at}` };
  }
  if (result.error.status === 404) return { kind: 'sent', summary: `already revoked on the server (404), seen ${new Date().toISOString()}` };
  return otherFailure(ctx, result.error, serverErrors, 'revoke the key');
}

function failed(message: string): Outcome {
  return { kind: 'failed', error: { code: 'conflict', message } };
}

function otherFailure(ctx: AttemptContext, error: CrmError, serverErrors: number, what: string): Outcome {
  const info = error.toInfo();
  if (isTransport(info)) return { kind: 'pending', reason: 'offline', error: info, delayMs: null };
  if (info.code === 'cancelled') return { kind: 'pending', reason: 'queued', error: info, delayMs: ctx.bounds.min };
  if (info.status === 429) return rateLimited(info, ctx.bounds, ctx.random);
  if (isServerError(info)) return serverError(info, serverErrors, ctx.bounds, ctx.random);
  return { kind: 'failed', error: { ...info, message: `Could not ${what}: ${info.message}` } };
}

async function withActiveKey(
  ctx: AttemptContext,
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

async function adminKeyIdsOf(ctx: AttemptContext): Promise<string[]> {
  try {
    return await ctx.adminKeyIds();
  } catch {
    return []; // the key list could not be read: the other ways still apply
  }
}

async function withSavedKey(
  ctx: AttemptContext,
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
  ctx: AttemptContext,
  target: RevocationTarget,
  refused: Set<string>,
  run: (key: string, signal: AbortSignal) => Promise<SendResult>,
): Promise<Tried> {
  if (target.localKeyId === null) return { skipped: 'the revoked key is not saved on this computer' };
  if (refused.has(SELF)) return { skipped: "the revoked key's own value was refused before" };
  let value: string | null;
  try {
    value = await ctx.revocationKeys.get(target.localKeyId);
  } catch (err) {
    return { skipped: `the revoked key's own value could not be read (${toErrorInfo(err).message.replace(/\.$/, '')})` };
  }
  if (value === null || value === '') return { skipped: "the revoked key's own value is no longer kept" };
  return { used: SELF, result: await run(value, new AbortController().signal) };
}
