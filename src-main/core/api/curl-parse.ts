// A pasted cURL command -> the request it would send (method, URL, headers, body), without
// running anything. The text is split into words the way its shell would (curl-shell.ts), then
// the words are read the way curl 8 reads them: long options with or without `=`, short options
// clustered (-sSL) or glued to their value (-XPOST), `--` ending the options.
//
// - Every option curl knows is recognised, so an option's value is never mistaken for a URL.
//   Options that change the request are applied; those that only change curl's own behaviour
//   (output, retries, timeouts, HTTP version) land in `ignored`; the rest are reported in
//   `unknown`, never dropped silently. Values that may hold secrets are not echoed there.
// - Anything the pasted text alone cannot reproduce is refused with a sentence saying what to
//   do: local files (-d @file, -T, -K), multipart (-F), several requests, other schemes.
// - Bodies are kept byte for byte: several -d are joined with `&` as curl joins them; only
//   --data-urlencode encodes, the way curl does (space as +).
import { CurlParseError, commandStart, splitShellWords } from './curl-shell';

export { CurlParseError } from './curl-shell';

export interface ParsedCurl {
  /** upper-case; from -X/--request, else HEAD for -I, GET for -G, POST when a body is given, else GET */
  method: string;
  /** absolute http(s) URL as given (with -G data and --url-query appended to its query) */
  url: string;
  /** in the order given; -A, -e, -b, -u, --oauth2-bearer and -r become headers where they appear */
  headers: { name: string; value: string }[];
  /** the body exactly as curl would send it, or null */
  body: string | null;
  /** options that were understood but do not change the request (-L, -s, -o file, --max-time 10, ...) */
  ignored: string[];
  /** options this parser does not apply: reported, never silently dropped */
  unknown: string[];
  /** human sentences about what was assumed or left out */
  warnings: string[];
}

/** Larger pastes are refused before any parsing: no curl command people paste is that big. */
export const MAX_PASTE_BYTES = 256 * 1024;

export function parseCurl(text: string): ParsedCurl {
  rejectOversized(text);
  if (text.trim() === '') throw new CurlParseError('the pasted text is empty; paste a curl command');
  assertStartsWithCurl(text);
  const shell = splitShellWords(text);
  const [command, ...args] = shell.words;
  if (command === undefined || !isCurlProgram(command)) throw notCurl();
  const draft = readArguments(args);
  return buildRequest(draft, shell.warnings);
}

function rejectOversized(text: string): void {
  // a UTF-16 length above the limit is always more bytes than that, and costs nothing to check
  if (text.length > MAX_PASTE_BYTES || Buffer.byteLength(text, 'utf8') > MAX_PASTE_BYTES) {
    throw new CurlParseError('the pasted text is larger than 256 KiB; paste only the curl command');
  }
}

function notCurl(): CurlParseError {
  return new CurlParseError('this does not look like a curl command; it should start with curl');
}

