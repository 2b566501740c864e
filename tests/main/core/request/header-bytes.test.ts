// Header values leave as curl sends them: the UTF-8 bytes of the text, over real HTTP to a
// local node:http server that records the raw bytes it received. The cURL export and the
// request log keep the readable text; line breaks and NUL never reach the wire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { CrmError } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import type { HttpSender, ObservedEntry } from '../../../../src-main/core/http/sender';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import type { LocalServer } from '../http/support/local-server';
import { startJsonServer } from '../http/support/local-server';
import { CANARY_KEY } from '../http/support/requests';

let server: LocalServer;
let client: HttpSender;
const logged: ObservedEntry[] = [];

beforeAll(async () => {
  server = await startJsonServer(200, '{"id":"m_1"}');
  client = createApiClient({ network: { proxyFor: () => null, ca: () => null }, observer: (entry) => logged.push(entry) });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** The bytes of a received header value (node:http reads header bytes as latin1). */
function receivedBytes(name: string): string {
  const value = server.received.at(-1)?.headers[name.toLowerCase()];
  if (value === undefined) throw new Error(`no ${name} header arrived`);
  return Buffer.from(value, 'latin1').toString('hex');
}

function plainGet(headers: Record<string, string>): PreparedRequest {
  return {
    endpoint: 'keys.list',
    method: 'GET',
    url: `${server.url}/api/v1/keys`,
    headers,
    body: null,
    idempotencyKey: null,
    retrySafe: true,
  };
}

describe('header bytes on the wire', () => {
  it("-H 'X-Note: café' from a pasted cURL arrives as the UTF-8 bytes c3 a9, as curl sends it", async () => {
    const parsed = parseCurl(
      `curl ${server.url}/api/v1/messages -H 'X-Note: café' -H 'Content-Type: application/json' -d '{"to":"+15551234567","text":"hi"}'`,
    );
    const proposal = proposeOperation(parsed, 'messages.text', { profileBaseUrl: server.url });
    expect(proposal.spec.headers).toEqual([{ name: 'X-Note', value: 'café' }]);
    const request = await buildRequest(
      { op: 'messages.text', input: { number: '5511999990000', text: 'Hello' }, idempotencyKey: 'header-bytes-1' },
      { baseUrl: server.url, endpointOverrides: {}, api: { version: 1, operations: { 'messages.text': proposal.spec } } },
    );
    await client.send(request, CANARY_KEY);
    expect(receivedBytes('X-Note')).toBe(Buffer.from('café', 'utf8').toString('hex'));
    expect(receivedBytes('X-Note')).toMatch(/c3a9$/);
    // what a person reads keeps the text
    expect(toCurl(request)).toContain("-H 'X-Note: café'");
    expect(logged.at(-1)?.requestHeaders['X-Note']).toBe('café');
  });

  it('characters past U+00FF are sent as their UTF-8 bytes too, not refused', async () => {
    await client.send(plainGet({ 'X-Price': '10 € ☕', Range: 'bytes=600-' }), CANARY_KEY);
    expect(receivedBytes('X-Price')).toBe(Buffer.from('10 € ☕', 'utf8').toString('hex'));
    expect(server.received.at(-1)?.headers.range).toBe('bytes=600-');
  });

  it('ASCII headers are unchanged', async () => {
    await client.send(plainGet({ 'X-Plain': 'a b;c=d' }), CANARY_KEY);
    expect(server.received.at(-1)?.headers['x-plain']).toBe('a b;c=d');
  });

  it.each([
    ['CR', 'a\rb'],
    ['LF', 'a\nX-Evil: 1'],
    ['NUL', 'a\u0000b'],
  ])('a value with %s is refused before anything is sent', async (_what, value) => {
    const before = server.received.length;
    const error = await client.send(plainGet({ 'X-Bad': value }), CANARY_KEY).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).code).toBe('validation');
    expect((error as CrmError).message).toMatch(/X-Bad header contains a line break or NUL/);
    expect(server.received.length).toBe(before);
  });
});
