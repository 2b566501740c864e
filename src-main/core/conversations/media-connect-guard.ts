// The address policy (media-address-policy.ts) applied where the socket is opened: the preview's
// connector resolves the file's host through this lookup, so the address judged is the very one
// connected to. A check of a DNS answer made before the request could be answered differently a
// moment later (a name that "rebinds" from a public address to 127.0.0.1); here there is no
// later. A host given as an IP literal is never looked up: it is judged by name before the fetch.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { CrmError } from '../errors';
import { mediaHostProblem } from './media-address-policy';

type AllCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
type OneCallback = (err: NodeJS.ErrnoException | null, address: string, family: number) => void;

/** dns.lookup's shape with `all: true`: every way of looking up a name here answers all its addresses */
export type LookupAll = (hostname: string, options: LookupAllOptions, callback: AllCallback) => void;

/** the OS's answer, in its own order */
export const systemLookup: LookupAll = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A `lookup` for net.connect / undici's connector that refuses, before any socket opens, a name
 * whose answer holds an address the policy refuses (any of them: happy eyeballs may try each).
 */
export function guardedLookup(serviceHost: string | null, lookup: LookupAll = systemLookup): LookupFunction {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: OneCallback | AllCallback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return void (options.all ? (callback as AllCallback)(err, []) : (callback as OneCallback)(err, '', 0));
      const problem = mediaHostProblem(
        hostname,
        addresses.map((a) => a.address),
        serviceHost,
      );
      if (problem !== null) {
        const refused = new CrmError('validation', problem);
        return void (options.all ? (callback as AllCallback)(refused, []) : (callback as OneCallback)(refused, '', 0));
      }
      if (options.all) return void (callback as AllCallback)(null, addresses);
      const first = addresses[0];
      if (first === undefined)
        return void (callback as OneCallback)(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      (callback as OneCallback)(null, first.address, first.family);
    });
  };
}
