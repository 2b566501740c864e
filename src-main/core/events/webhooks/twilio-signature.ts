// Twilio's webhook signature (X-Twilio-Signature): base64 of an HMAC-SHA1, keyed with the
// account's auth token, of the full URL Twilio posted to (scheme, host, path and query) followed
// by every form field's name and value, the fields sorted by name, with nothing between them.
// A JSON body is signed instead through the URL: its query carries bodySHA256, the body's hex
// SHA-256, and no fields are appended. Checked before the body is used, in constant time.
//
// The URL Twilio signed is its own (a tunnel's public https address), not the one this listener
// sees: each address the request may have had is tried, from the Host and X-Forwarded-* headers
// the tunnel sets, with and without the scheme's default port (Twilio's own libraries do the
// same). Trying several costs an attacker nothing: each still needs the auth token.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureVerdict } from './signature';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  // a proxy chain lists several: the first is the client's side
  return first?.split(',')[0]?.trim() || undefined;
}

/** the string Twilio signs: the URL, then each field's name and value, sorted by name */
export function twilioSignedText(url: string, fields: readonly (readonly [string, string])[]): string {
  const sorted = [...fields].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return url + sorted.map(([name, value]) => `${name}${value}`).join('');
}

export function twilioSignatureOf(authToken: string, url: string, fields: readonly (readonly [string, string])[]): string {
  return createHmac('sha1', authToken).update(twilioSignedText(url, fields), 'utf8').digest('base64');
}

/** the addresses the poster may have used for this request, most likely first */
export function signedUrlCandidates(path: string, headers: Headers): string[] {
  const host = header(headers, 'x-forwarded-host') ?? header(headers, 'host');
  if (host === undefined) return [];
  const protos = [
    ...new Set([header(headers, 'x-forwarded-proto'), 'https', 'http'].filter((p): p is string => p === 'http' || p === 'https')),
  ];
  const urls: string[] = [];
  for (const proto of protos) {
    let url: URL;
    try {
      url = new URL(`${proto}://${host}${path}`);
    } catch {
      continue;
    }
    const asGiven = `${proto}://${host}${path}`;
    const defaultPort = proto === 'https' ? '443' : '80';
    const hostName = url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname;
    const withoutPort = `${proto}://${hostName}${url.port === '' || url.port === defaultPort ? '' : `:${url.port}`}${path}`;
    const withPort = `${proto}://${hostName}:${url.port || defaultPort}${path}`;
    for (const candidate of [asGiven, withoutPort, withPort]) if (!urls.includes(candidate)) urls.push(candidate);
  }
  return urls;
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `path`: the request's path and query as received; `body`: the raw bytes; `form`: whether the
 * body is application/x-www-form-urlencoded (its fields are signed) or not (bodySHA256 is).
 */
export function checkTwilioSignature(input: {
  path: string;
  headers: Headers;
  body: Buffer;
  form: boolean;
  authToken: string;
}): SignatureVerdict {
  const given = header(input.headers, TWILIO_SIGNATURE_HEADER);
  if (given === undefined) return 'missing';
  if (!/^[A-Za-z0-9+/]{27}=$/.test(given)) return 'invalid';
  let fields: [string, string][] = [];
  if (input.form) fields = [...new URLSearchParams(input.body.toString('utf8'))];
  else {
    const claimed = new URL(input.path, 'http://localhost').searchParams.get('bodySHA256');
    const actual = createHash('sha256').update(input.body).digest('hex');
    // without the hash in the URL a JSON body would be signed by nothing at all
    if (claimed === null || !sameSignature(actual, claimed.toLowerCase())) return 'invalid';
  }
  let valid = false;
  // every candidate is computed and compared, so the time taken says nothing about which matched
  for (const url of signedUrlCandidates(input.path, input.headers))
    valid = sameSignature(twilioSignatureOf(input.authToken, url, fields), given) || valid;
  return valid ? 'valid' : 'invalid';
}
