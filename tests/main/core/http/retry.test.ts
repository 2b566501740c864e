// 429 handling: wait at least Retry-After (+ jitter), retry only retry-safe requests, within
// maxAttempts and maxTotalMs; never retry 5xx, network errors or POSTs without an
// Idempotency-Key. Waits are observed through an injected sleep, never by the clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../../src-main/core/http/retry-after';
import { parseMessagePage } from '../../../../src-main/core/parse/message';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { startSandbox } from '../../../../src-main/sandbox/index';
import type { LocalServer } from './support/local-server';
import { startHttpServer } from './support/local-server';
import { recorder, recordingSleep } from './support/recorders';
import { CANARY_KEY, build, caught, listContacts, sendText, withoutIdempotencyKey } from './support/requests';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rate: 100_000, burst: 100_000, contacts: 50 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearFaults();
});

/** Where the journal stands now: requests after this mark are the test's (a time mark is not
 * enough: the request before can arrive in the same millisecond). */
const journalMark = (): number => sandbox.requests().length;
const journalCount = (method: string, path: string, mark: number): number =>
  sandbox
    .requests()
    .slice(mark)
    .filter((r) => r.method === method && r.path === path).length;

describe('Retry-After parsing', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['3', 3000],
    ['0', 0],
    [' 12 ', 12_000],
    ['1.5', 1500],
    ['Thu, 01 Jan 2026 00:00:07 GMT', 7000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['99999999999999999999', MAX_RETRY_AFTER_MS],
    ['1e3', null],
    ['-5', null],
    ['soon', null],
    ['', null],
    [undefined, null],
    ['12345 GMT', null],
  ])('%j -> %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('429 retries against a scripted server', () => {
  let server: LocalServer;
  let script: { status: number; retryAfter?: string }[] = [];
  beforeAll(async () => {
    server = await startHttpServer((_req, res) => {
      const next = script.shift() ?? { status: 200 };
      res.writeHead(next.status, {
        'Content-Type': 'application/json',
        ...(next.retryAfter !== undefined ? { 'Retry-After': next.retryAfter } : {}),
      });
      res.end(next.status === 200 ? '{"data":[]}' : '{"error":{"code":"rate_limited","message":"slow down"}}');
    });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.received.length = 0;
  });

  it('waits Retry-After plus jitter, reports the wait, logs each attempt and then succeeds', async () => {
    script = [{ status: 429, retryAfter: '2' }];
    const { sleep, waits } = recordingSleep();
    const rec = recorder();
    const client = createApiClient({ sleep, random: () => 0.5, observer: rec.observer });
    const response = await client.send(await listContacts(server.url), CANARY_KEY, { onProgress: rec.onProgress });
    await client.close();
    expect(response).toMatchObject({ status: 200, attempts: 2 });
    expect(waits).toEqual([2200]); // 2000 + 0.5 * min(1000, 20% of 2000)
    expect(rec.progress).toEqual([{ kind: 'waiting', reason: 'rate_limited', retryAfterMs: 2200, attempt: 1, maxAttempts: 4 }]);
    expect(rec.log.map((e) => [e.attempt, e.status, e.errorCode])).toEqual([
      [1, 429, 'rate_limited'],
      [2, 200, null],
    ]);
    expect(server.received).toHaveLength(2);
  });

  it('honours an HTTP-date Retry-After', async () => {
    const at = new Date(Date.now() + 10_000);
    script = [{ status: 429, retryAfter: at.toUTCString() }];
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    await client.send(await listContacts(server.url), CANARY_KEY);
    await client.close();
    expect(waits).toHaveLength(1);
    // the date has whole seconds: the wait is what is left of those 10 s, never less than the date says
    const wait = waits[0] ?? 0;
    expect(wait).toBeGreaterThanOrEqual(at.getTime() - 1000 - Date.now());
    expect(wait).toBeLessThanOrEqual(10_000);
    expect(wait).toBeGreaterThan(8000);
  });

  it.each([
    ['absent', undefined],
    ['garbage', 'in a moment'],
    ['negative', '-3'],
  ])('uses a 1 s default when Retry-After is %s', async (_name, retryAfter) => {
    script = [{ status: 429, retryAfter }];
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    await client.send(await listContacts(server.url), CANARY_KEY);
    await client.close();
    expect(waits).toEqual([1000]);
  });

  it('a date in the past still backs off a little (250 ms on the first retry, doubling)', async () => {
    script = [
      { status: 429, retryAfter: 'Thu, 01 Jan 1970 00:00:00 GMT' },
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
    ];
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    await client.send(await listContacts(server.url), CANARY_KEY);
    await client.close();
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('gives up after maxAttempts with rate_limited and the last Retry-After', async () => {
    script = Array.from({ length: 10 }, () => ({ status: 429, retryAfter: '1' }));
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    const err = await caught(async () => client.send(await listContacts(server.url), CANARY_KEY));
    await client.close();
    expect(toErrorInfo(err)).toEqual({
      code: 'rate_limited',
      message: 'Rate limited by the server; try again in 1 s',
      status: 429,
      retryAfterMs: 1000,
    });
    expect(server.received).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it('respects a custom maxAttempts', async () => {
    script = Array.from({ length: 10 }, () => ({ status: 429, retryAfter: '1' }));
    const { sleep } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    await caught(async () => client.send(await listContacts(server.url), CANARY_KEY, { maxAttempts: 2 }));
    await client.close();
    expect(server.received).toHaveLength(2);
  });

  it('stops when the next wait would pass maxTotalMs', async () => {
    script = Array.from({ length: 10 }, () => ({ status: 429, retryAfter: '2' }));
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    const err = await caught(async () => client.send(await listContacts(server.url), CANARY_KEY, { maxTotalMs: 5000 }));
    await client.close();
    expect(toErrorInfo(err)).toMatchObject({ code: 'rate_limited', retryAfterMs: 2000 });
    expect(waits).toEqual([2000, 2000]);
    expect(server.received).toHaveLength(3);
  });

  it('does not wait at all when Retry-After alone passes the budget; reports the (clamped) wait', async () => {
    script = [{ status: 429, retryAfter: '86400000' }];
    const { sleep, waits } = recordingSleep();
    const rec = recorder();
    const client = createApiClient({ sleep });
    const err = await caught(async () => client.send(await listContacts(server.url), CANARY_KEY, { onProgress: rec.onProgress }));
    await client.close();
    expect(toErrorInfo(err)).toEqual({
      code: 'rate_limited',
      message: 'Rate limited by the server; try again in 24 h',
      status: 429,
      retryAfterMs: MAX_RETRY_AFTER_MS,
    });
    expect(waits).toEqual([]);
    expect(rec.progress).toEqual([]);
    expect(server.received).toHaveLength(1);
  });

  it('never retries a POST without an Idempotency-Key: exactly one request reaches the server', async () => {
    script = [{ status: 429, retryAfter: '1' }];
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep });
    const request = withoutIdempotencyKey(await sendText(server.url));
    const err = await caught(async () => client.send(request, CANARY_KEY));
    await client.close();
    expect(toErrorInfo(err)).toMatchObject({ code: 'rate_limited', retryAfterMs: 1000 });
    expect(server.received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries key creation (a POST without an Idempotency-Key) either', async () => {
    script = [{ status: 429, retryAfter: '1' }];
    const { sleep } = recordingSleep();
    const client = createApiClient({ sleep });
    await caught(async () => client.send(await build(server.url, { op: 'keys.create', input: { name: 'x' } }), CANARY_KEY));
    await client.close();
    expect(server.received).toHaveLength(1);
  });
});

describe('retries against the sandbox', () => {
  it('a retried idempotent POST creates exactly one message', async () => {
    const since = Date.now();
    const mark = journalMark();
    const text = `retry-once ${since}`;
    sandbox.injectFaults(
      [
        { kind: 'rate_limit', retryAfter: '1' },
        { kind: 'rate_limit', retryAfter: '2' },
      ],
      { method: 'POST', pathPrefix: '/api/v1/messages/text' },
    );
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep, random: () => 0 });
    const response = await client.send(await sendText(sandbox.baseUrl, text), sandbox.adminKey);
    expect(response).toMatchObject({ status: 201, attempts: 3, replayed: false });
    expect(waits).toEqual([1000, 2000]);
    expect(journalCount('POST', '/api/v1/messages/text', mark)).toBe(3);
    const history = await client.send(
      await build(sandbox.baseUrl, { op: 'messages.list', input: { number: '5511999990000', perPage: 500 } }),
      sandbox.adminKey,
    );
    expect(parseMessagePage(history.json).items.filter((m) => m.raw.text === text)).toHaveLength(1);
    await client.close();
  });

  it('a POST without an Idempotency-Key that meets a 429 is sent once and creates nothing', async () => {
    const since = Date.now();
    const mark = journalMark();
    const text = `no-key ${since}`;
    sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '1' }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep });
    const err = await caught(async () => client.send(withoutIdempotencyKey(await sendText(sandbox.baseUrl, text)), sandbox.adminKey));
    expect(toErrorInfo(err)).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 1000 });
    expect(waits).toEqual([]);
    expect(journalCount('POST', '/api/v1/messages/text', mark)).toBe(1);
    await client.close();
  });

  it('rides out a storm of 429s whose Retry-After is an HTTP date', async () => {
    const since = Date.now();
    const mark = journalMark();
    const at = new Date(since + 5000);
    sandbox.injectFaults(
      Array.from({ length: 3 }, () => ({ kind: 'rate_limit' as const, retryAfter: at.toUTCString() })),
      { method: 'GET', pathPrefix: '/api/v1/contacts' },
    );
    const { sleep, waits } = recordingSleep();
    const rec = recorder();
    const client = createApiClient({ sleep, random: () => 0, observer: rec.observer });
    const response = await client.send(await listContacts(sandbox.baseUrl), sandbox.adminKey, { onProgress: rec.onProgress });
    await client.close();
    expect(response).toMatchObject({ status: 200, attempts: 4 });
    expect(rec.log.map((e) => e.status)).toEqual([429, 429, 429, 200]);
    // the injected sleep does not advance the clock: every wait is what is left until the date
    expect(waits).toHaveLength(3);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(3000);
      expect(wait).toBeLessThanOrEqual(5000);
    }
    expect(rec.progress.map((p) => (p.kind === 'waiting' ? [p.attempt, p.maxAttempts] : null))).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    expect(journalCount('GET', '/api/v1/contacts', mark)).toBe(4);
  });

  it.each([500, 502, 503])('does not retry HTTP %i (the outbox owns that)', async (status) => {
    const mark = journalMark();
    sandbox.injectFaults([{ kind: 'status', status }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    const { sleep, waits } = recordingSleep();
    const client = createApiClient({ sleep });
    const err = await caught(async () => client.send(await sendText(sandbox.baseUrl), sandbox.adminKey));
    expect(toErrorInfo(err)).toEqual({
      code: 'server_error',
      message: `Server error (HTTP ${status}). The server says: injected fault: HTTP ${status}; contact support if it persists`,
      status,
    });
    expect(waits).toEqual([]);
    expect(journalCount('POST', '/api/v1/messages/text', mark)).toBe(1);
    await client.close();
  });

  it('does not retry a reset connection, even for a GET', async () => {
    const mark = journalMark();
    sandbox.injectFaults([{ kind: 'reset' }], { method: 'GET', pathPrefix: '/api/v1/contacts' });
    const client = createApiClient({ sleep: recordingSleep().sleep });
    const err = await caught(async () => client.send(await listContacts(sandbox.baseUrl), sandbox.adminKey));
    expect(toErrorInfo(err).code).toBe('network');
    expect(journalCount('GET', '/api/v1/contacts', mark)).toBe(1);
    await client.close();
  });

  it('rides out the real token bucket with the real timer', async () => {
    const limited = await startSandbox({ rate: 2, burst: 1, contacts: 5 });
    const rec = recorder();
    const client = createApiClient({ observer: rec.observer });
    try {
      const request = await listContacts(limited.baseUrl);
      for (let i = 0; i < 3; i += 1)
        expect((await client.send(request, limited.adminKey, { onProgress: rec.onProgress })).status).toBe(200);
      expect(rec.log.filter((e) => e.status === 429).length).toBeGreaterThan(0);
      expect(rec.progress.every((p) => p.kind === 'waiting' && p.retryAfterMs >= 1000)).toBe(true);
    } finally {
      await client.close();
      await limited.close();
    }
  });
});
