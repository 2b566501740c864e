// Secret scan: send with a recognisable key through every failure path and prove the key is
// in no error message, no error field (JSON of the error and of toErrorInfo), no stack and no
// observer log entry, even when the server echoes it back in bodies and headers.
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { readableJson, type ObservedEntry } from '../../../../src-main/core/http/sender';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { startSandbox } from '../../../../src-main/sandbox/index';
import type { LocalServer } from './support/local-server';
import { closedPort, startHttpServer, startRawServer } from './support/local-server';
import { CANARY_KEY, build, caught, createKey, listContacts, sendText, withoutIdempotencyKey } from './support/requests';
import { TEST_CERT, TEST_CERT_KEY } from './support/self-signed';

let sandbox: RunningSandbox;
let echo: LocalServer;
let reply: { status: number; body: string; contentType: string } = { status: 200, body: '{}', contentType: 'application/json' };
const log: ObservedEntry[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ rate: 100_000, burst: 100_000, contacts: 10 });
  // a hostile server: echoes the Authorization header back in headers and every body
  echo = await startHttpServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const key = auth.replace(/^Bearer /, '');
    res.writeHead(reply.status, {
      'Content-Type': reply.contentType,
      'X-Echo': auth,
      'Retry-After': '1',
      'WWW-Authenticate': `Bearer error="${key}"`,
    });
    res.end(reply.body.replaceAll('KEY', key));
  });
});
afterAll(async () => {
  await echo.close();
  await sandbox.close();
});

function assertClean(err: unknown, key: string): void {
  const fragments = [key, key.slice(-12)];
  const texts = [
    String((err as Error).message),
    String((err as Error).stack),
    JSON.stringify(err),
    JSON.stringify(toErrorInfo(err)),
    JSON.stringify(log),
  ];
  for (const text of texts) for (const fragment of fragments) expect(text).not.toContain(fragment);
}

async function failWith(
  request: PreparedRequest | Promise<PreparedRequest>,
  key: string,
  options: { signal?: AbortSignal; headersTimeoutMs?: number } = {},
): Promise<unknown> {
  const client = createApiClient({
    observer: (e) => log.push(e),
    sleep: async () => undefined,
    headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
    bodyTimeoutMs: 300,
  });
  try {
    const resolved = await request;
    // a 2xx is not a failure of the send; reading an unreadable one is (bad_response)
    return await caught(async () => {
      const response = await client.send(resolved, key, { signal: options.signal, maxAttempts: 2 });
      for (const fragment of [key, key.slice(-12)]) expect(JSON.stringify(response)).not.toContain(fragment);
      return readableJson(response);
    });
  } finally {
    await client.close();
  }
}

const ECHO_BODIES: [number, string, string][] = [
  [
    400,
    JSON.stringify({
      error: { code: 'bad_request', message: 'bad key KEY', details: [{ field: 'KEY', message: 'your key KEY is wrong' }] },
    }),
    'application/json',
  ],
  [400, JSON.stringify({ error: { code: 'bad_request', message: 'KEY was rejected' } }), 'application/json'],
  [401, '<html>Bearer KEY is not valid</html>', 'text/html'],
  [403, JSON.stringify({ error: { code: 'forbidden', message: 'KEY lacks scope' } }), 'application/json'],
  [404, 'Not found for KEY', 'text/plain'],
  [429, JSON.stringify({ error: { code: 'rate_limited', message: 'KEY is too fast' } }), 'application/json'],
  [500, '<h1>Internal error</h1><pre>Authorization: Bearer KEY</pre>', 'text/html'],
  [502, '{"error": "KEY', 'application/json'],
  [418, 'KEY', 'text/plain'],
  [200, '<html>KEY</html>', 'text/html'],
];

