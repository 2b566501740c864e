// The request as the options given so far describe it (a Draft), and what each option sets in
// it. Every change to a Draft is made here: curl-arguments.ts decides which option calls what,
// curl-parse.ts turns the finished Draft into the request.
import { CurlParseError, preview } from './curl-error';
import { formEncode } from './curl-encoding';
import type { FormPart } from './curl-form';
import { SECRET_VALUES } from './curl-options';

export interface HeaderEntry {
  name: string;
  value: string;
  /** made by -A, -e, -b, -u, --oauth2-bearer, -r: an explicit -H of the same name replaces it, as in curl */
  derived: boolean;
}

export interface Draft {
  method: string | null;
  head: boolean;
  get: boolean;
  urls: string[];
  headers: HeaderEntry[];
  derived: Map<string, HeaderEntry>;
  /** names an explicit -H set or removed (-H 'Accept:'), lower-case */
  explicit: Set<string>;
  data: string | null;
  /** -F parts, in order (a multipart/form-data body) */
  form: FormPart[] | null;
  json: boolean;
  query: string | null;
  globoff: boolean;
  authScheme: string | null;
  hasUser: boolean;
  ignored: string[];
  unknown: string[];
  warnings: string[];
}

export function newDraft(): Draft {
  return {
    method: null,
    head: false,
    get: false,
    urls: [],
    headers: [],
    derived: new Map(),
    explicit: new Set(),
    data: null,
    form: null,
    json: false,
    query: null,
    globoff: false,
    authScheme: null,
    hasUser: false,
    ignored: [],
    unknown: [],
    warnings: [],
  };
}

