// Which headers an API description may keep. The key travels only as `Authorization: Bearer`,
// added by the sender from the keychain; a description is stored in crm.db and shown in
// cURL previews, so it must never hold another credential. Pure.
import { isServiceMediaHeader } from './curl/media-headers';

/** Headers the app sets itself: an imported value is dropped without a word. */
export const APP_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'accept',
  'user-agent',
  'idempotency-key',
  'host',
  'connection',
  'accept-encoding',
  'transfer-encoding',
  'expect',
]);

const CREDENTIAL_NAME = new RegExp(
  '(^|[-_])(auth|authorization|token|secret|password|passwd|pass|key|apikey|api-key|api_key|session|cookie|signature|sig|credential|' +
    'credentials|bearer|jwt)($|[-_])|' +
    '^(cookie|set-cookie|proxy-authorization|x-api-key|apikey|api-key|client-token|access-token|x-access-token|x-auth-token)$',
  'i',
);

export type HeaderVerdict = { keep: true } | { keep: false; silent: true } | { keep: false; silent: false; reason: string };

export function judgeHeader(name: string, value: string): HeaderVerdict {
  const lower = name.trim().toLowerCase();
  // the documented scheme: the app adds it from the keychain with the profile's key
  if (lower === 'authorization' && /^\s*bearer\s/i.test(value)) return { keep: false, silent: true };
  if (lower === 'authorization') {
    return {
      keep: false,
      silent: false,
      reason: `Authorization ${value.trim().split(/\s/)[0]?.slice(0, 20) ?? ''} is left out: the app sends only the profile's key, as Authorization: Bearer`,
    };
  }
  if (isServiceMediaHeader(lower, value)) return { keep: true };
  if (APP_HEADERS.has(lower)) return { keep: false, silent: true };
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/i.test(name))
    return { keep: false, silent: false, reason: `"${name.slice(0, 60)}" is not a valid header name` };
  if (CREDENTIAL_NAME.test(lower)) {
    return {
      keep: false,
      silent: false,
      reason: `${name} looks like a credential and is not kept: the app sends only the profile's key, as Authorization: Bearer`,
    };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 1000)
    return { keep: false, silent: false, reason: `${name} has a value with control characters or over 1000 characters` };
  if ((lower === 'origin' || lower === 'referer') && isPlainPageUrl(value)) return { keep: true };
  if (looksLikeSecret(value))
    return { keep: false, silent: false, reason: `${name} has a value that looks like a secret (a long random token) and is not kept` };
  return { keep: true };
}

/** A long run of mixed letters and digits with no spaces: the shape of keys and tokens. */
export function looksLikeSecret(value: string): boolean {
  const text = value.replace(/^(bearer|basic|token)\s+/i, '');
  if (/\s/.test(text) || text.length < 24) return false;
  return /[0-9]/.test(text) && /[a-z]/i.test(text) && !/^[a-z]+\/[a-z0-9.+-]+$/i.test(text);
}

/**
 * An Origin or Referer that names a page: an http(s) URL with no user, password or query (a
 * query may carry a token). Long and full of digits as such URLs are, they are no secret.
 */
function isPlainPageUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.search === '';
  } catch {
    return false;
  }
}
