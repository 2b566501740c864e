// Key routes' answers can carry key values the log does not hold: a key creation's new key (not
// in the vault yet when the answer is logged), or a careless service's full values in its list.
import { describe, expect, it } from 'vitest';
import { withoutKeyValues } from '../../../../src-main/core/http/scrub/key-answers';
import { leakedRuns } from '../../helpers/secret-scan';

const NEW = 'crm_sk_9fQ2mZ7xLp4Rt8Kc1VbN6sDw3HyJ5gAe';
const answer = JSON.stringify({
  id: 'k_1',
  name: 'CI',
  key: NEW,
  prefix: NEW.slice(0, 11),
  permissions: ['contacts:read'],
  created_at: '2026-11-23T00:00:00Z',
});

describe('withoutKeyValues', () => {
  it('cuts a new key named token out of a key creation answer too', () => {
    expect(leakedRuns(withoutKeyValues('keys.create', 201, JSON.stringify({ id: 'k_1', token: NEW })) ?? NEW, NEW)).toEqual([]);
  });

  it('cuts the new key, and its prefix, out of a key creation answer and keeps the rest', () => {
    const kept = withoutKeyValues('keys.create', 201, answer);
    expect(kept).not.toBeNull();
    expect(leakedRuns(kept ?? '', NEW)).toEqual([]);
    expect(JSON.parse(kept ?? '{}')).toMatchObject({ id: 'k_1', name: 'CI', key: '***', prefix: '***', permissions: ['contacts:read'] });
  });

  it.each([
    ['a body that is not JSON', `key=${NEW}`],
    ['a body cut short', answer.slice(0, 60)],
    ['the value under a name no key goes by', JSON.stringify({ id: 'k_1', credential: NEW })],
    ['a value too short to cut out by runs', JSON.stringify({ id: 'k_1', key: 'abc123' })],
  ])('keeps nothing of a successful answer when the value cannot be found: %s', (_case, text) => {
    expect(withoutKeyValues('keys.create', 200, text)).toBeNull();
  });

  it('cuts full values out of a key list that carries them, under any secret-like name, at any depth', () => {
    const A = 'crm_sk_Hn3kT8vQ2pLm5Xr7Wd1Zc9Bf4Gj6Ys0A';
    const B = 'tok_9dKq2Lw8Zm4Rt7Vx1Cn5Bp3Hs6Jf0Gy2Ua8';
    const list = JSON.stringify({
      data: [
        { id: 'k_a', name: 'A', prefix: A.slice(0, 11), key: A },
        { id: 'k_b', name: 'B', credentials: { Access_Token: B } },
      ],
    });
    const kept = withoutKeyValues('keys.list', 200, list) ?? '';
    expect(leakedRuns(kept, A)).toEqual([]);
    expect(leakedRuns(kept, B)).toEqual([]);
    expect(JSON.parse(kept)).toMatchObject({
      data: [
        { id: 'k_a', name: 'A', prefix: '***', key: '***' },
        { id: 'k_b', credentials: { Access_Token: '***' } },
      ],
    });
    // a list without values, as docs/API.md has it, keeps all but the prefixes: the first characters
    // of each key are part of its value, and the log is written to disk
    const plain = JSON.stringify({ data: [{ id: 'k_a', name: 'A', prefix: A.slice(0, 10), permissions: [] }] });
    const keptPlain = withoutKeyValues('keys.list', 200, plain) ?? '';
    expect(leakedRuns(keptPlain, A)).toEqual([]);
    expect(JSON.parse(keptPlain)).toEqual({ data: [{ id: 'k_a', name: 'A', prefix: '***', permissions: [] }] });
    // a prefix too short to hold a leak run is left as it came
    const short = JSON.stringify({ data: [{ id: 'k_a', prefix: 'crm_sk', permissions: [] }] });
    expect(withoutKeyValues('keys.list', 200, short)).toBe(short);
  });

  it("keeps an error answer, and every other operation's answer, as it came", () => {
    const error = JSON.stringify({ error: { code: 'forbidden', message: 'keys:manage is needed' } });
    expect(withoutKeyValues('keys.create', 403, error)).toBe(error);
    expect(withoutKeyValues('contacts.list', 200, answer)).toBe(answer);
  });
});

describe("a key creation's answer through the sender", () => {
  it('keeps a new key that shares eight characters with the key it was made with (crm_sk_ + one): it goes to the keychain whole', async () => {
    const { createApiClient } = await import('../../../../src-main/core/http/api-client');
    const { buildRequest } = await import('../../../../src-main/core/request/request-builder');
    const { startHttpServer } = await import('./support/local-server');
    const admin = 'crm_sk_Q1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const created = 'crm_sk_Q2bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    const server = await startHttpServer((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'k_9', name: `echo ${admin}`, key: created, prefix: 'crm_sk_Q2bb' }));
    });
    const client = createApiClient();
    try {
      const request = await buildRequest({ op: 'keys.create', input: { name: 'CI' } }, { baseUrl: server.url, endpointOverrides: {} });
      const json = (await client.send(request, admin)).json as { key: string; name: string };
      expect(json.key).toBe(created);
      // everything else is still scrubbed of the key the request was made with
      expect(leakedRuns(json.name, admin)).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
