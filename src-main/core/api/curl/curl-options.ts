// curl's options (curl 8: src/tool_getparam.c). Knowing which take a value is what keeps the
// value of an unsupported option from being read as the URL. The sets below only name options;
// curl-arguments.ts decides what each one does to the request.

export const VALUE_OPTIONS = new Set(
  `
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
`
    .split(/\s+/)
    .filter(Boolean),
);

export const FLAG_OPTIONS = new Set(
  `
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
`
    .split(/\s+/)
    .filter(Boolean),
);

export const SHORT_OPTIONS: Readonly<Record<string, string>> = {
  a: 'append',
  A: 'user-agent',
  b: 'cookie',
  B: 'use-ascii',
  c: 'cookie-jar',
  C: 'continue-at',
  d: 'data',
  D: 'dump-header',
  e: 'referer',
  E: 'cert',
  f: 'fail',
  F: 'form',
  g: 'globoff',
  G: 'get',
  h: 'help',
  H: 'header',
  i: 'include',
  I: 'head',
  j: 'junk-session-cookies',
  J: 'remote-header-name',
  k: 'insecure',
  K: 'config',
  l: 'list-only',
  L: 'location',
  m: 'max-time',
  M: 'manual',
  n: 'netrc',
  N: 'buffer',
  o: 'output',
  O: 'remote-name',
  p: 'proxytunnel',
  P: 'ftp-port',
  q: 'disable',
  Q: 'quote',
  r: 'range',
  R: 'remote-time',
  s: 'silent',
  S: 'show-error',
  t: 'telnet-option',
  T: 'upload-file',
  u: 'user',
  U: 'proxy-user',
  v: 'verbose',
  V: 'version',
  w: 'write-out',
  x: 'proxy',
  X: 'request',
  y: 'speed-time',
  Y: 'speed-limit',
  z: 'time-cond',
  Z: 'parallel',
  '0': 'http1.0',
  '1': 'tlsv1',
  '2': 'sslv2',
  '3': 'sslv3',
  '4': 'ipv4',
  '6': 'ipv6',
  '#': 'progress-bar',
  ':': 'next',
};

/** Only change how curl itself behaves (output, progress, retries, timeouts, HTTP/TLS versions). */
export const QUIET_IGNORED = new Set(
  `
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
`
    .split(/\s+/)
    .filter(Boolean),
);

export const INSECURE = new Set(['insecure', 'doh-insecure', 'ssl-no-revoke', 'ssl-revoke-best-effort', 'ssl-allow-beast']);
export const TRUST_FILES = new Set(['cacert', 'capath', 'crlfile', 'pinnedpubkey']);
export const ADDRESSING = new Set(['resolve', 'connect-to', 'doh-url']);
export const NETRC = new Set(['netrc', 'netrc-file', 'netrc-optional']);
export const AUTH_SCHEMES = new Set(['digest', 'ntlm', 'ntlm-wb', 'negotiate', 'anyauth']);
/** Values not echoed in `ignored`/`unknown`: they may be passwords or tokens. */
export const SECRET_VALUES = new Set([
  'user',
  'proxy-user',
  'pass',
  'proxy-pass',
  'tlspassword',
  'tlsuser',
  'proxy-tlspassword',
  'proxy-tlsuser',
  'cert',
  'proxy-cert',
  'oauth2-bearer',
  'login-options',
  'variable',
  'aws-sigv4',
  // curl 8's --expand-* options take values with {{variables}}: a header or user line, often a key
  'expand-header',
  'expand-user',
  'expand-url',
  'expand-data',
  'expand-data-raw',
  'expand-data-binary',
  'expand-data-urlencode',
  'expand-json',
  'expand-form',
  'expand-form-string',
  'expand-oauth2-bearer',
  'ftp-account',
  'proxy-header',
  'netrc-file',
  'key',
  'proxy-key',
  'hostpubmd5',
  'hostpubsha256',
  'pinnedpubkey',
]);

export function isProxyOption(name: string): boolean {
  return (
    name === 'proxy' ||
    name === 'preproxy' ||
    name === 'proxy1.0' ||
    name === 'proxytunnel' ||
    name.startsWith('proxy-') ||
    name.startsWith('socks')
  );
}
