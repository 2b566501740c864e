// The URL on the wire (issue 10 items 8 and 10): one normalisation (core/http/wire-url.ts) for
// the sender and the cURL export, so the exported command asks for exactly what the app asks
// for, whatever the path holds (` " é . ..), and a key id of "." or ".." stays one segment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSegment, resolveEndpointPath } from '../../../../src-main/core/endpoints';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import { wireUrl } from '../../../../src-main/core/http/wire-url';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import type { LocalServer } from './support/local-server';
import { startJsonServer } from './support/local-server';
import { availableShells, runInShell, shellEnv } from '../shells';

const KEY = 'crm_sk_wire_url_test_key_000000';
let server: LocalServer;
const sender = createApiClient();

beforeAll(async () => {
  server = await startJsonServer(404, '{"error":{"code":"not_found","message":"no"}}');
});
afterAll(async () => {
  await sender.close();
  await server.close();
});

/** the request line's target the server received from the app, then from the exported cURL */
async function bothTargets(request: PreparedRequest): Promise<{ app: string; curl: string[] }> {
  const before = server.received.length;
  await sender.send(request, KEY, { maxAttempts: 1 }).catch(() => undefined);
  const app = server.received[before]!.url;
  const curl: string[] = [];
  for (const shell of availableShells().shells) {
    const start = server.received.length;
    const run = await runInShell(shell, toCurl(request), shellEnv({ CRM_API_KEY: KEY }));
    expect(run.code, run.stderr).toBe(0);
    curl.push(server.received[start]!.url);
  }
  return { app, curl };
}

describe('wireUrl', () => {
  it('keeps every path segment where it is and encodes what a URL may not hold raw', () => {
    expect(wireUrl('http://h:1/api/v1/api-keys/%2E%2E').target).toBe('/api/v1/api-keys/%2E%2E');
    expect(wireUrl('http://h:1/a/./b/../c').target).toBe('/a/%2E/b/%2E%2E/c');
    expect(wireUrl('https://H.example:443/x`y"z/é/[1]{2}|^?q=a b&r=ü#frag').href).toBe(
      'https://h.example/x%60y%22z/%C3%A9/%5B1%5D%7B2%7D%7C%5E?q=a%20b&r=%C3%BC',
    );
    expect(wireUrl('http://h/100%/%41').target).toBe('/100%25/%41');
    expect(wireUrl('http://h').target).toBe('/');
  });

  it('a key id "." or ".." is one segment of the delete path', () => {
    expect(pathSegment('.')).toBe('%2E');
    expect(pathSegment('..')).toBe('%2E%2E');
    expect(pathSegment('a.b')).toBe('a.b');
    expect(pathSegment('../x')).toBe('..%2Fx');
    expect(resolveEndpointPath('keys.delete', {}, { id: '..' }).path).toBe('/api/v1/api-keys/%2E%2E');
  });
});

describe('the app and its exported cURL ask for the same URL', () => {
  it('for a key id "." or "..": DELETE /api-keys/{that id}, never a parent path', async () => {
    for (const id of ['.', '..']) {
      const request = await buildRequest({ op: 'keys.delete', input: { id } }, { baseUrl: `${server.url}/base`, endpointOverrides: {} });
      const { app, curl } = await bothTargets(request);
      expect(app).toBe(`/base/api/v1/api-keys/${id === '.' ? '%2E' : '%2E%2E'}`);
      for (const c of curl) expect(c).toBe(app);
    }
  });

  it('for a path with ` " and non-ASCII characters', async () => {
    const overrides = { 'keys.delete': '/api/v1/clés/"quoted"/`tick`/{id}' };
    const request = await buildRequest(
      { op: 'keys.delete', input: { id: 'k_é`"' } },
      { baseUrl: server.url, endpointOverrides: overrides },
    );
    const { app, curl } = await bothTargets(request);
    expect(app).toBe('/api/v1/cl%C3%A9s/%22quoted%22/%60tick%60/k_%C3%A9%60%22');
    expect(curl.length).toBeGreaterThan(0);
    for (const c of curl) expect(c).toBe(app);
  });
});
