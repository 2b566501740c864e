// One authenticated call: the key comes from KeyAccess (cached after the first keychain read),
// the request is aborted when the key is revoked mid-flight, and the outcome is recorded on the
// key (last used, last status). Contacts, messages and key management all go through here.
import { CrmError } from '../errors';
import type { ApiResponse, HttpSender, SendOptions } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import { followAbort } from '../http/follow-abort';
import { ENDPOINTS } from '../endpoints';
import type { KeyTestOutcome, Permission, Profile, SavedKey } from '../model';
import type { KeyAccess } from '../services';
import { isUnreachableCode } from '../../shared/unreachable';

export interface ApiCallDeps {
  keyAccess: KeyAccess;
  sender: HttpSender;
}

export interface ApiCallOptions extends SendOptions {
  /** false: do not record last used / last status on the key (a side lookup) */
  noteUse?: boolean;
  /** receives the key that was used, as soon as it is known (also when the call then fails) */
  onKey?: (meta: SavedKey) => void;
}

/** What a failure says about the key itself; null when it says nothing (validation, cancel...). */
export function outcomeOf(err: unknown): KeyTestOutcome | null {
  if (!(err instanceof CrmError)) return null;
  switch (err.code) {
    case 'unauthorized':
      return 'invalid_or_revoked';
    case 'forbidden':
      return 'forbidden';
    case 'network':
    case 'timeout':
    case 'offline':
      return 'unreachable';
    case 'rate_limited':
      return 'rate_limited';
    case 'server_error':
      return 'server_error';
    default:
      return null;
  }
}

/**
 * What an answer proves about the key: a 2xx to a request that needs a permission shows the
 * key holds it, a 403 that it does not. Anything else proves nothing (null).
 */
export function proofOf(request: PreparedRequest, err: unknown): { permission: Permission; holds: boolean } | null {
  const { permission } = ENDPOINTS[request.endpoint];
  if (err === null) return { permission, holds: true };
  return err instanceof CrmError && err.code === 'forbidden' ? { permission, holds: false } : null;
}

/** true when the API could not be reached at all (the send may be queued) */
export function isUnreachable(err: unknown): err is CrmError {
  return err instanceof CrmError && isUnreachableCode(err.code);
}

export async function callWithKey(
  deps: ApiCallDeps,
  profile: Profile,
  keyId: string | null,
  request: PreparedRequest,
  options: ApiCallOptions = {},
): Promise<ApiResponse> {
  const { noteUse = true, onKey, signal, ...sendOptions } = options;
  let used: SavedKey | null = null;
  let failure: unknown = null;
  try {
    return await deps.keyAccess.withKey(profile.id, keyId, async (key, keySignal, meta) => {
      used = meta;
      onKey?.(meta);
      if (signal === undefined) return deps.sender.send(request, key, { ...sendOptions, signal: keySignal });
      // the key's revocation and the caller's cancel both stop the request
      const combined = new AbortController();
      const unfollow = [followAbort(keySignal, combined), followAbort(signal, combined)];
      try {
        return await deps.sender.send(request, key, { ...sendOptions, signal: combined.signal });
      } finally {
        for (const stop of unfollow) stop();
      }
    });
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    // set inside the callback, which TypeScript's flow analysis does not see
    const usedKey = used as SavedKey | null;
    const use = noteUse && usedKey ? keyUseOf(request, failure) : null;
    if (use && usedKey) deps.keyAccess.noteUse(usedKey.id, use.outcome, use.proof);
  }
}

/** What one call's answer (null: a success) tells about its key; null when it tells nothing. */
export function keyUseOf(
  request: PreparedRequest,
  err: unknown,
): { outcome: KeyTestOutcome; proof?: { permission: Permission; holds: boolean } } | null {
  const outcome = err === null ? 'valid' : outcomeOf(err);
  if (outcome === null) return null;
  const proof = proofOf(request, err);
  return proof === null ? { outcome } : { outcome, proof };
}
