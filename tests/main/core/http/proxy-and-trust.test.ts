// Support agents behind a company proxy and TLS inspection: requests (and the outbox's
// reachability probe) go through the proxy the environment names, NO_PROXY exceptions connect
// directly, and a certificate from the OS store (here: the test's own root) is trusted, as
// Node's bundled roots alone would not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentRoute, type NetworkRoute } from '../../../../src-main/core/http/network/dispatcher-cache';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { proxyForOrigin } from '../../../../src-main/core/http/network/proxy-env';
import { trustedCertificates } from '../../../../src-main/core/http/network/trust-store';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/index';
import { build, caught } from './support/requests';
import { TEST_CERT } from './support/self-signed';
import { startSelfSignedServer, type SelfSignedServer } from './support/self-signed-server';
import { startProxy } from './support/connect-proxy';

describe('proxyForOrigin (the environment variables curl reads)', () => {
  it('uses HTTPS_PROXY for https and HTTP_PROXY for http, lower case first, ALL_PROXY as the fallback', () => {
    const env = { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2', HTTP_PROXY: 'proxy.corp:3128' };
    expect(proxyForOrigin('https://api.example.com', env)).toBe('http://lower:2');
    expect(proxyForOrigin('http://api.example.com', env)).toBe('http://proxy.corp:3128');
    expect(proxyForOrigin('https://api.example.com', { ALL_PROXY: 'socks-less.corp:8080' })).toBe('http://socks-less.corp:8080');
    expect(proxyForOrigin('https://api.example.com', {})).toBeNull();
    expect(proxyForOrigin('https://api.example.com', { HTTPS_PROXY: '  ' })).toBeNull();
  });

  it('NO_PROXY: exact hosts, domain suffixes (with or without a dot or *), ports, IPv6 and *', () => {
    const env = (no: string) => ({ HTTPS_PROXY: 'http://p:1', NO_PROXY: no });
    expect(proxyForOrigin('https://crm.internal', env('crm.internal'))).toBeNull();
    expect(proxyForOrigin('https://a.b.corp.example', env('.corp.example'))).toBeNull();
    expect(proxyForOrigin('https://a.corp.example', env('*.corp.example'))).toBeNull();
    expect(proxyForOrigin('https://corp.example', env('corp.example'))).toBeNull();
    expect(proxyForOrigin('https://notcorp.example', env('corp.example'))).toBe('http://p:1');
    expect(proxyForOrigin('https://crm.internal:8443', env('crm.internal:443'))).toBe('http://p:1');
    expect(proxyForOrigin('https://crm.internal:8443', env('crm.internal:8443'))).toBeNull();
    expect(proxyForOrigin('https://[::1]:9000', env('[::1]'))).toBeNull();
    expect(proxyForOrigin('https://anything.example', env('localhost, *'))).toBeNull();
    expect(proxyForOrigin('https://api.example.com', env('localhost,127.0.0.1'))).toBe('http://p:1');
  });
});

describe('trustedCertificates', () => {
  it("adds the OS store to Node's roots where this Node can read it, once each", () => {
    const read = (kind: 'default' | 'system') => (kind === 'default' ? ['A', 'B'] : ['B', 'COMPANY-ROOT']);
    expect(trustedCertificates(read)).toEqual(['A', 'B', 'COMPANY-ROOT']);
  });

  it("leaves Node's defaults alone where it cannot (older Node, an unreadable store)", () => {
    expect(trustedCertificates(undefined)).toBeNull();
    expect(
      trustedCertificates(() => {
        throw new Error('no store');
      }),
    ).toBeNull();
  });
});

let sandbox: RunningSandbox;
let proxy: Awaited<ReturnType<typeof startProxy>>;
beforeAll(async () => {
  sandbox = await startSandbox({ contacts: 30, seed: 3 });
  proxy = await startProxy();
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});

const TRUSTED = [TEST_CERT];
const route = (env: Record<string, string>, ca: string[] | null = null): NetworkRoute => ({ ...environmentRoute(env), ca: () => ca });

describe("requests through the environment's proxy", () => {
  it('sends through the proxy named for the origin, and the probe goes the same way', async () => {
    const client = createApiClient({ network: route({ HTTP_PROXY: proxy.url }) });
    try {
      const remote = new URL(sandbox.baseUrl);
      remote.hostname = 'crm.proxied.test';
      const answer = await client.send(
        await build(remote.origin, { op: 'contacts.list', input: { page: 1, perPage: 5 } }),
        sandbox.adminKey,
      );
      expect(answer.status).toBe(200);
      expect(proxy.tunnels).toContain(remote.host);
      // the outbox's "is it back?" probe, through the sender, takes the same way out
      const before = proxy.tunnels.length;
      expect(await client.probe(remote.origin, new AbortController().signal)).toBe(true);
      expect(proxy.tunnels.length).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it('connects directly to an origin NO_PROXY lists', async () => {
    // loopback is always direct, so the origin is one only the proxy can reach: going direct,
    // as NO_PROXY says, the name does not resolve and the proxy sees nothing
    const before = proxy.tunnels.length;
    const remote = new URL(sandbox.baseUrl);
    remote.hostname = 'crm.proxied.test';
    const client = createApiClient({ network: route({ HTTP_PROXY: proxy.url, NO_PROXY: '.proxied.test' }) });
    try {
      const failure = await client
        .send(await build(remote.origin, { op: 'contacts.list', input: { page: 1, perPage: 5 } }), sandbox.adminKey)
        .catch((err: unknown) => err);
      expect(failure).toMatchObject({ code: 'network' });
      expect(proxy.tunnels.length).toBe(before);
    } finally {
      await client.close();
    }
  });
});

describe('certificates from the OS store', () => {
  let https: SelfSignedServer;
  let origin: string;
  beforeAll(async () => {
    https = await startSelfSignedServer();
    origin = https.origin;
  });
  afterAll(() => https.close());

  it('a company root in the trusted list is accepted, directly and through the proxy; without it the request is refused', async () => {
    const request = await build(origin, { op: 'contacts.list', input: { page: 1, perPage: 5 } });
    const untrusted = createApiClient({ network: route({}) });
    const trusted = createApiClient({ network: route({}, [TEST_CERT]) });
    // the certificate names only 127.0.0.1 and localhost, which the environment never proxies:
    // a route that names the proxy itself still sends them through it
    const proxied = createApiClient({ network: { proxyFor: () => proxy.url, ca: () => TRUSTED } });
    try {
      expect(await caught(() => untrusted.send(request, 'crm_sk_test_trust_0001'))).toMatchObject({
        code: 'network',
        message: expect.stringContaining('not trusted'),
      });
      expect((await trusted.send(request, 'crm_sk_test_trust_0001')).status).toBe(200);
      expect((await proxied.send(request, 'crm_sk_test_trust_0001')).status).toBe(200);
      expect(proxy.tunnels).toContain(new URL(origin).host);
    } finally {
      await Promise.all([untrusted.close(), trusted.close(), proxied.close()]);
    }
  });
});
