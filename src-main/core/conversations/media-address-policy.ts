// Which addresses main may download a contact's file from. The address comes from a webhook
// payload, which may be unsigned: anyone who reaches the listener could name a machine on the
// person's own network (a router's page, a local admin panel) and have main fetch it. So an
// address on a private, loopback or link-local network is refused, unless it is the very host
// the profile's service lives on (a self-hosted bridge on the LAN, the built-in sandbox).
// An IPv6 address that carries an IPv4 one (mapped ::ffff:a.b.c.d, which the URL parser writes
// as ::ffff:7f00:1; NAT64 64:ff9b::/96; 6to4 2002::/16; Teredo) is judged by the IPv4 it
// carries: the OS or a translator on the way delivers it there.
import { isIP } from 'node:net';

function isPrivateIPv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** the eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail counts as two) */
export function ipv6Groups(ip: string): number[] | null {
  if (isIP(ip) !== 6) return null;
  const bare = ip.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  let text = bare;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1]!.split('.').map(Number);
    text = `${bare.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : null;
}

const v4 = (high: number, low: number): string => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** the IPv4 address an IPv6 one carries (mapped, compatible, translated, NAT64, 6to4, Teredo), or null */
export function embeddedIPv4(ip: string): string | null {
  const g = ipv6Groups(ip);
  if (g === null) return null;
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible, not :: or ::1)
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!);
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return v4(g[6]!, g[7]!);
  // 64:ff9b::/96 (well-known NAT64) and 64:ff9b:1::/48 (local NAT64: the IPv4 in the last 32 bits)
  if (g[0] === 0x64 && g[1] === 0xff9b) return v4(g[6]!, g[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  // 2001:0::/32 (Teredo): the client's IPv4, inverted, in the last 32 bits
  if (g[0] === 0x2001 && g[1] === 0) return v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff);
  return null;
}

/** true for IPv4/IPv6 addresses no public service answers from */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(ip);
  if (version === 4) return isPrivateIPv4(ip);
  if (version === 6) {
    const groups = ipv6Groups(ip);
    if (groups === null) return true;
    if (groups.every((x) => x === 0) || (groups.slice(0, 7).every((x) => x === 0) && groups[7] === 1)) return true;
    const carried = embeddedIPv4(ip);
    if (carried !== null) return isPrivateIPv4(carried);
    const first = groups[0]!;
    // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 old site-local, ff00::/8 multicast,
    // 100::/64 discard, 2001:db8::/32 documentation
    return (
      (first & 0xfe00) === 0xfc00 ||
      (first & 0xffc0) === 0xfe80 ||
      (first & 0xffc0) === 0xfec0 ||
      (first & 0xff00) === 0xff00 ||
      (first === 0x100 && groups.slice(1, 4).every((x) => x === 0)) ||
      (first === 0x2001 && groups[1] === 0xdb8)
    );
  }
  return false;
}

/** the host without brackets, lower case: how a URL's host and the service's are compared */
export function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * Why main will not fetch from `host` (resolved to `addresses`), or null when it may. `serviceHost`
 * is the profile's base URL's host: the service itself may serve its files from where it lives.
 */
export function mediaHostProblem(host: string, addresses: readonly string[], serviceHost: string | null): string | null {
  const name = bareHost(host);
  if (serviceHost !== null && name === bareHost(serviceHost)) return null;
  const local = name === 'localhost' || name.endsWith('.localhost') || isPrivateAddress(name) || addresses.some(isPrivateAddress);
  return local
    ? `The file's address is on a private or local network (${host}), not at this profile's service: it is not downloaded`
    : null;
}
