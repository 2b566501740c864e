// Where a request's time went, measured on real sockets over loopback: the real sandbox (plain
// HTTP) and a local HTTPS server. A fresh connection has its connect (and TLS) time; the next
// request on it is marked reused with 0 for each; the log keeps the breakdown across a restart.
// No wall-clock value is asserted, only which phases were measured and how they relate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { ObservedEntry } from '../../../../src-main/core/http/sender';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/index';
import { openTestRequestLog } from '../../helpers/request-log';
import { closedPort } from './support/local-server';
import { build } from './support/requests';
import { TEST_CERT } from './support/self-signed';
import { startSelfSignedServer, type SelfSignedServer } from './support/self-signed-server';

/**
 * undici hands a connection back to its pool a tick after the answer's body ended; a request
 * sent in the same run of promise callbacks would open another one. A person's next request
 * never comes that fast: wait that tick, as they would.
 */
const handedBack = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

let sandbox: RunningSandbox;
let https: SelfSignedServer;
let httpsOrigin: string;
beforeAll(async () => {
  sandbox = await startSandbox({ rate: 100_000, burst: 100_000, contacts: 20, seed: 3 });
  https = await startSelfSignedServer();
  httpsOrigin = https.origin;
});
afterAll(async () => {
  await https.close();
  await sandbox.close();
});

/** the contacts listing sent twice by one client, its connection handed back in between */
async function listTwice(client: ReturnType<typeof createApiClient>, origin: string, key: string): Promise<void> {
  const request = await build(origin, { op: 'contacts.list', input: { page: 1, perPage: 5 } });
  await client.send(request, key);
  await handedBack();
  await client.send(request, key);
}

describe('request timing', () => {
  it('a fresh connection records its connect time; the next request on it is marked reused with 0 for DNS, connect and TLS', async () => {
    const seen: ObservedEntry[] = [];
    const client = createApiClient({ observer: (entry) => seen.push(entry) });
    try {
      await listTwice(client, sandbox.baseUrl, sandbox.adminKey);
    } finally {
      await client.close();
    }
    const [fresh, reused] = seen;
    expect(fresh?.timing).toMatchObject({ reused: false, tlsMs: null });
    expect(fresh?.timing?.dnsMs).toBeGreaterThanOrEqual(0);
    expect(fresh?.timing?.connectMs).toBeGreaterThan(0);
    expect(fresh?.timing?.firstByteMs).toBeGreaterThan(0);
    expect(fresh?.timing?.firstByteMs).toBeLessThanOrEqual(fresh!.durationMs + 0.1);
    expect(reused?.timing).toMatchObject({ reused: true, dnsMs: 0, connectMs: 0, tlsMs: 0 });
    expect(reused?.timing?.firstByteMs).toBeGreaterThan(0);
  });

  it('over HTTPS the TLS handshake of a fresh connection is measured too', async () => {
    const seen: ObservedEntry[] = [];
    // one list for every request: a new list is new trust, so a new connection
    const trusted = [TEST_CERT];
    const client = createApiClient({ observer: (entry) => seen.push(entry), network: { proxyFor: () => null, ca: () => trusted } });
    try {
      await listTwice(client, httpsOrigin, 'crm_sk_test_timing_0001');
    } finally {
      await client.close();
    }
    expect(seen[0]?.timing?.reused).toBe(false);
    expect(seen[0]?.timing?.connectMs).toBeGreaterThan(0);
    expect(seen[0]?.timing?.tlsMs).toBeGreaterThan(0);
    expect(seen[1]?.timing).toMatchObject({ reused: true, tlsMs: 0 });
  });

  it('a request that gets no answer (nothing listening) has no first byte and no reused connection', async () => {
    const seen: ObservedEntry[] = [];
    const client = createApiClient({ observer: (entry) => seen.push(entry) });
    const port = await closedPort();
    try {
      const request = await build(`http://127.0.0.1:${port}`, { op: 'contacts.list', input: { page: 1, perPage: 5 } });
      await client.send(request, sandbox.adminKey).catch(() => undefined);
    } finally {
      await client.close();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.status).toBeNull();
    expect(seen[0]?.timing?.reused ?? false).toBe(false);
    expect(seen[0]?.timing?.firstByteMs ?? null).toBeNull();
  });

  it("the request log keeps each entry's breakdown across a restart", async () => {
    const log = await openTestRequestLog();
    const client = createApiClient({ observer: log.log.observer });
    try {
      await listTwice(client, sandbox.baseUrl, sandbox.adminKey);
    } finally {
      await client.close();
      log.close();
    }
    const again = await openTestRequestLog({ dir: log.dir });
    try {
      const [first, second] = again.log.list();
      expect(first?.timing?.reused).toBe(false);
      expect(first?.timing?.connectMs).toBeGreaterThan(0);
      expect(second?.timing).toMatchObject({ reused: true, connectMs: 0 });
      expect(again.log.detail(second!.id)?.timing?.reused).toBe(true);
    } finally {
      again.close();
    }
  });
});
