// A queued message is bound to what it was queued with: the service (the profile's origin then)
// and, for items queued by this build, the request as built then. If the profile points at
// another origin now, or describes the send differently, sending it would create it somewhere
// or somehow the person never saw (and a message the first service may already have created
// would be created on a second one too), so it is held for the person instead. Pure.
import type { PreparedRequest } from '../../../http/prepared-request';
import { originOf } from '../../../keys/key-origin';
import type { Profile } from '../../../model';
import type { MessagePayload } from './message-payload';

export type Binding =
  /** send the stored `request`; null (queued by an older build): build it for `base` from today's description */
  { kind: 'send'; base: string; request: PreparedRequest | null } | { kind: 'held'; question: string };

/**
 * What to do with a queued message now. `current`: the request today's description builds for
 * it (null when it cannot be built); only looked at for items that stored their request.
 */
export function bindingOf(payload: MessagePayload, profile: Pick<Profile, 'baseUrl'>, current: PreparedRequest | null): Binding {
  const base = payload.baseUrl ?? profile.baseUrl;
  const stored = payload.request ?? null;
  if (payload.release === true) return { kind: 'send', base, request: stored };
  // an older item is built from today's description, as before: for where the profile points now
  const then = originOf(base) ?? base;
  const now = originOf(profile.baseUrl) ?? profile.baseUrl;
  if (then !== now) return { kind: 'held', question: movedQuestion(then, now) };
  if (stored !== null && (current === null || !sameRequest(stored, current))) {
    return { kind: 'held', question: changedQuestion(stored, current) };
  }
  return { kind: 'send', base: stored !== null ? base : profile.baseUrl, request: stored };
}

/** whether the stored request is still what today's description would send (the key aside) */
export function sameRequest(a: PreparedRequest, b: PreparedRequest): boolean {
  return wireShape(a) === wireShape(b);
}

function wireShape(r: PreparedRequest): string {
  const headers = Object.entries(r.headers)
    .map(([k, v]) => [k.toLowerCase(), v])
    .sort(([x], [y]) => (x! < y! ? -1 : x! > y! ? 1 : 0));
  return JSON.stringify([r.method, r.url, headers, r.credential ?? null, r.body]);
}

export function movedQuestion(then: string, now: string): string {
  return `Queued for ${then}; the profile now points at ${now}: send it to the old service, or discard it.`;
}

function changedQuestion(stored: PreparedRequest, current: PreparedRequest | null): string {
  const was = `${stored.method} ${stored.url}`;
  const is =
    current === null
      ? 'it cannot be built from it any more'
      : current.method === stored.method && current.url === stored.url
        ? 'other headers or body'
        : `${current.method} ${current.url}`;
  return `Queued as ${was}; the profile's description of this send has changed since (now: ${is}): send it as it was queued, or discard it.`;
}