export function record(list: string[], name: string, spelled: string, value: string | null): void {
  if (value === null) list.push(spelled);
  else list.push(`${spelled} ${SECRET_VALUES.has(name) ? '(hidden)' : value}`);
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function setMethod(draft: Draft, spelled: string, value: string): void {
  if (!TOKEN.test(value)) throw new CurlParseError(`${spelled} ${preview(value)} is not a valid HTTP method`);
  draft.method = value.toUpperCase();
}

/** -H 'Name: value'; 'Name;' sends an empty value; 'Name:' only removes curl's own header. */
export function addHeader(draft: Draft, spelled: string, raw: string): void {
  if (raw.startsWith('@'))
    throw new CurlParseError(
      `${spelled} ${preview(raw)} reads headers from a local file, which cannot be read from a pasted command; paste the headers themselves`,
    );
  if (raw.trim() === '') {
    draft.warnings.push(`an empty ${spelled} was ignored`);
    record(draft.ignored, 'header', spelled, "''");
    return;
  }
  const { name, value, removes } = splitHeader(spelled, raw);
  checkHeader(name, value);
  draft.explicit.add(name.toLowerCase());
  if (removes) {
    draft.warnings.push(`${spelled} '${name}:' only stops curl from sending its own ${name} header; it was ignored`);
    record(draft.ignored, 'header', spelled, `${name}:`);
    return;
  }
  draft.headers.push({ name, value, derived: false });
}

function splitHeader(spelled: string, raw: string): { name: string; value: string; removes: boolean } {
  const colon = raw.indexOf(':');
  if (colon === -1) {
    const semi = raw.indexOf(';');
    if (semi > 0 && raw.slice(semi + 1).trim() === '') return { name: raw.slice(0, semi).trim(), value: '', removes: false };
    // only the first word is quoted: the rest of a header line is often its credential
    throw new CurlParseError(
      `the header starting ${preview(raw.trim().split(/\s/, 1)[0]!.slice(0, 40))} (${spelled}) has no colon; write it as Name: value`,
    );
  }
  const value = raw
    .slice(colon + 1)
    .replace(/^[ \t]+/, '')
    .replace(/[ \t]+$/, '');
  return { name: raw.slice(0, colon).trim(), value, removes: value === '' };
}

const TYPOGRAPHIC_QUOTES = /[\u201c\u201d\u201e\u2018\u2019]/;

export function rejectTypographicQuotes(what: string, text: string): void {
  if (TYPOGRAPHIC_QUOTES.test(text)) {
    throw new CurlParseError(
      `${what} contains typographic quotes (“ ” ‘ ’), as chat apps and word processors write them; type straight quotes (" or ') instead`,
    );
  }
}

function checkHeader(name: string, value: string): void {
  rejectTypographicQuotes(`the header ${preview(name)}`, name);
  if (!TOKEN.test(name))
    throw new CurlParseError(`${preview(name)} is not a valid header name; header names cannot contain spaces or punctuation like : ( ) "`);
  if (/[\r\n]/.test(value))
    throw new CurlParseError(`the value of the ${name} header contains a line break; a header value must be one line`);
  // eslint-disable-next-line no-control-regex -- exactly the characters HTTP forbids in a header value
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
    throw new CurlParseError(`the value of the ${name} header contains a control character; remove it`);
}

/** The one header an option like -A owns: set where the option first appears, last value wins. */
export function setDerived(draft: Draft, name: string, value: string | null, checked = false): void {
  const key = name.toLowerCase();
  const entry = draft.derived.get(key);
  if (value !== null && !checked) checkHeader(name, value);
  if (entry !== undefined && value !== null) entry.value = value;
  else if (entry !== undefined) {
    draft.headers.splice(draft.headers.indexOf(entry), 1);
    draft.derived.delete(key);
  } else if (value !== null) {
    const created: HeaderEntry = { name, value, derived: true };
    draft.headers.push(created);
    draft.derived.set(key, created);
  }
}

export function setReferer(draft: Draft, value: string): void {
  // curl's ";auto" suffix only adds Referer on redirects
  const referer = value.endsWith(';auto') ? value.slice(0, -5) : value;
  setDerived(draft, 'Referer', referer === '' ? null : referer);
}

/** -b 'a=1; b=2' is a Cookie header (several -b join with "; "); -b file reads a cookie file. */
export function addCookie(draft: Draft, spelled: string, value: string): void {
  if (!value.includes('=')) {
    record(draft.ignored, 'cookie', spelled, value);
    draft.warnings.push(
      `${spelled} ${preview(value)} reads cookies from a local file, which cannot be read from a pasted command; no cookies were added`,
    );
    return;
  }
  const existing = draft.derived.get('cookie');
  // only the new part is checked: re-checking the whole growing header made 10,000 -b quadratic
  checkHeader('Cookie', value);
  setDerived(draft, 'Cookie', existing === undefined ? value : `${existing.value}; ${value}`, true);
}

export function setBasicAuth(draft: Draft, spelled: string, value: string): void {
  if (!value.includes(':')) {
    throw new CurlParseError(`${spelled} gives only a user name, so curl would ask for the password; write ${spelled} user:password`);
  }
  draft.hasUser = true;
  setDerived(draft, 'Authorization', `Basic ${Buffer.from(value, 'utf8').toString('base64')}`);
}

/** curl's rule: pieces join with & (none before a --json piece, none after an empty body). */
export function addData(draft: Draft, kind: string, spelled: string, value: string): void {
  const piece = dataPiece(kind, spelled, value);
  if (draft.data === null) draft.data = piece;
  else draft.data += draft.data !== '' && kind !== 'json' ? `&${piece}` : piece;
  if (kind === 'json') draft.json = true;
}

function dataPiece(kind: string, spelled: string, value: string): string {
  if (kind === 'data-urlencode') return urlencodeData(spelled, value);
  if (kind === 'data-raw' || !value.startsWith('@')) return value;
  if (value === '@-')
    throw new CurlParseError(
      `${spelled} @- reads the body from standard input, which a pasted command cannot provide; paste the body itself with --data-raw`,
    );
  throw new CurlParseError(
    `the body of ${spelled} ${preview(value)} refers to a local file, which cannot be read from a pasted command; paste the body itself with --data-raw`,
  );
}

/** --data-urlencode: content, =content, name=content (name kept as is), name@file, @file. */
function urlencodeData(spelled: string, value: string): string {
  const eq = value.indexOf('=');
  if (eq !== -1) {
    const name = value.slice(0, eq);
    const encoded = formEncode(value.slice(eq + 1));
    return name === '' ? encoded : `${name}=${encoded}`;
  }
  if (value.includes('@')) {
    throw new CurlParseError(
      `${spelled} ${preview(value)} reads its content from a local file, which cannot be read from a pasted command; write name=value instead`,
    );
  }
  return formEncode(value);
}

/** --url-query: like --data-urlencode, or taken as is after a leading +. */
export function addQuery(draft: Draft, spelled: string, value: string): void {
  const piece = value.startsWith('+') ? value.slice(1) : urlencodeData(spelled, value);
  draft.query = draft.query === null ? piece : `${draft.query}&${piece}`;
}
