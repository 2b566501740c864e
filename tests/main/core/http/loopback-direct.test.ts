// A request to this machine (the sandbox, a local service) never goes through the proxy the
// environment names: the proxy would read the key in clear text. A real "proxy" that records
// everything it is asked for, and a real target on the loopback addresses.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { environmentRoute } from '../../../../src-main/core/http/network/dispatcher-cache';
import { isLoopbackHost, proxyForOrigin } from '../../../../src-main/core/http/network/proxy-env';
import { listContacts } from './support/requests';

const KEY = 'crm_sk_loopback_only_4f3e2d1c';

interface Recorder {
  server: Server;
  port: number;
  /** "GET /path" or "CONNECT host:port", with the Authorization it carried */
  seen: { line: string; authorization: string | undefined }[];
}

async function listen(onRequest: (res: ServerResponse) => void, host: string): Promise<Recorder> {
  const seen: Recorder['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ line: `${req.method} ${req.url}`, authorization: req.headers.authorization });
    req.resume();
    onRequest(res);
  });
  server.on('connect', (req, socket) => {
    seen.push({ line: `CONNECT ${req.url}`, authorization: req.headers.authorization });
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const close = (r: Recorder): Promise<void> =>
  new Promise((ok) => {
    r.server.closeAllConnections();
    r.server.close(() => ok());
  });

let proxy: Recorder;
let target: Recorder;
beforeAll(async () => {
  proxy = await listen((res) => res.writeHead(502).end(), '127.0.0.1');
  // both stacks, so 127.0.0.1, [::1] and localhost all reach it
  target = await listen(
    (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"meta":{"page":1,"per_page":1,"total":0}}'),
    '::',
  );
});
afterAll(async () => {
  await Promise.all([close(proxy), close(target)]);
});

describe('loopback requests with a proxy in the environment', () => {
  it('reach the target directly; the proxy is asked nothing', async () => {
    const proxyUrl = `http://127.0.0.1:${proxy.port}`;
    // every variable a proxy can come from, and no NO_PROXY
    const env = { http_proxy: proxyUrl, HTTP_PROXY: proxyUrl, https_proxy: proxyUrl, ALL_PROXY: proxyUrl };
    const client = createApiClient({ network: environmentRoute(env) });
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
        const origin = `http://${host}:${target.port}`;
        const before = target.seen.length;
        const answer = await client.send(await listContacts(origin), KEY);
        expect(answer.status, host).toBe(200);
        expect(target.seen.length, host).toBe(before + 1);
        expect(target.seen.at(-1)?.authorization, host).toBe(`Bearer ${KEY}`);
        expect(await client.probe(origin, new AbortController().signal), host).toBe(true);
      }
      expect(proxy.seen).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('isLoopbackHost / proxyForOrigin', () => {
  const env = { HTTP_PROXY: 'http://proxy.corp:3128', HTTPS_PROXY: 'http://proxy.corp:3128' };

  it('every way of naming this machine is direct', () => {
    for (const origin of [
      'http://127.0.0.1:8080',
      'http://127.1',
      'http://127.255.0.9',
      'http://0x7f000001',
      'https://localhost',
      'http://LOCALHOST.:9',
      'http://sandbox.localhost:3000',
      'http://[::1]:4000',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]',
    ]) {
      expect(proxyForOrigin(origin, env), origin).toBeNull();
    }
  });

  it('other hosts, look-alikes included, still use the proxy', () => {
    for (const origin of [
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://mylocalhost',
      'http://10.0.0.1',
      'http://[::2]',
      'https://api.example.com',
      'http://127.0.0.1.nip.io',
    ]) {
      expect(proxyForOrigin(origin, env), origin).toBe('http://proxy.corp:3128');
    }
    expect(isLoopbackHost('[::ffff:7f00:1]')).toBe(true);
    expect(isLoopbackHost('[::ffff:a00:1]')).toBe(false);
  });
});
