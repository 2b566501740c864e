// Every status x every kind of body -> one typed CrmError with a message keyed by the status
// (the docs/API.md error shape adds 400 field details). Real HTTP against a local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { readableJson } from '../../../../src-main/core/http/sender';
import type { HttpSender } from '../../../../src-main/core/http/sender';
import type { LocalServer } from './support/local-server';
import { startHttpServer } from './support/local-server';
import { CANARY_KEY, build, caught, createKey, sendText } from './support/requests';

interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

let reply: Reply = { status: 200, body: '{}' };
let server: LocalServer;
let client: HttpSender;

beforeAll(async () => {
  server = await startHttpServer((_req, res) => {
    res.writeHead(reply.status, { ...(reply.contentType ? { 'Content-Type': reply.contentType } : {}), ...reply.headers });
    res.end(reply.body);
  });
  client = createApiClient({ sleep: async () => undefined });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** what the client throws for the request `request` makes for the test server, as error info */
const errorInfoOf = async (request: typeof sendText): Promise<ReturnType<typeof toErrorInfo>> =>
  toErrorInfo(await caught(async () => client.send(await request(server.url), CANARY_KEY)));

const BODIES: Record<string, { body: string; contentType?: string }> = {
  empty: { body: '' },
  html: { body: '<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>', contentType: 'text/html' },
  truncated: { body: '{"error":{"code":"bad_request","message":"number: must be', contentType: 'application/json' },
  otherShape: { body: '{"message":"Something went wrong","statusCode":500,"errors":["a","b"]}', contentType: 'application/json' },
  apiShape: {
    body: JSON.stringify({
      error: {
        code: 'whatever',
        message: 'Invalid request data',
        details: [
          { field: 'number', message: 'must be 8 to 15 digits' },
          { field: 'text', message: 'must not be empty' },
        ],
      },
    }),
    contentType: 'application/json; charset=utf-8',
  },
};

/** what each body adds after our explanation: the service's own reason, when it has one */
const SAYS: Record<string, string> = {
  empty: '',
  html: '',
  truncated: '',
  otherShape: '. The server says: Something went wrong',
  apiShape: '. The server says: whatever: Invalid request data',
};

const BY_STATUS: [number, CrmError['code'], string, string][] = [
  [401, 'unauthorized', 'API key missing, invalid or revoked', ''],
  [403, 'forbidden', 'This key lacks permission for Create API key (needs keys:manage)', ''],
  [404, 'not_found', "Not found: POST /api/v1/api-keys. Check the profile's base URL and API paths", ''],
  [429, 'rate_limited', 'Rate limited by the server; try again in 1 s', 'never'],
  [500, 'server_error', 'Server error (HTTP 500)', '; contact support if it persists'],
  [502, 'server_error', 'Server error (HTTP 502)', '; contact support if it persists'],
  [503, 'server_error', 'Server error (HTTP 503)', '; contact support if it persists'],
  [
    301,
    'http_status',
    "The server answered with a redirect (HTTP 301); check the profile's base URL (http or https, path prefix)",
    'never',
  ],
  [409, 'http_status', 'Unexpected answer from the server: HTTP 409', ''],
  [413, 'http_status', 'The request is too large for the server (HTTP 413)', ''],
  [418, 'http_status', 'Unexpected answer from the server: HTTP 418', ''],
];

describe('status mapping', () => {
  const cases = BY_STATUS.flatMap(([status, code, message, tail]) =>
    Object.keys(BODIES).map((body) => [status, body, code, tail === 'never' ? message : `${message}${SAYS[body]}${tail}`] as const),
  );
  it.each(cases)('HTTP %i with a %s body -> %s', async (status, bodyName, code, message) => {
    const body = BODIES[bodyName];
    if (!body) throw new Error(bodyName);
    reply = { status, ...body, headers: status === 301 ? { Location: 'https://elsewhere.example/' } : {} };
    const request = await createKey(server.url);
    const err = await caught(() => client.send(request, CANARY_KEY));
    expect(err).toBeInstanceOf(CrmError);
    const info = toErrorInfo(err);
    expect(info).toEqual({ code, message, status, ...(status === 429 ? { retryAfterMs: 1000 } : {}) });
  });

  it.each(['empty', 'html', 'truncated'])('HTTP 400 with a %s body -> bad_request keyed by the status', async (bodyName) => {
    const body = BODIES[bodyName];
    if (!body) throw new Error(bodyName);
    reply = { status: 400, ...body };
    expect(await errorInfoOf(createKey)).toEqual({
      code: 'bad_request',
      message: 'The server rejected the request as invalid (HTTP 400)',
      status: 400,
    });
  });

  it('HTTP 400 with the API.md shape names each field the server objected to', async () => {
    reply = { status: 400, ...BODIES.apiShape } as Reply;
    expect(await errorInfoOf(createKey)).toEqual({
      code: 'bad_request',
      message: 'The server rejected the request: number: must be 8 to 15 digits; text: must not be empty',
      status: 400,
      details: [
        { field: 'number', message: 'must be 8 to 15 digits' },
        { field: 'text', message: 'must not be empty' },
      ],
    });
  });

  it('HTTP 400 with the API.md shape but no details uses the server message, cleaned to one short line', async () => {
    reply = { status: 400, body: JSON.stringify({ error: { code: 'bad_request', message: `Body is not JSON\n${'x'.repeat(500)}` } }) };
    const err = await caught(async () => client.send(await createKey(server.url), CANARY_KEY));
    const info = toErrorInfo(err);
    expect(info.code).toBe('bad_request');
    expect(info.message.startsWith('The server rejected the request: Body is not JSON xxx')).toBe(true);
    expect(info.message.endsWith('…')).toBe(true);
    expect(info.message).not.toContain('\n');
    expect([...info.message.replace('The server rejected the request: ', '')]).toHaveLength(300);
  });

  it.each([
    [
      'another JSON shape',
      BODIES.otherShape!.body,
      'Something went wrong: a; b',
      [
        { field: '', message: 'a' },
        { field: '', message: 'b' },
      ],
    ],
    [
      'Laravel',
      JSON.stringify({ message: 'The phone field is required.', errors: { phone: ['The phone field is required.'] } }),
      'phone: The phone field is required.',
      [{ field: 'phone', message: 'The phone field is required.' }],
    ],
    [
      "Meta's Cloud API",
      JSON.stringify({
        error: {
          message: '(#100) Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_data: { details: 'to is not a valid number' },
        },
      }),
      '(#100) Invalid parameter (to is not a valid number) A parameter of the request is missing or not ' +
        "valid: compare the one it names with this profile's request template (Profiles → API).",
      undefined,
    ],
    [
      'JSON:API',
      JSON.stringify({
        errors: [{ status: '400', title: 'Invalid', detail: 'number is too short', source: { pointer: '/data/attributes/number' } }],
      }),
      'number: number is too short',
      [{ field: 'number', message: 'number is too short' }],
    ],
    [
      'RFC 7807',
      JSON.stringify({ type: 'about:blank', title: 'Bad Request', detail: 'text must not be empty' }),
      'text must not be empty',
      undefined,
    ],
    ['a plain error string', JSON.stringify({ error: 'invalid_phone' }), 'invalid_phone', undefined],
    ['plain text', 'Phone number missing', 'Phone number missing', undefined],
  ])("HTTP 400 in %s shape shows the service's own reason", async (_name, body, text, details) => {
    reply = { status: 400, body, contentType: body.startsWith('{') ? 'application/json' : 'text/plain' };
    expect(await errorInfoOf(sendText)).toEqual({
      code: 'bad_request',
      message: `The server rejected the request: ${text}`,
      status: 400,
      ...(details ? { details } : {}),
    });
  });

  it("HTTP 500 shows the service's own code and message", async () => {
    reply = {
      status: 500,
      body: JSON.stringify({ error: { code: 'db_down', message: 'database unavailable' } }),
      contentType: 'application/json',
    };
    const err = await caught(async () => client.send(await sendText(server.url), CANARY_KEY));
    expect((err as CrmError).message).toBe(
      'Server error (HTTP 500). The server says: db_down: database unavailable; contact support if it persists',
    );
  });

  it('HTTP 400 idempotency_mismatch is its own code', async () => {
    reply = {
      status: 400,
      body: JSON.stringify({ error: { code: 'idempotency_mismatch', message: 'Idempotency-Key reused with another body' } }),
    };
    expect(await errorInfoOf(sendText)).toEqual({
      code: 'idempotency_mismatch',
      message: 'This Idempotency-Key was already used with a different request body; a changed message needs a new key',
      status: 400,
    });
  });

  it('a 403 names the operation and the permission it needs', async () => {
    reply = { status: 403, body: '' };
    const text = await caught(async () => client.send(await sendText(server.url), CANARY_KEY));
    expect((text as CrmError).message).toBe('This key lacks permission for Send Text (needs messages:send)');
    const contacts = await caught(async () => client.send(await build(server.url, { op: 'contacts.list', input: {} }), CANARY_KEY));
    expect((contacts as CrmError).message).toBe('This key lacks permission for List contacts (needs contacts:read)');
    const revoke = await caught(async () => client.send(await build(server.url, { op: 'keys.delete', input: { id: 'k_1' } }), CANARY_KEY));
    expect((revoke as CrmError).message).toBe(
      'This key lacks permission for Delete API key (needs keys:manage, or the key deleting itself)',
    );
  });

  it('a 404 on key deletion says the key is gone', async () => {
    reply = { status: 404, body: '{"error":{"code":"not_found","message":"No such key"}}' };
    const err = await caught(async () => client.send(await build(server.url, { op: 'keys.delete', input: { id: 'k_gone' } }), CANARY_KEY));
    expect(toErrorInfo(err)).toEqual({
      code: 'not_found',
      message: 'No such API key on the server (it may already be deleted). The server says: No such key',
      status: 404,
    });
  });
});

describe('2xx bodies', () => {
  it.each([
    ['HTML', '<html>ok</html>', 'text/html; charset=utf-8', 'The server answered HTTP 200 but its body is not valid JSON (text/html)'],
    [
      'truncated JSON',
      '{"data":[{"id":"c_1"',
      'application/json',
      'The server answered HTTP 200 but its body is not valid JSON (application/json)',
    ],
    ['plain text without a content type', 'OK', undefined, 'The server answered HTTP 200 but its body is not valid JSON'],
  ])('a 200 with %s is a success whose body is unreadable (bad_response when read)', async (_name, body, contentType, message) => {
    reply = { status: 200, body, contentType };
    const response = await client.send(await build(server.url, { op: 'contacts.list', input: {} }), CANARY_KEY);
    expect(response).toMatchObject({ status: 200, json: undefined });
    expect(toErrorInfo(await caught(async () => readableJson(response)))).toEqual({ code: 'bad_response', message, status: 200 });
  });

  it('parses JSON (with a BOM, any content type) and returns headers, status and attempts', async () => {
    reply = {
      status: 201,
      body: '\ufeff{"id":"m_1","type":"text"}',
      contentType: 'text/plain',
      headers: { 'Idempotent-Replayed': 'true', 'X-RateLimit-Remaining': '7' },
    };
    const response = await client.send(await sendText(server.url), CANARY_KEY);
    expect(response).toMatchObject({ status: 201, json: { id: 'm_1', type: 'text' }, attempts: 1, replayed: true });
    expect(response.headers['x-ratelimit-remaining']).toBe('7');
    expect(response.durationMs).toBeGreaterThan(0);
  });

  it('an empty 2xx body is undefined JSON, not an error', async () => {
    reply = { status: 204, body: '' };
    const response = await client.send(await build(server.url, { op: 'keys.delete', input: { id: 'k_1' } }), CANARY_KEY);
    expect(response).toMatchObject({ status: 204, json: undefined, replayed: false });
  });

  it('sends Authorization, Accept, Content-Type, Idempotency-Key and an exact Content-Length', async () => {
    reply = { status: 201, body: '{}' };
    const request = await sendText(server.url, 'Olá 👋');
    await client.send(request, CANARY_KEY);
    const got = server.received.at(-1);
    expect(got?.headers).toMatchObject({
      authorization: `Bearer ${CANARY_KEY}`,
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': request.idempotencyKey,
      'content-length': String(Buffer.byteLength((request.body as { text: string }).text)),
    });
    expect(got?.body.toString('utf8')).toBe((request.body as { text: string }).text);
  });

  it('rejects a malformed key before sending anything', async () => {
    const before = server.received.length;
    const err = await caught(async () => client.send(await sendText(server.url), 'bad key\r\nX-Evil: 1'));
    expect(toErrorInfo(err)).toEqual({
      code: 'validation',
      message: 'The API key is not in a valid format (8 to 512 printable characters, no spaces)',
    });
    expect(server.received.length).toBe(before);
  });
});
