// The sender scans a 2xx body for the key once and uses that scan for the answer and the log:
// a body that echoes the key (as it is, in another case, or spelled with JSON escapes) loses it
// in both; a body without it is handed on as parsed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { ObservedExchange } from '../../../../src-main/core/http/observed-exchange';
import { buildRequest } from '../../../../src-main/core/request/request-builder';

const KEY = 'crm_sk_Zq8vTw3LmN0pXr5YbK2cJd7F';
const escaped = KEY.split('')
  .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  .join('');
const bodies: Record<string, string> = {
  '/clean': JSON.stringify({ items: [{ id: 'c_1', name: 'Ada', tags: ['x'] }], page: 1 }),
  '/plain': JSON.stringify({ items: [{ id: 'c_1', name: `echo ${KEY}`, note: KEY.toUpperCase() }] }),
  '/escaped': `{"items":[{"id":"c_1","name":"echo ${escaped}"}]}`,
};

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(bodies[new URL(req.url ?? '/', 'http://x').searchParams.get('search') ?? ''] ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function answer(path: string): Promise<{ json: unknown; logged: string }> {
  const seen: ObservedExchange[] = [];
  const client = createApiClient({ observer: (_entry, observe) => observe && seen.push(observe()) });
  try {
    const request = await buildRequest({ op: 'contacts.list', input: { search: path } }, { baseUrl, endpointOverrides: {} });
    const response = await client.send(request, KEY);
    return { json: response.json, logged: seen[0]?.responseBody?.text ?? '' };
  } finally {
    await client.close();
  }
}

describe('a 2xx body scanned once for the key', () => {
  it('hands on a body without the key as parsed, and logs it as it came', async () => {
    const { json, logged } = await answer('/clean');
    expect(json).toEqual(JSON.parse(bodies['/clean']!));
    expect(logged).toBe(bodies['/clean']);
  });

  for (const path of ['/plain', '/escaped']) {
    it(`cuts the key out of the answer and the log (${path.slice(1)})`, async () => {
      const { json, logged } = await answer(path);
      const text = JSON.stringify(json);
      expect(text.toLowerCase()).not.toContain(KEY.slice(0, 8).toLowerCase());
      expect(text).toContain('***');
      expect(logged).not.toContain(KEY);
      expect(logged).not.toContain(escaped.slice(0, 48));
      expect(JSON.stringify(JSON.parse(logged)).toLowerCase()).not.toContain(KEY.slice(8, 16).toLowerCase());
    });
  }
});
