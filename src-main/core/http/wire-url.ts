// The exact URL that goes on the wire for a request, shared by the undici sender and the cURL
// exporter, so the exported command asks for the very same path (docs/ARCHITECTURE.md, rule 8).
//
// WHATWG's `new URL()` is not used for the path: it resolves `.`/`..` segments, and also their
// encoded forms (`%2E%2E`), so a key id of ".." would move a DELETE up the path; and it leaves
// characters such as `|` or `^` raw while curl may treat them otherwise. Here the path and the
// query are taken as written and only percent-encoded where needed: every character outside
// RFC 3986's path (or query) set becomes its UTF-8 %XX, a `%` not followed by two hex digits
// becomes %25, and a whole `.` or `..` segment becomes %2E / %2E%2E, so nothing is resolved,
// by the sender, by curl or by the server's URL parser. The scheme, host and port come from
// `new URL()` (lower-cased host, punycode, default port dropped).
import { wellFormed } from '../endpoints';
import { memoByText } from '../memo';

export interface WireUrl {
  /** scheme://host[:port] */
  origin: string;
  /** path and query as sent in the request line, e.g. /api/v1/contacts?page=2 */
  target: string;
  /** origin + target: what the sender asks for and the cURL prints */
  href: string;
  /** the parsed URL, for its protocol and credentials checks */
  parsed: URL;
}

// unreserved / sub-delims / ":" "@" "/" (RFC 3986 pchar plus "/"); "?" also in a query
const PATH_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
const QUERY_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\\]*/;

/** Throws TypeError (like `new URL`) when `raw` is not an absolute URL. */
export function wireUrl(raw: string): WireUrl {
  const parsed = new URL(raw);
  const authority = AUTHORITY.exec(raw);
  // not of the form scheme://authority...: fall back to what the URL parser made of it
  const rest = authority ? raw.slice(authority[0].length) : `${parsed.pathname}${parsed.search}`;
  const hash = rest.indexOf('#');
  const noFragment = hash < 0 ? rest : rest.slice(0, hash);
  const q = noFragment.indexOf('?');
  const rawPath = q < 0 ? noFragment : noFragment.slice(0, q);
  const rawQuery = q < 0 ? null : noFragment.slice(q + 1);
  const path = encodePath(rawPath === '' ? '/' : rawPath);
  const query = rawQuery === null || rawQuery === '' ? '' : `?${encodePart(rawQuery, QUERY_SAFE)}`;
  const target = `${path}${query}`;
  return { origin: parsed.origin, target, href: `${parsed.origin}${target}`, parsed };
}

/**
 * wireUrl for a URL that carries no secret, remembered: a profile sends to the same few URLs,
 * and parsing and encoding one is a good part of a small request's own cost. The answer is
 * shared, so it is frozen. Never given a URL with a key in its query (the key would be kept).
 */
export const publicWireUrl = memoByText((raw: string): Readonly<WireUrl> => Object.freeze(wireUrl(raw)), 256);

/** `wireUrl(raw).href`, or `raw` itself when it is not a valid URL (a preview of a bad base URL). */
export function wireHref(raw: string): string {
  try {
    return wireUrl(raw).href;
  } catch {
    return raw;
  }
}

/** the path as sent (no query), for messages; `raw` itself when it is not a valid URL */
export function wirePath(raw: string): string {
  try {
    return wireUrl(raw).target.split('?')[0]!;
  } catch {
    return raw;
  }
}

function encodePath(path: string): string {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return absolute
    .split('/')
    .map((segment) => (segment === '.' ? '%2E' : segment === '..' ? '%2E%2E' : encodePart(segment, PATH_SAFE)))
    .join('/');
}

function encodePart(text: string, safe: RegExp): string {
  const chars = [...wellFormed(text)];
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    if (c === '%') {
      const hex = `${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}`;
      out += /^[0-9A-Fa-f]{2}$/.test(hex) ? '%' : '%25';
    } else if (safe.test(c)) {
      out += c;
    } else {
      out += encodeURIComponent(c);
    }
  }
  return out;
}
