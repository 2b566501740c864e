// Which addresses main may download a contact's file from. The address comes from a webhook
// payload, which may be unsigned: anyone who reaches the listener could name a machine on the
// person's own network (a router's page, a local admin panel) and have main fetch it. So an
// address on a private, loopback or link-local network is refused, unless it is the very host
// the profile's service lives on (a self-hosted bridge on the LAN, the built-in sandbox).
import { isIP } from 'node:net';

/** true for IPv4/IPv6 addresses no public service answers from */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(ip);
  if (version === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  if (version === 6) {
    if (ip === '::' || ip === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(ip);
  }
  return false;
}

/**
 * Why main will not fetch from `host` (resolved to `addresses`), or null when it may. `serviceHost`
 * is the profile's base URL's host: the service itself may serve its files from where it lives.
 */
export function mediaHostProblem(host: string, addresses: readonly string[], serviceHost: string | null): string | null {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (serviceHost !== null && name === serviceHost.replace(/^\[|\]$/g, '').toLowerCase()) return null;
  const local = name === 'localhost' || name.endsWith('.localhost') || isPrivateAddress(name) || addresses.some(isPrivateAddress);
  return local ? `The file's address is on a private or local network (${host}), not at this profile's service: it is not downloaded` : null;
}
