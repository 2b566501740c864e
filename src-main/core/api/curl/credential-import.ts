// What a pasted cURL says about where the key goes: an Authorization header with or without a
// scheme, HTTP Basic (-u ACCOUNT:TOKEN), a header of the service's own (`apikey`,
// `D360-API-KEY`, `Client-Token`) or a query parameter (`?api_key=`). Only the placement is
// learned; the pasted value is never kept, quoted or echoed: it may be a real key. Pure.
import type { CredentialPlacement } from '../../../shared/api-description';
import { APP_HEADERS } from '../header-policy';

export interface LearnedCredential {
  /** undefined: `Authorization: Bearer`, the default, or no credential in the example */
  placement: CredentialPlacement | undefined;
  /** the example's headers and query without the credential(s) */
  headers: { name: string; value: string }[];
  query: [string, string][];
  /** sentences for the person; never a value */
  notes: string[];
}

/** Header names services use for a bare key (compared lower-case). */
const KEY_HEADER = new RegExp(
  '^(x-)?(api[-_]?key|apikey|api[-_]?token|apitoken|auth[-_]?token|authtoken|access[-_]?token|client[-_]?token|token|key|secret|' +
    'client[-_]?secret|clientsecret|authentication|d360-api-key|x-.*-(key|token|secret))$',
  'i',
);

/** Query names that carry a key. */
const KEY_QUERY =
  /^(api[-_]?key|apikey|key|token|access[-_]?token|auth[-_]?token|api[-_]?token|secret|client[-_]?secret|password|sig|signature)$/i;

const SCHEME = /^([A-Za-z][A-Za-z0-9._~+/-]{0,39})\s+(\S.*)$/;

export function learnCredential(
  headers: readonly { name: string; value: string }[],
  query: readonly [string, string][],
): LearnedCredential {
  const found: CredentialPlacement[] = [];
  const keptHeaders: { name: string; value: string }[] = [];
  for (const header of headers) {
    const placement = headerPlacement(header.name, header.value);
    if (placement === null) keptHeaders.push(header);
    else found.push(placement);
  }
  const keptQuery: [string, string][] = [];
  // a name given twice is a list of values (`key=one&key=two`), never where one key goes
  const repeated = new Set(query.map(([name]) => name).filter((name, i, names) => names.indexOf(name) !== i));
  for (const [name, value] of query) {
    // its place among the pairs that stay, so the key is sent where the example had it
    if (KEY_QUERY.test(name) && value !== '' && !repeated.has(name)) found.push({ in: 'query', name, at: keptQuery.length });
    else keptQuery.push([name, value]);
  }
  // a key that stood last needs no place: that is where one goes by default
  for (const placement of found) if (placement.in === 'query' && placement.at === keptQuery.length) delete placement.at;
  const notes: string[] = [];
  const [first, ...others] = found;
  if (others.length > 0) {
    notes.push(
      `The example carries ${found.length} credentials (${found.map(describeWhere).join(', ')}); the profile sends one key, as ` +
        `${describeWhere(first!)}. The others were left out`,
    );
  }
  const isBearer =
    first !== undefined && first.in === 'header' && first.name.toLowerCase() === 'authorization' && first.scheme.toLowerCase() === 'bearer';
  if (first !== undefined && !isBearer)
    notes.push(
      `The key goes as ${describeWhere(first)}; the pasted value was not kept: the profile's key is read from the keychain when a request is sent`,
    );
  if (first?.in === 'basic' && /[$<>{}]/.test(first.username))
    notes.push(`The user name ${first.username.slice(0, 60)} looks like a placeholder: paste the example with your account id in it`);
  return { placement: first === undefined || isBearer ? undefined : first, headers: keptHeaders, query: keptQuery, notes };
}

/** The placement a header stands for, or null when it is not a credential. */
function headerPlacement(name: string, value: string): CredentialPlacement | null {
  const lower = name.trim().toLowerCase();
  if (APP_HEADERS.has(lower)) return null;
  if (lower === 'authorization') {
    const scheme = SCHEME.exec(value.trim());
    if (scheme === null) return { in: 'header', name: 'Authorization', scheme: '' };
    if (scheme[1]!.toLowerCase() === 'basic') return basicPlacement(scheme[2]!);
    return { in: 'header', name: 'Authorization', scheme: scheme[1]! };
  }
  if (!KEY_HEADER.test(lower)) return null;
  const scheme = SCHEME.exec(value.trim());
  // `X-Api-Key: Bearer abc` keeps its scheme word; a bare value is sent bare
  return { in: 'header', name: name.trim(), scheme: scheme !== null && /^(bearer|token|key|apikey)$/i.test(scheme[1]!) ? scheme[1]! : '' };
}

/** `Basic base64(user:password)`: the user name is kept (an account id), the password is the key. */
function basicPlacement(encoded: string): CredentialPlacement {
  // Node's base64 decoder never throws; what is not base64 decodes to text without a readable user
  const pair = Buffer.from(encoded.trim(), 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  // eslint-disable-next-line no-control-regex
  const username = colon > 0 && !/[\u0000-\u001f\u007f\ufffd]/.test(pair.slice(0, colon)) ? pair.slice(0, colon) : '';
  // without a readable user name the whole `user:password` pair is the key, sent as Basic
  return username === '' || username.length > 200 ? { in: 'header', name: 'Authorization', scheme: 'Basic' } : { in: 'basic', username };
}

function describeWhere(placement: CredentialPlacement): string {
  switch (placement.in) {
    case 'header':
      return placement.scheme === '' ? `the ${placement.name} header` : `${placement.name}: ${placement.scheme}`;
    case 'basic':
      return `HTTP Basic (user ${placement.username})`;
    case 'query':
      return `the query parameter ${placement.name}`;
  }
}
