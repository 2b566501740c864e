// The way out every request of a core takes: the proxy from the environment or the OS
// (proxy-choice.ts) and the trusted certificates with the CA-file setting (ca-file-trust.ts).
// Built once per core and handed to everything that makes a request, so a send, a probe, an
// event stream and a media download all go the same way.
import type { NetworkRoute } from './dispatcher-cache';
import { createProxyChoice, type ResolveProxy } from './proxy-choice';

export interface NetworkRouteOptions {
  env: Record<string, string | undefined>;
  /** the OS's proxy answer for a URL (the installed app); absent: the environment alone */
  resolveProxy?: ResolveProxy | undefined;
  /** the trusted certificates, the CA file's included */
  trust: { trusted(): Promise<string[] | null> };
}

export function createNetworkRoute(options: NetworkRouteOptions): NetworkRoute {
  const proxyFor = createProxyChoice({ env: options.env, resolveProxy: options.resolveProxy });
  return { proxyFor, ca: () => options.trust.trusted() };
}
