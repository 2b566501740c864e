// Which proxy a request to an origin goes through, from the environment variables curl, git and
// most command-line tools read (lower-case first, as curl does): HTTPS_PROXY for https,
// HTTP_PROXY for http, ALL_PROXY for both, and NO_PROXY's exceptions. Pure, so the rules are
// tested without a network.

import { memoByText } from '../../memo';

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string): string | undefined => {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value?.trim() ? value.trim() : undefined;
};

/**
 * An origin parsed, and whether it is this machine, remembered: every request asks, for the same
 * few origins, and the parse was most of a request to loopback's route. Frozen: it is shared.
 */
const originOf = memoByText((origin: string): Readonly<{ url: URL; loopback: boolean }> | null => {
  try {
    const url = new URL(origin);
    return Object.freeze({ url, loopback: isLoopbackHost(url.hostname) });
  } catch {
    return null;
  }
});

/** the proxy URL for `origin` (e.g. "http://proxy.corp:3128"), or null to connect directly */
export function proxyForOrigin(origin: string, env: Env): string | null {
  const parsed = originOf(origin);
  // This machine is never reached through a proxy, NO_PROXY or not: the proxy would see the
  // request, the key in its Authorization header included, in clear text (the sandbox and
  // local services are plain http), and could not reach the right "localhost" anyway.
  if (parsed === null || parsed.loopback) return null;
  const { url } = parsed;
  const proxy = proxyVariable(url, env);
  if (!proxy || bypassed(url, read(env, 'no_proxy') ?? '')) return null;
  // "proxy.corp:3128" without a scheme is meant as http, as curl reads it
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

/**
 * Whether the environment settles the way to `origin` on its own: a proxy variable for its
 * scheme is set, or NO_PROXY lists it. Then the OS's proxy settings are not asked; the
 * variables a person set in their terminal come first, as they always have.
 */
export function environmentDecides(origin: string, env: Env): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true;
  }
  return proxyVariable(url, env) !== undefined || bypassed(url, read(env, 'no_proxy') ?? '');
}

/** HTTPS_PROXY for https, HTTP_PROXY for http, ALL_PROXY for both */
function proxyVariable(url: URL, env: Env): string | undefined {
  return url.protocol === 'https:'
    ? (read(env, 'https_proxy') ?? read(env, 'all_proxy'))
    : (read(env, 'http_proxy') ?? read(env, 'all_proxy'));
}

function bypassed(url: URL, noProxy: string): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((rule) => {
      if (rule === '*') return true;
      const [ruleHost = '', rulePort] = splitHostPort(rule.toLowerCase());
      if (rulePort && rulePort !== port) return false;
      const bare = ruleHost.replace(/^\*?\./, '');
      return host === bare || host.endsWith(`.${bare}`);
    });
}

function splitHostPort(rule: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(rule);
  if (bracketed) return [bracketed[1] ?? '', bracketed[2]];
  const parts = rule.split(':');
  // an IPv6 address without brackets has several colons and no port
  if (parts.length === 2 && /^\d+$/.test(parts[1] ?? '')) return [parts[0] ?? '', parts[1]];
  return [rule, undefined];
}

/**
 * 127.0.0.0/8, ::1 (also as an IPv4-mapped address), localhost and *.localhost (RFC 6761), for
 * a hostname as URL gives it: IPv4 forms already normalised ("127.1" is "127.0.0.1"), IPv6 in
 * brackets and compressed.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // ::ffff:127.x.y.z, which URL writes as ::ffff:7fxx:xxxx
  return /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.test(host);
}
