import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, detailFields, errorOf, sleep, start } from './helpers';
import { sandboxAround } from './sandbox-around';
import type { ApiResponse } from './helpers';

const NUMBER = '5511988887777';

describe('Idempotency-Key', () => {
  let sb: RunningSandbox;
  let n = 0;
  const freshKey = (): string => `idem-${Date.now()}-${(n += 1)}`;
  const send = (idem: string | undefined, body: unknown, path = 'text', key = sb.adminKey): Promise<ApiResponse> =>
    call(sb, 'POST', `/api/v1/messages/${path}`, { key, body, headers: idem === undefined ? {} : { 'Idempotency-Key': idem } });
  const countFor = async (number: string): Promise<number> =>
    ((await call(sb, 'GET', `/api/v1/messages?number=${number}`, { key: sb.adminKey })).body as { meta: { total: number } }).meta.total;

  sandboxAround({}, (started) => (sb = started));

  it('replays the first answer for a repeat with the same body, creating one message', async () => {
    const idem = freshKey();
    const number = '5511900000001';
    const first = await send(idem, { number, text: 'once' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await send(idem, { number, text: 'once' });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    expect(second.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(await countFor(number)).toBe(1);
  });

  it('answers 400 idempotency_mismatch for the same key with another body', async () => {
    const idem = freshKey();
    const number = '5511900000002';
    expect((await send(idem, { number, text: 'a' })).status).toBe(201);
    const other = await send(idem, { number, text: 'b' });
    expect(other.status).toBe(400);
    expect(errorOf(other).code).toBe('idempotency_mismatch');
    expect(detailFields(other)).toEqual(['Idempotency-Key']);
    expect(await countFor(number)).toBe(1);
  });

  it('scopes a key to its route, not to the API key', async () => {
    const idem = freshKey();
    const number = '5511900000003';
    const text = await send(idem, { number, text: 'a' });
    const audio = await send(idem, { number, audio: 'https://example.com/a.ogg', mimetype: 'audio/ogg', ptt: true }, 'audio');
    expect(audio.status).toBe(201);
    expect((audio.body as { id: string }).id).not.toBe((text.body as { id: string }).id);
    const { key } = sb.createKey('another', ['messages:send']);
    const viaOtherKey = await send(idem, { number, text: 'a' }, 'text', key);
    expect(viaOtherKey.headers.get('idempotent-replayed')).toBe('true');
    expect(viaOtherKey.text).toBe(text.text);
  });

  it('lets concurrent duplicates create exactly one message', async () => {
    const idem = freshKey();
    const number = '5511900000004';
    const results = await Promise.all(Array.from({ length: 12 }, () => send(idem, { number, text: 'race' })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => (r.body as { id: string }).id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await countFor(number)).toBe(1);
  });

  it('stores a 400 answer and replays it too (documented: 2xx and 4xx other than 429)', async () => {
    const idem = freshKey();
    const first = await send(idem, { number: '123', text: 'x' });
    expect(first.status).toBe(400);
    const again = await send(idem, { number: '123', text: 'x' });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('does not store a 5xx or 429: the retry really runs', async () => {
    const idem = freshKey();
    const number = '5511900000005';
    sb.injectFaults([{ kind: 'status', status: 503 }, { kind: 'rate_limit' }], { pathPrefix: '/api/v1/messages/text' });
    expect((await send(idem, { number, text: 'x' })).status).toBe(503);
    expect((await send(idem, { number, text: 'x' })).status).toBe(429);
    const real = await send(idem, { number, text: 'x' });
    expect(real.status).toBe(201);
    expect(real.headers.get('idempotent-replayed')).toBeNull();
    expect(await countFor(number)).toBe(1);
  });

  it('treats requests without the header independently', async () => {
    const number = '5511900000006';
    await send(undefined, { number, text: 'x' });
    await send(undefined, { number, text: 'x' });
    expect(await countFor(number)).toBe(2);
  });

  it('answers 400 naming Idempotency-Key for an unusable value', async () => {
    const res = await send('k'.repeat(256), { number: NUMBER, text: 'x' });
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(['Idempotency-Key']);
  });

  it('forgets a key after the TTL', async () => {
    const short = await start({ idempotencyTtlMs: 50 });
    try {
      const body = { number: NUMBER, text: 'ttl' };
      const a = await call(short, 'POST', '/api/v1/messages/text', { key: short.adminKey, body, headers: { 'Idempotency-Key': 'ttl-1' } });
      await sleep(120);
      const b = await call(short, 'POST', '/api/v1/messages/text', { key: short.adminKey, body, headers: { 'Idempotency-Key': 'ttl-1' } });
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      expect((b.body as { id: string }).id).not.toBe((a.body as { id: string }).id);
    } finally {
      await short.close();
    }
  });
});
