// What a 404 to DELETE /api-keys/{id} means. The same status answers "no such key" and "no such
// route" (a mistyped path, a service that deletes keys elsewhere), and only the first is a done
// revocation: the key counts as gone when the server's own key list, asked right after, no
// longer has it. Otherwise the revocation fails, saying the route may be wrong, and the key is
// kept in the revocation's hands (it may still work on the server). Pure.
import type { ServerKey } from '../model';

export type DeletionVerdict = 'gone' | 'still_listed';

/** after a 404: is the key absent from the server's list? */
export function verdictAfter404(listed: readonly ServerKey[], serverKeyId: string): DeletionVerdict {
  return listed.some((k) => k.id === serverKeyId) ? 'still_listed' : 'gone';
}

export const UNKNOWN_ROUTE = 'The server does not know this route';

/** `target`: the DELETE's path; `why`: what the follow-up key list said, or why it could not be read. */
export function unknownRouteMessage(target: string, why: string): string {
  return `${UNKNOWN_ROUTE}: DELETE ${target} answered 404 ${why}. Check the profile's path for Delete API key; the key may still work on the server.`;
}

export const STILL_LISTED = 'while the key is still in its key list';

export function unconfirmed(reason: string): string {
  return `and its key list could not confirm that the key is gone (${reason.replace(/\.$/, '')})`;
}

export const GONE_SUMMARY = 'already revoked on the server (404, and absent from its key list)';
