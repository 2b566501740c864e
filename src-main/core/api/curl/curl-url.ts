// The URL: which schemes and forms are accepted, and how -G data and --url-query are added to
// its query.
import { CurlParseError, preview } from './curl-error';
import { rejectTypographicQuotes } from './curl-draft';
import { querySafe } from './curl-encoding';

/** Only http(s), no credentials in the URL; a URL without a scheme gets https://. */
export function checkUrl(raw: string, warnings: string[]): string {
  if (raw === '') throw new CurlParseError('the URL is empty; add the address the request goes to');
  rejectTypographicQuotes(`the URL ${preview(raw)}`, raw);
  if (raw.startsWith('@'))
    throw new CurlParseError(
      `the URL ${preview(raw)} reads addresses from a local file, which cannot be read from a pasted command; paste the URL itself`,
    );
  // eslint-disable-next-line no-control-regex -- any blank or control character makes the URL ambiguous
  if (/[\s\u0000-\u001f\u007f]/.test(raw))
    throw new CurlParseError(`the URL ${preview(raw)} contains a space or line break; write a space as %20`);
  const scheme = schemeOf(raw);
  if (scheme !== null && scheme !== 'http' && scheme !== 'https') {
    throw new CurlParseError(`the URL uses the ${scheme}: scheme; only http and https URLs can be sent`);
  }
  let url = raw;
  if (scheme === null) {
    url = `https://${raw}`;
    warnings.push('the URL has no scheme, so https:// was assumed (curl itself would use http://)');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CurlParseError(`${preview(raw)} is not a valid URL`);
  }
  // checked on the parsed URL, and the URL is not echoed: it holds a password
  if (parsed.username !== '' || parsed.password !== '') {
    throw new CurlParseError('the URL contains credentials (user:password@); remove them from the URL and pass them with -u user:password');
  }
  if (parsed.hostname === '') throw new CurlParseError(`the URL ${preview(raw)} has no host name`);
  return url;
}

/** `scheme:` at the start, except `host:port` (which curl, like us, reads as a URL without scheme). */
function schemeOf(url: string): string | null {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url.slice(0, 64));
  if (match === null) return null;
  const rest = url.slice(match[0].length, match[0].length + 8);
  if (!rest.startsWith('//') && /^\d+(?:[/?#]|$)/.test(rest)) return null;
  return (match[1] ?? '').toLowerCase();
}

export function warnAboutGlobs(url: string, warnings: string[]): void {
  const afterScheme = url.indexOf('//') + 2;
  const pathStart = url.slice(afterScheme).search(/[/?#]/);
  if (pathStart !== -1 && /[[\]{}]/.test(url.slice(afterScheme + pathStart))) {
    warnings.push('the URL contains [ ] or { }, which curl would expand into several requests unless given -g; they were kept as written');
  }
}

/** Adds to the query before any #fragment, as curl -G does; the added text is made URL-safe. */
export function appendQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const q = base.indexOf('?');
  const separator = q === -1 ? '?' : q === base.length - 1 || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${querySafe(query)}${fragment}`;
}
