// One keep-alive undici dispatcher per origin, created on first use and reused for every later
// request to that origin (connection reuse is most of a small request's cost). Where the
// environment names a proxy for the origin (HTTPS_PROXY, NO_PROXY...), the requests go through
// it; TLS trusts the OS certificate store as well as Node's roots.
import { createSecureContext, type SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import { buildConnector, Pool, ProxyAgent } from './undici';
import { timedConnector } from './request-timing';
import { proxyForOrigin } from './proxy-env';
import { processTrust } from './trust-store';

export interface PoolTimeouts {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export interface NetworkRoute {
  /** the proxy URL for an origin, or null to connect directly */
  proxyFor(origin: string): string | null;
  /** certificates to trust, or null for Node's defaults */
  ca: string[] | null;
}

/** the route this process's environment and OS give; the OS store is read at the first connection, not at start */
export function environmentRoute(env: Record<string, string | undefined> = process.env): NetworkRoute {
  return {
    proxyFor: (origin) => proxyForOrigin(origin, env),
    get ca() {
      return processTrust();
    },
  };
}

const contexts = new WeakMap<string[], SecureContext>();

/**
 * TLS options trusting `ca`: one secure context per certificate list, built once. Given `ca`
 * itself, tls.connect would build and parse a new context (hundreds of roots) for every connection.
 */
function tlsTrusting(ca: string[] | null): { secureContext?: SecureContext } {
  if (ca === null) return {};
  let secureContext = contexts.get(ca);
  if (secureContext === undefined) {
    secureContext = createSecureContext({ ca });
    contexts.set(ca, secureContext);
  }
  return { secureContext };
}

/** a dispatcher for one origin, through the route's proxy when it names one */
export function dispatcherFor(origin: string, route: NetworkRoute, timeouts: PoolTimeouts): Dispatcher {
  const tlsOptions = tlsTrusting(route.ca);
  const common = { headersTimeout: timeouts.headersTimeoutMs, bodyTimeout: timeouts.bodyTimeoutMs, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 };
  const proxy = route.proxyFor(origin);
  if (proxy) {
    return new ProxyAgent({ uri: proxy, ...common, requestTls: { timeout: timeouts.connectTimeoutMs, ...tlsOptions }, proxyTls: { timeout: timeouts.connectTimeoutMs, ...tlsOptions } });
  }
  // undici's own connector, with each connection's DNS, connect and TLS times noted for the
  // request log (request-timing.ts); through a proxy those belong to the tunnel and are not split
  return new Pool(origin, { ...common, connect: timedConnector(buildConnector({ timeout: timeouts.connectTimeoutMs, ...tlsOptions })) });
}

export class DispatcherCache {
  private readonly pools = new Map<string, Dispatcher>();
  private closed = false;

  constructor(
    private readonly timeouts: PoolTimeouts,
    private readonly route: NetworkRoute = environmentRoute(),
  ) {}

  get(origin: string): Dispatcher {
    if (this.closed) throw new Error('dispatcher cache closed');
    let pool = this.pools.get(origin);
    if (pool === undefined) {
      pool = dispatcherFor(origin, this.route, this.timeouts);
      this.pools.set(origin, pool);
    }
    return pool;
  }

  get size(): number {
    return this.pools.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Lets in-flight requests finish for up to `graceMs`, then destroys what is left. */
  async close(graceMs = 1000): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(
      pools.map(async (pool) => {
        let timer: NodeJS.Timeout | undefined;
        const graceful = pool.close().then(() => true, () => false);
        const late = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs);
        });
        const done = await Promise.race([graceful, late]);
        clearTimeout(timer);
        if (!done) await pool.destroy().catch(() => undefined);
      }),
    );
  }
}
