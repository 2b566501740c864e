// The sandbox must never crash or answer 500 to bad input, and must keep serving other
// clients while one misbehaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { createRandom } from '../../../src-main/sandbox/seed';
import { call, rawExchange, rawJson, rawStatus, start } from './helpers';
import type { ErrorShape } from './helpers';

const MiB = 1024 * 1024;

describe('garbage, slow and oversized input', () => {
  let sb: RunningSandbox;
  const healthy = async (): Promise<void> => {
    const res = await call(sb, 'GET', '/api/v1/contacts?per_page=1', { key: sb.adminKey });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    sb = await start({ requestTimeoutMs: 300 });
  });
  afterAll(async () => {
    expect(sb.requests().filter((r) => r.status >= 500)).toEqual([]);
    await sb.close();
  });

  it('answers random bytes over TCP with 400 (or closes) and keeps serving', async () => {
    const random = createRandom(1234);
    for (let i = 0; i < 25; i += 1) {
      const bytes = Buffer.alloc(1 + Math.floor(random() * 4096));
      for (let j = 0; j < bytes.length; j += 1) bytes[j] = Math.floor(random() * 256);
      const result = await rawExchange(sb.port, (s) => s.write(bytes));
      expect(result.closed).toBe(true);
      expect([0, 400, 408]).toContain(rawStatus(result.response));
    }
    const result = await rawExchange(sb.port, (s) => s.write('HELLO WORLD\r\n\r\n'));
    expect(rawStatus(result.response)).toBe(400);
    expect((rawJson(result.response) as ErrorShape).error.code).toBe('bad_request');
    await healthy();
  });

  it('answers a header block over 16 KiB with 431 and keeps serving', async () => {
    const result = await rawExchange(sb.port, (s) =>
      s.write(`GET /api/v1/contacts HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`),
    );
    expect(rawStatus(result.response)).toBe(431);
    expect(result.closed).toBe(true);
    await healthy();
  });

  it('answers 400 to broken chunked encoding and to a bad Content-Length', async () => {
    const chunked = await rawExchange(sb.port, (s) =>
      s.write(
        `POST /api/v1/messages/text HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${sb.adminKey}\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nxx\r\n`,
      ),
    );
    expect(rawStatus(chunked.response)).toBe(400);
    const length = await rawExchange(sb.port, (s) =>
      s.write('POST /api/v1/messages/text HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n'),
    );
    expect(rawStatus(length.response)).toBe(400);
    await healthy();
  });

  it('drops a slowloris client (headers trickling in) with 408 while serving others', async () => {
    const slow = rawExchange(
      sb.port,
      (s) => {
        s.write('GET /api/v1/contacts HTTP/1.1\r\nHost: x\r\n');
        const drip = setInterval(() => {
          if (s.stopped()) clearInterval(drip);
          else s.write('X');
        }, 20);
      },
      10_000,
    );
    await healthy();
    const result = await slow;
    expect(result.closed).toBe(true);
    expect(rawStatus(result.response)).toBe(408);
    await healthy();
  });

  it('answers 408 in JSON to a body that stops arriving', async () => {
    const result = await rawExchange(sb.port, (s) =>
      s.write(
        `POST /api/v1/messages/text HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ` +
          `${sb.adminKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"number":`,
      ),
    );
    expect(rawStatus(result.response)).toBe(408);
    expect((rawJson(result.response) as ErrorShape).error.code).toBe('bad_request');
    expect(result.closed).toBe(true);
    await healthy();
  });

  it('answers 408 to a body trickling in byte by byte (slowloris on the body)', async () => {
    const result = await rawExchange(
      sb.port,
      (s) => {
        s.write(
          `POST /api/v1/messages/text HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ` +
            `${sb.adminKey}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
        );
        const drip = setInterval(() => {
          if (s.stopped()) clearInterval(drip);
          else s.write(' ');
        }, 20);
      },
      10_000,
    );
    expect(rawStatus(result.response)).toBe(408);
    expect(result.closed).toBe(true);
    await healthy();
  });

  /** Streams a chunked body of 'A's until the server answers or `capBytes` are sent. */
  function streamEndless(path: string, capBytes: number, auth = true) {
    const chunk = Buffer.alloc(256 * 1024, 'A');
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    return rawExchange(
      sb.port,
      (s) => {
        s.write(
          `POST ${path} HTTP/1.1\r\nHost: ` +
            `x\r\n${auth ? `Authorization: Bearer ${sb.adminKey}\r\n` : ''}Content-Type: ` +
            `application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        const head = '{"number":"5511999990000","text":"';
        s.write(`${head.length.toString(16)}\r\n${head}\r\n`);
        let sent = 0;
        const pump = (): void => {
          while (!s.stopped() && sent < capBytes) {
            sent += frame.length;
            if (!s.write(frame)) {
              s.onDrain(pump);
              return;
            }
          }
        };
        pump();
      },
      20_000,
    );
  }

  it('rejects a body past the route limit while it is still streaming (text: 1 MiB)', async () => {
    const result = await streamEndless('/api/v1/messages/text', 256 * MiB);
    expect(rawStatus(result.response)).toBe(400);
    const error = (rawJson(result.response) as ErrorShape).error;
    expect(error.details).toEqual([{ field: 'body', message: `the request body is larger than ${MiB} bytes` }]);
    expect(result.response).toMatch(/\r\nConnection: close\r\n/i);
    expect(result.closed).toBe(true);
    // the answer came long before the client would have finished
    expect(result.written).toBeLessThan(64 * MiB);
    await healthy();
  });

  it('rejects a media body past its ~134 MiB limit while it is still streaming', async () => {
    const result = await streamEndless('/api/v1/messages/media', 1024 * MiB);
    expect(rawStatus(result.response)).toBe(400);
    expect((rawJson(result.response) as ErrorShape).error.details![0]!.field).toBe('body');
    expect(result.closed).toBe(true);
    expect(result.written).toBeGreaterThan(133 * MiB);
    expect(result.written).toBeLessThan(512 * MiB);
    await healthy();
  });

  it('lets a streaming fetch() see the 400 for a body past the limit', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(65);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 256 * MiB) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await fetch(`${sb.baseUrl}/api/v1/messages/text`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { Authorization: `Bearer ${sb.adminKey}`, 'Content-Type': 'application/json' },
    } as RequestInit & { duplex: 'half' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorShape).error.details![0]!.field).toBe('body');
    expect(sent).toBeLessThan(64 * MiB);
    await healthy();
  });

  it('answers 401 to an endless body without a key, without reading it', async () => {
    const result = await streamEndless('/api/v1/messages/media', 256 * MiB, false);
    expect(rawStatus(result.response)).toBe(401);
    expect(result.closed).toBe(true);
    expect(result.written).toBeLessThan(64 * MiB);
  });

  it('answers a declared Content-Length over the limit at once', async () => {
    const result = await rawExchange(sb.port, (s) =>
      s.write(
        `POST /api/v1/messages/text HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ` +
          `${sb.adminKey}\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n`,
      ),
    );
    expect(rawStatus(result.response)).toBe(400);
    expect(result.closed).toBe(true);
    await healthy();
  });

  it('never answers 500 to random requests (fuzz)', async () => {
    const random = createRandom(99);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      'x',
      '5511999990000',
      'http://x.example/a',
      'AAAA',
      [],
      {},
      [1],
      { a: 1 },
      'é'.repeat(5000),
    ];
    const fields = ['number', 'text', 'mediatype', 'mimetype', 'fileName', 'caption', 'media', 'audio', 'ptt', 'name', 'permissions'];
    const paths = [
      '/api/v1/contacts',
      '/api/v1/contacts?page=%ZZ',
      '/api/v1/contacts?search=%E0%A4%A',
      '/api/v1/messages',
      '/api/v1/messages/text',
      '/api/v1/messages/media',
      '/api/v1/messages/audio',
      '/api/v1/api-keys',
      '/api/v1/api-keys/%',
      '/api/v1/api-keys/k_x',
      '/api/v1/../etc',
      '/',
      '*',
    ];
    for (let i = 0; i < 300; i += 1) {
      const body: Record<string, unknown> = {};
      for (const f of fields) if (random() < 0.5) body[f] = pick(values);
      const method = pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH']);
      const path = pick(paths);
      const res = await call(sb, method, path.startsWith('/') ? path : `/${path}`, {
        key: random() < 0.9 ? sb.adminKey : 'crm_sk_garbagegarbage',
        ...(method === 'GET' || method === 'DELETE' ? {} : random() < 0.8 ? { body } : { rawBody: '{"number":' }),
      });
      expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
      if (res.status >= 400) expect(typeof (res.body as ErrorShape).error.message).toBe('string');
    }
    await healthy();
  });
});
