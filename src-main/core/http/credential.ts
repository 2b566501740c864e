// Where a request carries the profile's key: the one place that turns a CredentialPlacement and
// a key into header and query values, for the undici sender (the real key), the request log
// (a mask) and the cURL export (a shell variable or the key). Pure.
import type { CredentialPlacement } from '../../shared/api-description';
import { basicPair, maskedKey } from './basic-pair';

/** docs/API.md's placement, and every service's that says nothing else. */
export const BEARER: CredentialPlacement = { in: 'header', name: 'Authorization', scheme: 'Bearer' };

/** What stands for the key where it must not be shown. */
export const KEY_MASK = '***';

export interface PlacedCredential {
  /** a header to set (replacing any of the same name, whatever its case) */
  header: { name: string; value: string } | null;
  /** a query parameter to add, at its place among the query's pairs (absent: last) */
  query: QueryCredential | null;
}

export interface QueryCredential {
  name: string;
  value: string;
  at?: number;
}

/**
 * The header or query pair that carries `key`. For Basic, `key` is the password, or USER:SECRET
 * whose user replaces the learned one (basic-pair.ts); a mask keeps the user name readable
 * (`Basic ACxx…:***` is not base64, so it can never be mistaken for one).
 */
export function placeCredential(placement: CredentialPlacement, key: string, options: { masked?: boolean } = {}): PlacedCredential {
  switch (placement.in) {
    case 'header':
      return { header: { name: placement.name, value: placement.scheme === '' ? key : `${placement.scheme} ${key}` }, query: null };
    case 'basic': {
      const pair = basicPair(placement.username, key);
      return {
        header: { name: 'Authorization', value: `Basic ${options.masked ? pair : Buffer.from(pair, 'utf8').toString('base64')}` },
        query: null,
      };
    }
    case 'query':
      return { header: null, query: { name: placement.name, value: key, ...(placement.at === undefined ? {} : { at: placement.at }) } };
  }
}

/** What stands for `key` in the request log: the mask, after the key's own Basic user when it carries one. */
export function loggedKey(placement: CredentialPlacement, key: string): string {
  return placement.in === 'basic' ? maskedKey(key, KEY_MASK) : KEY_MASK;
}

/** The header a placement fills, lower-cased (null for a query placement). */
export function credentialHeaderName(placement: CredentialPlacement): string | null {
  if (placement.in === 'query') return null;
  return placement.in === 'basic' ? 'authorization' : placement.name.toLowerCase();
}

/**
 * `url` with the query credential added (`?` or `&`), its name and value percent-encoded: at
 * its place among the pairs when it has one (as the service's example had it), else last.
 */
export function withQueryCredential(url: string, pair: QueryCredential): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const encoded = `${encodeURIComponent(pair.name)}=${encodeURIComponent(pair.value)}`;
  const q = base.indexOf('?');
  if (pair.at !== undefined && q >= 0) {
    const pairs = base
      .slice(q + 1)
      .split('&')
      .filter((p) => p !== '');
    pairs.splice(Math.min(pair.at, pairs.length), 0, encoded);
    return `${base.slice(0, q)}?${pairs.join('&')}`;
  }
  const joiner = q < 0 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${encoded}`;
}
