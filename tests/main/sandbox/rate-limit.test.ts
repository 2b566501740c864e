import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { RateLimiter } from '../../../src-main/sandbox/rate-limit';
import { call, errorOf, start } from './helpers';

describe('rate limits over HTTP', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startLimited();
  });
  afterAll(() => sb.close());

  function startLimited(): Promise<RunningSandbox> {
    // 0.01 token per second: nothing refills during the test
    return start({ rate: 0.01, burst: 3 });
  }

  it('lets a burst through, then answers 429 rate_limited with Retry-After and X-RateLimit-*', async () => {
    const { key } = sb.createKey('limited', ['contacts:read']);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call(sb, 'GET', '/api/v1/contacts?per_page=1', { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call(sb, 'GET', '/api/v1/contacts?per_page=1', { key });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    expect(errorOf(limited).details).toBeUndefined();
    const retryAfter = limited.headers.get('retry-after')!;
    expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
    // one token at 0.01/s takes up to 100 s
    expect(Number(retryAfter)).toBeGreaterThan(90);
    expect(Number(retryAfter)).toBeLessThanOrEqual(100);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThan(Date.now() / 1000 + 200);
  });

  it('limits each key on its own and never rate-limits before auth', async () => {
    const a = sb.createKey('a', ['contacts:read']);
    const b = sb.createKey('b', ['contacts:read']);
    for (let i = 0; i < 3; i += 1) await call(sb, 'GET', '/api/v1/contacts', { key: a.key });
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: a.key })).status).toBe(429);
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: b.key })).status).toBe(200);
    const anon = await call(sb, 'GET', '/api/v1/contacts', { key: 'crm_sk_unknownunknown' });
    expect(anon.status).toBe(401);
    expect(anon.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('sends a rate_limit fault with the Retry-After given, as seconds or an HTTP date', async () => {
    const date = new Date(Date.now() + 5000).toUTCString();
    sb.injectFaults([{ kind: 'rate_limit', retryAfter: date }, { kind: 'rate_limit' }]);
    const first = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe(date);
    expect(errorOf(first).code).toBe('rate_limited');
    const second = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
    expect(second.headers.get('retry-after')).toBe('1');
  });
});

describe('RateLimiter (token bucket)', () => {
  it('refills at `rate` per second up to `burst`', () => {
    const limiter = new RateLimiter(2, 4);
    const t0 = 1_000_000;
    for (let i = 0; i < 4; i += 1) expect(limiter.take('k', t0).allowed).toBe(true);
    const denied = limiter.take('k', t0);
    expect(denied.allowed).toBe(false);
    expect(denied.headers['Retry-After']).toBe('1');
    expect(denied.headers['X-RateLimit-Reset']).toBe(String(Math.ceil((t0 + 2000) / 1000)));
    // half a second gives one token back
    expect(limiter.take('k', t0 + 500).allowed).toBe(true);
    expect(limiter.take('k', t0 + 500).allowed).toBe(false);
    // ten seconds later the bucket is full again, never more
    expect(limiter.peek('k', t0 + 10_500)['X-RateLimit-Remaining']).toBe('4');
  });

  it('rounds Retry-After up to whole seconds', () => {
    const limiter = new RateLimiter(0.25, 1);
    expect(limiter.take('k', 0).allowed).toBe(true);
    expect(limiter.take('k', 0).headers['Retry-After']).toBe('4');
    expect(limiter.take('k', 1500).headers['Retry-After']).toBe('3');
  });
});