/** Checked on the raw text first, so prose or another command gets this message, not a quoting error. */
function assertStartsWithCurl(text: string): void {
  const start = commandStart(text);
  const head = text.slice(start, start + 64);
  const word = head.split(/\s/, 1)[0] ?? '';
  const unquoted = word.replace(/^(\^?["'])/, '').replace(/(\^?["'])?[\\^`]?$/, '');
  if (!isCurlProgram(unquoted)) throw notCurl();
}

function isCurlProgram(word: string): boolean {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  return base === 'curl' || base === 'curl.exe';
}

// ---------------------------------------------------------------------------------------------
// curl's options (curl 8: src/tool_getparam.c). Knowing which take a value is what keeps the
// value of an unsupported option from being read as the URL.

const VALUE_OPTIONS = new Set(`
abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config connect-timeout
connect-to continue-at cookie cookie-jar create-file-mode crlfile curves data data-ascii data-binary
data-raw data-urlencode delegation dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers doh-url
dump-header ech egd-file engine etag-compare etag-save expect100-timeout form form-string ftp-account
ftp-alternative-to-user ftp-method ftp-port ftp-ssl-ccc-mode happy-eyeballs-timeout-ms
haproxy-clientip header hostpubmd5 hostpubsha256 hsts interface ip-tos ipfs-gateway json
keepalive-cnt keepalive-time key key-type knownhosts krb krb4 libcurl limit-rate local-port
login-options mail-auth mail-from mail-rcpt max-filesize max-redirs max-time netrc-file noproxy
oauth2-bearer output output-dir parallel-max parallel-max-host pass pinnedpubkey preproxy proto
proto-default proto-redir proxy proxy-cacert proxy-capath proxy-cert proxy-cert-type proxy-ciphers
proxy-crlfile proxy-header proxy-key proxy-key-type proxy-pass proxy-pinnedpubkey
proxy-service-name proxy-tls13-ciphers proxy-tlsauthtype proxy-tlspassword proxy-tlsuser proxy-user
proxy1.0 pubkey quote random-file range rate referer request request-target resolve retry
retry-delay retry-max-time sasl-authzid service-name sigalgs socks4 socks4a socks5
socks5-gssapi-service socks5-hostname speed-limit speed-time ssl-sessions stderr telnet-option
tftp-blksize time-cond tls-max tls13-ciphers tlsauthtype tlspassword tlsuser trace trace-ascii
trace-config unix-socket upload-file upload-flags url url-query user user-agent variable
vlan-priority write-out
`.split(/\s+/).filter(Boolean));

const FLAG_OPTIONS = new Set(`
alpn anyauth append basic buffer ca-native cert-status clobber compressed compressed-ssh create-dirs
crlf digest disable disable-eprt disable-epsv disallow-username-in-url doh-cert-status doh-insecure
dump-ca-embed eprt epsv fail fail-early fail-with-body false-start follow form-escape
ftp-create-dirs ftp-pasv ftp-pret ftp-skip-pasv-ip ftp-ssl ftp-ssl-ccc ftp-ssl-control ftp-ssl-reqd
get globoff haproxy-protocol head help http0.9 http1.0 http1.1 http2 http2-prior-knowledge http3
http3-only ignore-content-length include insecure ipv4 ipv6 junk-session-cookies keepalive
list-only location location-trusted mail-rcpt-allowfails manual metalink mptcp negotiate netrc
netrc-optional next npn ntlm ntlm-wb out-null parallel parallel-immediate path-as-is post301
post302 post303 progress-bar progress-meter proxy-anyauth proxy-basic proxy-ca-native proxy-digest
proxy-http2 proxy-insecure proxy-negotiate proxy-ntlm proxy-ssl-allow-beast
proxy-ssl-auto-client-cert proxy-tlsv1 proxytunnel raw remote-header-name remote-name
remote-name-all remote-time remove-on-error retry-all-errors retry-connrefused sasl-ir sessionid
show-error show-headers silent skip-existing socks5-basic socks5-gssapi socks5-gssapi-nec ssl
ssl-allow-beast ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort sslv2 sslv3
styled-output suppress-connect-headers tcp-fastopen tcp-nodelay tftp-no-options tls-earlydata
tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace-ids trace-time use-ascii verbose version
xattr
`.split(/\s+/).filter(Boolean));

const SHORT_OPTIONS: Readonly<Record<string, string>> = {
  a: 'append', A: 'user-agent', b: 'cookie', B: 'use-ascii', c: 'cookie-jar', C: 'continue-at',
  d: 'data', D: 'dump-header', e: 'referer', E: 'cert', f: 'fail', F: 'form', g: 'globoff',
  G: 'get', h: 'help', H: 'header', i: 'include', I: 'head', j: 'junk-session-cookies',
  J: 'remote-header-name', k: 'insecure', K: 'config', l: 'list-only', L: 'location',
  m: 'max-time', M: 'manual', n: 'netrc', N: 'buffer', o: 'output', O: 'remote-name',
  p: 'proxytunnel', P: 'ftp-port', q: 'disable', Q: 'quote', r: 'range', R: 'remote-time',
  s: 'silent', S: 'show-error', t: 'telnet-option', T: 'upload-file', u: 'user', U: 'proxy-user',
  v: 'verbose', V: 'version', w: 'write-out', x: 'proxy', X: 'request', y: 'speed-time',
  Y: 'speed-limit', z: 'time-cond', Z: 'parallel', '0': 'http1.0', '1': 'tlsv1', '2': 'sslv2',
  '3': 'sslv3', '4': 'ipv4', '6': 'ipv6', '#': 'progress-bar', ':': 'next',
};

/** Only change how curl itself behaves (output, progress, retries, timeouts, HTTP/TLS versions). */
const QUIET_IGNORED = new Set(`
connect-timeout cookie-jar create-file-mode dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers
dump-header expect100-timeout happy-eyeballs-timeout-ms interface ip-tos keepalive-cnt
keepalive-time libcurl limit-rate local-port max-filesize max-redirs max-time output output-dir
parallel-max parallel-max-host proto proto-default proto-redir rate retry retry-delay
retry-max-time speed-limit speed-time stderr trace trace-ascii trace-config write-out tls-max
ciphers tls13-ciphers curves sigalgs ssl-sessions alt-svc hsts etag-save vlan-priority egd-file
random-file engine noproxy
alpn buffer ca-native cert-status clobber compressed create-dirs disable disallow-username-in-url
fail fail-early fail-with-body false-start follow globoff http0.9 http1.0 http1.1 http2
http2-prior-knowledge http3 http3-only ignore-content-length include ipv4 ipv6
junk-session-cookies keepalive location location-trusted metalink mptcp npn out-null parallel
parallel-immediate path-as-is post301 post302 post303 progress-bar progress-meter raw
remote-header-name remote-name remote-name-all remote-time remove-on-error retry-all-errors
retry-connrefused sessionid show-error show-headers silent skip-existing ssl ssl-reqd sslv2 sslv3
styled-output suppress-connect-headers tcp-fastopen tcp-nodelay tls-earlydata tlsv1 tlsv1.0
tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace-ids trace-time verbose xattr basic
`.split(/\s+/).filter(Boolean));

const INSECURE = new Set(['insecure', 'doh-insecure', 'ssl-no-revoke', 'ssl-revoke-best-effort', 'ssl-allow-beast']);
const TRUST_FILES = new Set(['cacert', 'capath', 'crlfile', 'pinnedpubkey']);
const ADDRESSING = new Set(['resolve', 'connect-to', 'doh-url']);
const NETRC = new Set(['netrc', 'netrc-file', 'netrc-optional']);
const AUTH_SCHEMES = new Set(['digest', 'ntlm', 'ntlm-wb', 'negotiate', 'anyauth']);
/** Values not echoed in `ignored`/`unknown`: they may be passwords or tokens. */
const SECRET_VALUES = new Set([
  'user', 'proxy-user', 'pass', 'proxy-pass', 'tlspassword', 'tlsuser', 'proxy-tlspassword',
  'proxy-tlsuser', 'cert', 'proxy-cert', 'oauth2-bearer', 'login-options', 'variable', 'aws-sigv4',
]);

function isProxyOption(name: string): boolean {
  return name === 'proxy' || name === 'preproxy' || name === 'proxy1.0' || name === 'proxytunnel'
    || name.startsWith('proxy-') || name.startsWith('socks');
}

// ---------------------------------------------------------------------------------------------
// Reading the arguments

interface HeaderEntry {
  name: string;
  value: string;
  /** made by -A, -e, -b, -u, --oauth2-bearer, -r: an explicit -H of the same name replaces it, as in curl */
  derived: boolean;
}

interface Draft {
  method: string | null;
  head: boolean;
  get: boolean;
  urls: string[];
  headers: HeaderEntry[];
  derived: Map<string, HeaderEntry>;
  /** names an explicit -H set or removed (-H 'Accept:'), lower-case */
  explicit: Set<string>;
  data: string | null;
  json: boolean;
  query: string | null;
  globoff: boolean;
  authScheme: string | null;
  hasUser: boolean;
  ignored: string[];
  unknown: string[];
  warnings: string[];
}

function newDraft(): Draft {
  return {
    method: null, head: false, get: false, urls: [], headers: [], derived: new Map(), explicit: new Set(),
    data: null, json: false, query: null, globoff: false, authScheme: null, hasUser: false,
    ignored: [], unknown: [], warnings: [],
  };
}

function readArguments(args: string[]): Draft {
  const draft = newDraft();
  let optionsEnded = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    if (optionsEnded || !arg.startsWith('-')) draft.urls.push(arg);
    else if (arg === '--') optionsEnded = true; // curl: what follows is a URL even if it starts with -
    else if (arg === '-') draft.unknown.push(arg);
    else if (arg.startsWith('--') ? readLongOption(draft, arg, next) : readShortOptions(draft, arg, next)) i += 1;
  }
  return draft;
}

/** --name, --name value, --name=value, --no-name. Returns whether the next argument was its value. */
function readLongOption(draft: Draft, arg: string, next: string | undefined): boolean {
  const eq = arg.indexOf('=');
  const spelled = eq === -1 ? arg : arg.slice(0, eq);
  const inline = eq === -1 ? null : arg.slice(eq + 1);
  let name = spelled.slice(2).toLowerCase();
  if (name.startsWith('expand-') && VALUE_OPTIONS.has(name.slice(7))) {
    // curl 8.3's --expand-x fills {{variables}} set by --variable, which are not read here
    const value = inline ?? requireValue(spelled, next);
    draft.unknown.push(`${spelled} ${value}`);
    return inline === null;
  }
  let toggle = true;
  if (!FLAG_OPTIONS.has(name) && !VALUE_OPTIONS.has(name) && name.startsWith('no-') && FLAG_OPTIONS.has(name.slice(3))) {
    name = name.slice(3);
    toggle = false;
  }
  if (FLAG_OPTIONS.has(name)) {
    applyFlag(draft, name, spelled, toggle);
    return false;
  }
  if (!VALUE_OPTIONS.has(name)) {
    draft.unknown.push(arg);
    return false;
  }
  if (inline !== null) {
    applyValue(draft, name, spelled, inline);
    return false;
  }
  applyValue(draft, name, spelled, requireValue(spelled, next));
  return true;
}

/** -sSL, -XPOST, -H value. A letter taking a value takes the rest of the cluster, or the next argument. */
function readShortOptions(draft: Draft, arg: string, next: string | undefined): boolean {
  for (let k = 1; k < arg.length; k += 1) {
    const letter = arg.charAt(k);
    const name = SHORT_OPTIONS[letter];
    if (name === undefined) {
      // an unknown letter may take a value: the rest of the cluster cannot be read reliably
      draft.unknown.push(`-${arg.slice(k)}`);
      return false;
    }
    if (VALUE_OPTIONS.has(name)) {
      if (k + 1 < arg.length) {
        applyValue(draft, name, `-${letter}`, arg.slice(k + 1));
        return false;
      }
      applyValue(draft, name, `-${letter}`, requireValue(`-${letter}`, next));
      return true;
    }
    applyFlag(draft, name, `-${letter}`, letter !== 'N'); // -N is --no-buffer
  }
  return false;
}

function requireValue(spelled: string, next: string | undefined): string {
  if (next === undefined) throw new CurlParseError(`${spelled} at the end of the command needs a value after it`);
  return next;
}

function record(list: string[], name: string, spelled: string, value: string | null): void {
  if (value === null) list.push(spelled);
  else list.push(`${spelled} ${SECRET_VALUES.has(name) ? '(hidden)' : value}`);
}

function applyFlag(draft: Draft, name: string, spelled: string, toggle: boolean): void {
  switch (name) {
    case 'get': draft.get = toggle; return;
    case 'head': draft.head = toggle; return;
    case 'next': throw new CurlParseError('the command makes more than one request (--next); paste one request at a time');
    case 'globoff': draft.globoff = toggle; break;
    default: break;
  }
  if (AUTH_SCHEMES.has(name)) {
    draft.authScheme = toggle ? name : null;
    record(draft.unknown, name, spelled, null);
  } else if (QUIET_IGNORED.has(name) || (!toggle && FLAG_OPTIONS.has(name))) {
    // a --no-x form only turns something off that the app never turns on
    record(draft.ignored, name, spelled, null);
  } else if (ignoredWithWarning(draft, name)) record(draft.ignored, name, spelled, null);
  else record(draft.unknown, name, spelled, null);
}

/** Options that do not change the request but that a person should know were dropped. */
function ignoredWithWarning(draft: Draft, name: string): boolean {
  let warning: string | null = null;
  if (INSECURE.has(name)) warning = `--${name} was ignored: the app always checks certificates`;
  else if (TRUST_FILES.has(name)) warning = `--${name} was ignored: the app checks certificates against its own trusted list`;
  else if (isProxyOption(name)) warning = `--${name} was ignored: the app connects to the server directly, without a proxy`;
  else if (ADDRESSING.has(name)) warning = `--${name} was ignored: the app looks up the server's address itself`;
  else if (NETRC.has(name)) warning = `--${name} was ignored: no credentials are read from a .netrc file; add -u user:password or an Authorization header`;
  if (warning === null) return false;
  draft.warnings.push(warning);
  return true;
}

function applyValue(draft: Draft, name: string, spelled: string, value: string): void {
  switch (name) {
    case 'request': setMethod(draft, spelled, value); return;
    case 'url': draft.urls.push(value); return;
    case 'header': addHeader(draft, spelled, value); return;
    case 'data': case 'data-ascii': case 'data-binary': case 'data-raw': case 'data-urlencode': case 'json':
      addData(draft, name, spelled, value); return;
    case 'url-query': addQuery(draft, spelled, value); return;
    case 'user-agent': setDerived(draft, 'User-Agent', value === '' ? null : value); return;
    case 'referer': setReferer(draft, value); return;
    case 'cookie': addCookie(draft, spelled, value); return;
    case 'user': setBasicAuth(draft, spelled, value); return;
    case 'oauth2-bearer': setDerived(draft, 'Authorization', `Bearer ${value}`); return;
    case 'range': setDerived(draft, 'Range', `bytes=${value}`); return;
    case 'form': case 'form-string':
      throw new CurlParseError('multipart form uploads (-F) are not supported; send the fields as a JSON body (--json) or as --data-urlencode name=value instead');
    case 'upload-file':
      throw new CurlParseError(`${spelled} uploads a local file, which cannot be read from a pasted command; paste the body itself with --data-raw`);
    case 'config':
      throw new CurlParseError(`${spelled} reads more options from a config file, which cannot be read from a pasted command; paste the options themselves`);
    default:
      if (QUIET_IGNORED.has(name) || ignoredWithWarning(draft, name)) record(draft.ignored, name, spelled, value);
      else record(draft.unknown, name, spelled, value);
  }
}

// ---------------------------------------------------------------------------------------------
// What the options set

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function setMethod(draft: Draft, spelled: string, value: string): void {
  if (!TOKEN.test(value)) throw new CurlParseError(`${spelled} ${preview(value)} is not a valid HTTP method`);
  draft.method = value.toUpperCase();
}

/** -H 'Name: value'; 'Name;' sends an empty value; 'Name:' only removes curl's own header. */
function addHeader(draft: Draft, spelled: string, raw: string): void {
  if (raw.startsWith('@')) throw new CurlParseError(`${spelled} ${preview(raw)} reads headers from a local file, which cannot be read from a pasted command; paste the headers themselves`);
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
    throw new CurlParseError(`the header ${preview(raw)} (${spelled}) has no colon; write it as Name: value`);
  }
  const value = raw.slice(colon + 1).replace(/^[ \t]+/, '').replace(/[ \t]+$/, '');
  return { name: raw.slice(0, colon).trim(), value, removes: value === '' };
}

const TYPOGRAPHIC_QUOTES = /[\u201c\u201d\u201e\u2018\u2019]/;

function rejectTypographicQuotes(what: string, text: string): void {
  if (TYPOGRAPHIC_QUOTES.test(text)) {
    throw new CurlParseError(`${what} contains typographic quotes (“ ” ‘ ’), as chat apps and word processors write them; type straight quotes (" or ') instead`);
  }
}

function checkHeader(name: string, value: string): void {
  rejectTypographicQuotes(`the header ${preview(name)}`, name);
  if (!TOKEN.test(name)) throw new CurlParseError(`${preview(name)} is not a valid header name; header names cannot contain spaces or punctuation like : ( ) "`);
  if (/[\r\n]/.test(value)) throw new CurlParseError(`the value of the ${name} header contains a line break; a header value must be one line`);
  // eslint-disable-next-line no-control-regex -- exactly the characters HTTP forbids in a header value
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw new CurlParseError(`the value of the ${name} header contains a control character; remove it`);
}

/** The one header an option like -A owns: set where the option first appears, last value wins. */
function setDerived(draft: Draft, name: string, value: string | null): void {
  const key = name.toLowerCase();
  const entry = draft.derived.get(key);
  if (value !== null) checkHeader(name, value);
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

function setReferer(draft: Draft, value: string): void {
  // curl's ";auto" suffix only adds Referer on redirects
  const referer = value.endsWith(';auto') ? value.slice(0, -5) : value;
  setDerived(draft, 'Referer', referer === '' ? null : referer);
}

/** -b 'a=1; b=2' is a Cookie header (several -b join with "; "); -b file reads a cookie file. */
function addCookie(draft: Draft, spelled: string, value: string): void {
  if (!value.includes('=')) {
    record(draft.ignored, 'cookie', spelled, value);
    draft.warnings.push(`${spelled} ${preview(value)} reads cookies from a local file, which cannot be read from a pasted command; no cookies were added`);
    return;
  }
  const existing = draft.derived.get('cookie');
  setDerived(draft, 'Cookie', existing === undefined ? value : `${existing.value}; ${value}`);
}

function setBasicAuth(draft: Draft, spelled: string, value: string): void {
  if (!value.includes(':')) {
    throw new CurlParseError(`${spelled} gives only a user name, so curl would ask for the password; write ${spelled} user:password`);
  }
  draft.hasUser = true;
  setDerived(draft, 'Authorization', `Basic ${Buffer.from(value, 'utf8').toString('base64')}`);
}

/** curl's rule: pieces join with & (none before a --json piece, none after an empty body). */
function addData(draft: Draft, kind: string, spelled: string, value: string): void {
  const piece = dataPiece(kind, spelled, value);
  if (draft.data === null) draft.data = piece;
  else draft.data += draft.data !== '' && kind !== 'json' ? `&${piece}` : piece;
  if (kind === 'json') draft.json = true;
}

function dataPiece(kind: string, spelled: string, value: string): string {
  if (kind === 'data-urlencode') return urlencodeData(spelled, value);
  if (kind === 'data-raw' || !value.startsWith('@')) return value;
  if (value === '@-') throw new CurlParseError(`${spelled} @- reads the body from standard input, which a pasted command cannot provide; paste the body itself with --data-raw`);
  throw new CurlParseError(`the body of ${spelled} ${preview(value)} refers to a local file, which cannot be read from a pasted command; paste the body itself with --data-raw`);
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
    throw new CurlParseError(`${spelled} ${preview(value)} reads its content from a local file, which cannot be read from a pasted command; write name=value instead`);
  }
  return formEncode(value);
}

/** --url-query: like --data-urlencode, or taken as is after a leading +. */
function addQuery(draft: Draft, spelled: string, value: string): void {
  const piece = value.startsWith('+') ? value.slice(1) : urlencodeData(spelled, value);
  draft.query = draft.query === null ? piece : `${draft.query}&${piece}`;
}

/** curl_easy_escape (only A-Z a-z 0-9 - . _ ~ stay) with %20 written as +, as curl's --data-urlencode does. */
export function formEncode(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    if (isUnreserved(byte)) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function isUnreserved(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
    || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
}

// ---------------------------------------------------------------------------------------------
// The request

function buildRequest(draft: Draft, shellWarnings: string[]): ParsedCurl {
  const warnings = [...shellWarnings, ...draft.warnings];
  if (draft.authScheme !== null && draft.hasUser) {
    throw new CurlParseError(`--${draft.authScheme} authentication is not supported; only Basic (-u user:password) and Bearer tokens are`);
  }
  let url = checkUrl(pickUrl(draft), warnings);
  if (!draft.globoff) warnAboutGlobs(url, warnings);
  if (draft.head && draft.data !== null && !draft.get) {
    throw new CurlParseError('-I (HEAD) cannot be combined with a request body (-d); remove one of them');
  }
  let body = draft.data;
  if (draft.get && body !== null) {
    url = appendQuery(url, body);
    body = null;
  }
  if (draft.query !== null) url = appendQuery(url, draft.query);
  const method = draft.method ?? (draft.head ? 'HEAD' : draft.get ? 'GET' : body !== null ? 'POST' : 'GET');
  if ((method === 'GET' || method === 'HEAD') && body !== null && body !== '') {
    warnings.push(`the request is a ${method} with a body, which most servers ignore; use -G to send the data in the query string instead`);
  }
  return {
    method,
    url,
    headers: finalHeaders(draft),
    body,
    ignored: draft.ignored,
    unknown: draft.unknown,
    warnings: [...new Set(warnings)],
  };
}

function finalHeaders(draft: Draft): { name: string; value: string }[] {
  const headers = draft.headers
    .filter((h) => !(h.derived && draft.explicit.has(h.name.toLowerCase())))
    .map((h) => ({ name: h.name, value: h.value }));
  if (draft.json) {
    const present = new Set([...draft.explicit, ...headers.map((h) => h.name.toLowerCase())]);
    if (!present.has('content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
    if (!present.has('accept')) headers.push({ name: 'Accept', value: 'application/json' });
  }
  return headers;
}

function pickUrl(draft: Draft): string {
  const [first, second] = draft.urls;
  if (first === undefined) throw new CurlParseError('the command has no URL; add the address the request goes to');
  if (second !== undefined) throw new CurlParseError(`the command has more than one URL (${preview(first)} and ${preview(second)}); keep only one`);
  return first;
}

/** Only http(s), no credentials in the URL; a URL without a scheme gets https://. */
function checkUrl(raw: string, warnings: string[]): string {
  if (raw === '') throw new CurlParseError('the URL is empty; add the address the request goes to');
  rejectTypographicQuotes(`the URL ${preview(raw)}`, raw);
  if (raw.startsWith('@')) throw new CurlParseError(`the URL ${preview(raw)} reads addresses from a local file, which cannot be read from a pasted command; paste the URL itself`);
  // eslint-disable-next-line no-control-regex -- any blank or control character makes the URL ambiguous
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) throw new CurlParseError(`the URL ${preview(raw)} contains a space or line break; write a space as %20`);
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

function warnAboutGlobs(url: string, warnings: string[]): void {
  const afterScheme = url.indexOf('//') + 2;
  const pathStart = url.slice(afterScheme).search(/[/?#]/);
  if (pathStart !== -1 && /[[\]{}]/.test(url.slice(afterScheme + pathStart))) {
    warnings.push('the URL contains [ ] or { }, which curl would expand into several requests unless given -g; they were kept as written');
  }
}

/** Adds to the query before any #fragment, as curl -G does; the added text is made URL-safe. */
function appendQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const q = base.indexOf('?');
  const separator = q === -1 ? '?' : q === base.length - 1 || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${querySafe(query)}${fragment}`;
}

/**
 * Percent-encodes what cannot stand in a query (blanks, controls, non-ASCII, " # < > \ ^ ` { | }),
 * keeping % & = + and the rest: -d data is meant to be sent as already encoded, as curl sends it.
 */
export function querySafe(text: string): string {
  let out = '';
  const encoder = new TextEncoder();
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && code < 0x7f && !'"#<>\\^`{|}'.includes(char)) out += char;
    else for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value quoted for a message, cut short: messages stay readable for a 200 KB argument. */
function preview(value: string): string {
  const short = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return `"${short}"`;
}