describe('no key in errors or logs', () => {
  it.each(ECHO_BODIES)('HTTP %i from a server that echoes the key', async (status, body, contentType) => {
    reply = { status, body, contentType };
    for (const request of [listContacts(echo.url), sendText(echo.url), createKey(echo.url)]) {
      const err = await failWith(request, CANARY_KEY);
      expect(toErrorInfo(err).status).toBe(status);
      assertClean(err, CANARY_KEY);
    }
  });

  it('network failures: refused, reset, garbage, DNS, timeout, TLS', async () => {
    const port = await closedPort();
    const reset = await startRawServer((s) => s.resetAndDestroy());
    const garbage = await startRawServer((s) => s.end(`HTTP/1.1 2OO OK ${CANARY_KEY}\r\n\r\n`));
    const silent = await startRawServer(() => undefined);
    const tls = createHttpsServer({ cert: TEST_CERT, key: TEST_CERT_KEY }, (_q, r) => r.end('{}'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const targets = [
        `http://127.0.0.1:${port}`,
        reset.url,
        garbage.url,
        'http://nonexistent.invalid',
        silent.url,
        `https://127.0.0.1:${(tls.address() as AddressInfo).port}`,
      ];
      for (const target of targets) {
        const err = await failWith(sendText(target), CANARY_KEY, { headersTimeoutMs: 300 });
        expect(['network', 'timeout']).toContain(toErrorInfo(err).code);
        assertClean(err, CANARY_KEY);
      }
    } finally {
      await reset.close();
      await garbage.close();
      await silent.close();
      tls.closeAllConnections();
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });

  it('a key pasted into the base URL path (404) or echoed as a content type (2xx)', async () => {
    const lower = 'crmsk0123456789abcdefcanary';
    reply = { status: 404, body: '', contentType: 'text/plain' };
    assertClean(await failWith(build(`${echo.url}/${lower}`, { op: 'contacts.list', input: {} }), lower), lower);
    reply = { status: 200, body: 'not json', contentType: `text/${lower}` };
    const err = await failWith(listContacts(echo.url), lower);
    expect(toErrorInfo(err)).toEqual({
      code: 'bad_response',
      message: 'The server answered HTTP 200 but its body is not valid JSON (text/***)',
      status: 200,
    });
    assertClean(err, lower);
  });

  it('cancellation and a malformed key', async () => {
    const controller = new AbortController();
    controller.abort();
    assertClean(await failWith(listContacts(echo.url), CANARY_KEY, { signal: controller.signal }), CANARY_KEY);
    const malformed = `${CANARY_KEY} \n`;
    assertClean(await failWith(listContacts(echo.url), malformed), CANARY_KEY);
  });

  it('the sandbox: revoked (401), lacking permission (403), rate limited (429), server error (500), not found (404)', async () => {
    const weak = sandbox.createKey('weak', ['contacts:read']);
    const revoked = sandbox.createKey('revoked', ['contacts:read']);
    const revokeClient = createApiClient();
    await revokeClient.send(await build(sandbox.baseUrl, { op: 'keys.delete', input: { id: revoked.id } }), revoked.key);
    await revokeClient.close();

    const cases: [string, Promise<PreparedRequest>, string, number][] = [
      ['revoked', listContacts(sandbox.baseUrl), revoked.key, 401],
      ['no permission', sendText(sandbox.baseUrl), weak.key, 403],
      ['no permission to delete another key', build(sandbox.baseUrl, { op: 'keys.delete', input: { id: revoked.id } }), weak.key, 403],
      ['unknown key', build(sandbox.baseUrl, { op: 'keys.delete', input: { id: 'k_nope' } }), sandbox.adminKey, 404],
    ];
    for (const [name, request, key, status] of cases) {
      const err = await failWith(request, key);
      expect([name, toErrorInfo(err).status]).toEqual([name, status]);
      assertClean(err, key);
    }
    sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '1' }]);
    const limited = await failWith(withoutIdempotencyKey(await sendText(sandbox.baseUrl)), weak.key);
    expect(toErrorInfo(limited).code).toBe('rate_limited');
    assertClean(limited, weak.key);
    sandbox.injectFaults([{ kind: 'status', status: 500, body: `<html>${weak.key}</html>`, contentType: 'text/html' }]);
    const failed = await failWith(listContacts(sandbox.baseUrl), weak.key);
    expect(toErrorInfo(failed).code).toBe('server_error');
    assertClean(failed, weak.key);
  });

  it('log entries show the Authorization header as Bearer *** and nothing else of the key', () => {
    expect(log.length).toBeGreaterThan(40);
    const withAuth = log.filter((e) => 'Authorization' in e.requestHeaders);
    expect(withAuth.length).toBeGreaterThan(0);
    expect(withAuth.every((e) => e.requestHeaders.Authorization === 'Bearer ***')).toBe(true);
  });
});
