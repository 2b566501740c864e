// Every class of transport failure -> a readable CrmError: refused, reset, garbage, DNS,
// timeouts, TLS. Real sockets on 127.0.0.1.
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { networkError } from '../../../../src-main/core/http/network-error';
import type { HttpSender } from '../../../../src-main/core/http/sender';
import { closedPort, startRawServer } from './support/local-server';
import { CANARY_KEY, caught, listContacts } from './support/requests';
import { TEST_CERT, TEST_CERT_KEY } from './support/self-signed';

let client: HttpSender;
beforeAll(() => {
  client = createApiClient({ headersTimeoutMs: 300, bodyTimeoutMs: 300, connectTimeoutMs: 2000 });
});
afterAll(async () => {
  await client.close();
});

async function failure(baseUrl: string): Promise<CrmError> {
  const err = await caught(async () => client.send(await listContacts(baseUrl), CANARY_KEY));
  expect(err).toBeInstanceOf(CrmError);
  return err as CrmError;
}

describe('network failures', () => {
  it('connection refused', async () => {
    const port = await closedPort();
    const err = await failure(`http://127.0.0.1:${port}`);
    expect(toErrorInfo(err)).toEqual({
      code: 'network',
      message: `Cannot reach http://127.0.0.1:${port}: connection refused (is the server running and the port right?)`,
    });
  });

  it('connection reset before any answer', async () => {
    const server = await startRawServer((socket) => socket.resetAndDestroy());
    try {
      const err = await failure(server.url);
      expect(toErrorInfo(err)).toEqual({ code: 'network', message: `The connection to ${server.url} was reset before a complete answer` });
    } finally {
      await server.close();
    }
  });

  it('connection closed in the middle of the body', async () => {
    const server = await startRawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"data":[');
      setTimeout(() => socket.destroy(), 20);
    });
    try {
      const err = await failure(server.url);
      expect(err.code).toBe('network');
      expect(err.message).toBe(`The connection to ${server.url} was reset before a complete answer`);
    } finally {
      await server.close();
    }
  });

  it('an answer that is not HTTP', async () => {
    const server = await startRawServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n'));
    try {
      const err = await failure(server.url);
      expect(toErrorInfo(err)).toEqual({ code: 'network', message: `${server.url} sent an answer that is not valid HTTP` });
    } finally {
      await server.close();
    }
  });

  it('a host name that does not resolve', async () => {
    const err = await failure('http://nonexistent.invalid');
    expect(err.code).toBe('network');
    expect(err.message).toMatch(
      /^Cannot reach http:\/\/nonexistent\.invalid: (the host name does not resolve \(DNS lookup failed\)|DNS lookup failed temporarily \(offline\?\))$/,
    );
  });

  it('a server that accepts the request and never answers -> timeout', async () => {
    const server = await startRawServer(() => undefined);
    try {
      const err = await failure(server.url);
      expect(toErrorInfo(err)).toEqual({ code: 'timeout', message: `${server.url} did not answer within 0.3 s` });
    } finally {
      await server.close();
    }
  });

  it('a body that stalls -> timeout', async () => {
    const server = await startRawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"da');
    });
    try {
      const err = await failure(server.url);
      expect(toErrorInfo(err)).toEqual({ code: 'timeout', message: `The answer from ${server.url} stalled for more than 0.3 s` });
    } finally {
      await server.close();
    }
  });

  it('a self-signed certificate -> network error with a TLS message', async () => {
    const server = createHttpsServer({ cert: TEST_CERT, key: TEST_CERT_KEY }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const err = await failure(`https://127.0.0.1:${port}`);
      expect(toErrorInfo(err)).toEqual({
        code: 'network',
        message: `Secure connection to https://127.0.0.1:${port} failed: the certificate is self-signed and not trusted`,
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('https to a plain-http port -> network error saying the server does not speak TLS', async () => {
    const server = await startRawServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'), false);
    try {
      const err = await failure(server.url.replace('http:', 'https:'));
      expect(err.code).toBe('network');
      expect(err.message).toBe(
        `Secure connection to ${server.url.replace('http:', 'https:')} failed: the server does not speak TLS here (http vs https?) or the handshake failed`,
      );
    } finally {
      await server.close();
    }
  });

  it('maps undici connect timeouts and TLS codes found in a cause chain', () => {
    const ctx = { origin: 'https://crm.example', aborted: false, timeouts: { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 } };
    expect(toErrorInfo(networkError(Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), ctx))).toEqual({
      code: 'timeout',
      message: 'Timed out connecting to https://crm.example (no answer within 10 s)',
    });
    const nested = new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'CERT_HAS_EXPIRED' }) });
    expect(networkError(nested, ctx).message).toBe('Secure connection to https://crm.example failed: the certificate has expired');
    const aggregate = new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'all failed');
    expect(networkError(aggregate, ctx).message).toBe(
      'Cannot reach https://crm.example: connection refused (is the server running and the port right?)',
    );
    expect(toErrorInfo(networkError(new Error(`secret ${CANARY_KEY}`), ctx))).toEqual({
      code: 'network',
      message: 'Network error talking to https://crm.example',
    });
    expect(networkError(new Error('anything'), { ...ctx, aborted: true }).code).toBe('cancelled');
  });
});
