// Where the key may go with the GET of a received file's bytes. A key is sent only to the origin
// it was saved for (docs/ARCHITECTURE.md, rule 1); a service that keeps its files elsewhere
// (Meta: the lookup at graph.facebook.com answers an address on lookaside.fbsbx.com, which takes
// the same token) needs that other origin listed in its Download media description, by the
// person, never from a service's answer. The key then goes there only for a download's file GET,
// only when the address's origin is exactly a listed one (scheme, host and port as the URL parser
// writes them: no suffix or wildcard matching), only over https (plain http only to this
// computer), and never after a redirect (media-bytes.ts follows none). Pure.
import type { ApiDescription } from '../api/types';
import { isLoopbackHost } from '../profiles/base-url';

/** how many origins one description may list */
export const MAX_FILE_ORIGINS = 10;
const MAX_ORIGIN_CHARS = 300;

export type FileOriginCheck = { ok: true; origin: string } | { ok: false; reason: string };

/** true for an origin the key may be sent to for files at all: https, or http to this computer */
function safeScheme(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/**
 * An origin a person gives to list (`crm profiles api file-origins --add`, the stored description):
 * `https://host[:port]`, normalised as the URL parser writes it (lower case, punycode, no default
 * port), or the reason it cannot be one.
 */
export function checkFileOrigin(text: string): FileOriginCheck {
  const raw = text.trim();
  const example = 'such as https://lookaside.fbsbx.com';
  if (raw === '') return { ok: false, reason: `Give an origin, ${example}` };
  if (raw.length > MAX_ORIGIN_CHARS) return { ok: false, reason: `An origin is at most ${MAX_ORIGIN_CHARS} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `"${raw.slice(0, 80)}" is not an origin ${example} (scheme and host, nothing else)` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: `An origin for files starts with https:// (${example})` };
  if (url.username !== '' || url.password !== '' || /^[a-z]+:\/\/[^/?#]*@/i.test(raw))
    return { ok: false, reason: 'An origin must not hold a user name or password (user@host): give the host alone' };
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(raw) || /^[a-z]+:\/\/[^/]*\/./i.test(raw)) {
    return { ok: false, reason: `An origin has no path, query or fragment: give ${url.origin} alone` };
  }
  if (url.hostname.includes('*'))
    return { ok: false, reason: 'An origin is one exact host: no wildcards (each host the service keeps files on is listed on its own)' };
  if (url.hostname.endsWith('.'))
    return { ok: false, reason: `Write the host without its trailing dot: ${url.protocol}//${url.host.replace(/\.(?=(:\d+)?$)/, '')}` };
  if (!safeScheme(url)) {
    return {
      ok: false,
      reason:
        `Plain http is only for this computer (localhost, 127.x.x.x, [::1]): to ${url.hostname} the key would cross the ` +
        `network unencrypted; use https://${url.host}`,
    };
  }
  return { ok: true, origin: url.origin };
}

export type FileAddressVerdict =
  /** `listed`: allowed by the description's list, not by being the service's own origin */
  | { allowed: true; origin: string; listed: boolean }
  | { allowed: false; origin: string | null; why: 'unusable' | 'userinfo' | 'unlisted' | 'insecure' };

/**
 * Whether the key may go with the GET of the file at `address`: the service's own origin
 * (`serviceOrigin`, the profile's base URL's), or one of `fileOrigins` (each checked again: a
 * stored list is not trusted to have been checked when it was written).
 */
export function judgeFileAddress(address: string, serviceOrigin: string | null, fileOrigins: readonly string[]): FileAddressVerdict {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { allowed: false, origin: null, why: 'unusable' };
  }
  // data:, file:, blob:, javascript:... have no origin a key could be meant for
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { allowed: false, origin: null, why: 'unusable' };
  // `https://lookaside.fbsbx.com@evil.test/` is evil.test; a user name in the address is never sent on
  if (url.username !== '' || url.password !== '') return { allowed: false, origin: url.origin, why: 'userinfo' };
  const origin = url.origin;
  if (serviceOrigin !== null && origin === serviceOrigin) return { allowed: true, origin, listed: false };
  if (!safeScheme(url)) return { allowed: false, origin, why: 'insecure' };
  const listed = fileOrigins.some((entry) => {
    const checked = checkFileOrigin(entry);
    return checked.ok && checked.origin === entry && entry === origin;
  });
  return listed ? { allowed: true, origin, listed: true } : { allowed: false, origin, why: 'unlisted' };
}

/**
 * The description without the origins its Download media lists for files: what a profile keeps
 * when it moves to another origin, and what another profile takes of it when it points elsewhere
 * (those origins were allowed for the first service, not for another).
 */
export function withoutFileOrigins(api: ApiDescription): ApiDescription {
  const download = api.operations['media.download'];
  if (download?.fileOrigins === undefined) return api;
  const { fileOrigins: _allowedThere, ...rest } = download;
  return { ...api, operations: { ...api.operations, 'media.download': rest } };
}
