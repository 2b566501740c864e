// One keep-alive undici dispatcher per origin, created on first use and reused for every later
// request to that origin (connection reuse is most of a small request's cost). The route says,
// per request, which proxy the origin goes through (the environment's variables, else the OS's
// settings where the host can read them) and which certificates TLS trusts (Node's roots, the
// OS store and the CA-file setting); a request whose route changed gets a new dispatcher.
import type { LookupFunction } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import { buildConnector, Pool, ProxyAgent } from '../undici';
import { timedConnector } from '../request-timing';
import { proxyForOrigin } from './proxy-env';
import { processTrust } from './trust-store';

export interface PoolTimeouts {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export interface NetworkRoute {
  /** the proxy URL for an origin, or null to connect directly; throws a CrmError when the way out that is set cannot be used */
  proxyFor(origin: string): string | null | Promise<string | null>;
  /** certificates to trust, or null for Node's defaults; the same list (by identity) while nothing changed */
  ca(): string[] | null | Promise<string[] | null>;
}

/** the way one request to an origin goes */
export interface RouteChoice {
  proxy: string | null;
  ca: string[] | null;
}

/** the route this process's environment and OS give; the OS store is read at the first connection, not at start */
export function environmentRoute(env: Record<string, string | undefined> = process.env): NetworkRoute {
  return {
    proxyFor: (origin) => proxyForOrigin(origin, env),
    ca: processTrust,
  };
}

/** the way to `origin` now */
export async function chooseRoute(origin: string, route: NetworkRoute): Promise<RouteChoice> {
  const [proxy, ca] = await Promise.all([route.proxyFor(origin), route.ca()]);
  return { proxy, ca };
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

/**
 * How a direct connection finds its address: `lookup` replaces the OS's name lookup in the
 * connector (a media preview judges the address it connects to there). Through a proxy the proxy
 * looks the name up, so it has no effect.
 */
export interface DirectConnect {
  lookup?: LookupFunction;
}

/** a dispatcher of its own for one origin, the way the route goes now; the caller destroys it */
export async function dispatcherFor(
  origin: string,
  route: NetworkRoute,
  timeouts: PoolTimeouts,
  direct: DirectConnect = {},
): Promise<Dispatcher> {
  return dispatcherVia(origin, await chooseRoute(origin, route), timeouts, direct);
}

/** a dispatcher for one origin, through the chosen proxy when there is one */
export function dispatcherVia(origin: string, choice: RouteChoice, timeouts: PoolTimeouts, direct: DirectConnect = {}): Dispatcher {
  const tlsOptions = tlsTrusting(choice.ca);
  const common = {
    headersTimeout: timeouts.headersTimeoutMs,
    bodyTimeout: timeouts.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
  };
  if (choice.proxy) {
    return new ProxyAgent({
      uri: choice.proxy,
      ...common,
      requestTls: { timeout: timeouts.connectTimeoutMs, ...tlsOptions },
      proxyTls: { timeout: timeouts.connectTimeoutMs, ...tlsOptions },
    });
  }
  // undici's own connector, with each connection's DNS, connect and TLS times noted for the
  // request log (request-timing.ts); through a proxy those belong to the tunnel and are not split
  return new Pool(origin, {
    ...common,
    connect: timedConnector(
      buildConnector({ timeout: timeouts.connectTimeoutMs, ...tlsOptions, ...(direct.lookup ? { lookup: direct.lookup } : {}) }),
    ),
  });
}

interface Held {
  choice: RouteChoice;
  dispatcher: Dispatcher;
}

export class DispatcherCache {
  private readonly pools = new Map<string, Held>();
  private closed = false;

  constructor(
    private readonly timeouts: PoolTimeouts,
    private readonly route: NetworkRoute = environmentRoute(),
  ) {}

  /**
   * the origin's dispatcher for the way its requests go now: a new one when the proxy or the
   * trusted certificates changed; not a promise when the route answered at once (the environment's
   * variables and a trust list already read), so a request need not wait a turn for it
   */
  get(origin: string): Dispatcher | Promise<Dispatcher> {
    if (this.closed) throw new Error('dispatcher cache closed');
    const proxy = this.route.proxyFor(origin);
    const ca = this.route.ca();
    if (proxy instanceof Promise || ca instanceof Promise) return this.getAfter(origin, proxy, ca);
    return this.held(origin, { proxy, ca });
  }

  private async getAfter(
    origin: string,
    asked: ReturnType<NetworkRoute['proxyFor']>,
    trusted: ReturnType<NetworkRoute['ca']>,
  ): Promise<Dispatcher> {
    const [proxy, ca] = await Promise.all([asked, trusted]);
    if (this.closed) throw new Error('dispatcher cache closed');
    return this.held(origin, { proxy, ca });
  }

  private held(origin: string, choice: RouteChoice): Dispatcher {
    // looked up after any wait: a request that asked at the same moment may have made it already
    const held = this.pools.get(origin);
    if (held !== undefined && held.choice.proxy === choice.proxy && held.choice.ca === choice.ca) return held.dispatcher;
    // the old way's requests in flight finish on it; it takes no new ones
    if (held !== undefined) void held.dispatcher.close().catch(() => undefined);
    const dispatcher = dispatcherVia(origin, choice, this.timeouts);
    this.pools.set(origin, { choice, dispatcher });
    return dispatcher;
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
    const pools = [...this.pools.values()].map((held) => held.dispatcher);
    this.pools.clear();
    await Promise.all(
      pools.map(async (pool) => {
        let timer: NodeJS.Timeout | undefined;
        const graceful = pool.close().then(
          () => true,
          () => false,
        );
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
