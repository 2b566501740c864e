// One keep-alive undici Pool per origin, created on first use and reused for every later
// request to that origin (connection reuse is most of a small request's cost).
import { Pool } from 'undici';

export interface PoolTimeouts {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export class DispatcherCache {
  private readonly pools = new Map<string, Pool>();
  private closed = false;

  constructor(private readonly timeouts: PoolTimeouts) {}

  get(origin: string): Pool {
    if (this.closed) throw new Error('dispatcher cache closed');
    let pool = this.pools.get(origin);
    if (pool === undefined) {
      pool = new Pool(origin, {
        connect: { timeout: this.timeouts.connectTimeoutMs },
        headersTimeout: this.timeouts.headersTimeoutMs,
        bodyTimeout: this.timeouts.bodyTimeoutMs,
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
      });
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
