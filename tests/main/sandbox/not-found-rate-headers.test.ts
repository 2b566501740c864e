// A 404 is an authenticated answer like any other when it carries a valid key: docs/API.md puts the
// X-RateLimit-* headers on every one. The 404 shows the bucket without spending a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, start } from './helpers';

describe('404 answers and the rate-limit headers', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    // 0.01 token per second: nothing refills during the test
    sb = await start({ rate: 0.01, burst: 3 });
  });
  afterAll(() => sb.close());

  it('an unknown path and a method the path does not answer, with a valid key, carry them and take no token', async () => {
    const { key } = sb.createKey('probe', ['contacts:read']);
    const answers = [await call(sb, 'GET', '/api/v1/no-such-route', { key }), await call(sb, 'PATCH', '/api/v1/contacts', { key })];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('3');
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    }
    // the two 404s left the whole burst: the first real request takes the first token
    const real = await call(sb, 'GET', '/api/v1/contacts?per_page=1', { key });
    expect(real.status).toBe(200);
    expect(real.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('without a valid key a 404 stays as it was: no rate-limit headers', async () => {
    for (const key of [null, 'crm_sk_unknownunknown']) {
      const res = await call(sb, 'GET', '/api/v1/no-such-route', { key });
      expect(res.status).toBe(404);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });
});
