// A key learned from the query (?access_token=) travels in the URL, which servers, proxies and
// errors like to repeat. Over real HTTP: a refusal that echoes the full request URL in its body
// and headers, and a connection refused, leave no trace of the key in the error, in what the
// request log observes (path, headers, bodies, the exchange's cURL) or in the cURL copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { ObservedEntry } from '../../../../src-main/core/http/sender';
import type { OperationSpec } from '../../../../src-main/core/api/types';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import { startHttpServer, type LocalServer } from './support/local-server';

const KEY = 'qk_Scrub7Query3Key9Value0042';
let server: LocalServer;
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json', 'X-Request-Url': req.url ?? '' });
    res.end(JSON.stringify({ error: { message: `invalid token in ${req.url ?? ''}`, url: req.url } }));
  });
});
afterAll(async () => server.close());

function learned(baseUrl: string): OperationSpec {
  const pasted = parseCurl(`curl '${baseUrl}/v1/templates?access_token=PASTED-VALUE-1234567&page=1'`);
  return proposeOperation(pasted, 'templates.list', { profileBaseUrl: baseUrl }).spec;
}

async function sendAndCatch(baseUrl: string): Promise<{ error: unknown; entries: ObservedEntry[]; curl: string }> {
  const spec = learned(baseUrl);
  expect(spec.credential).toEqual({ in: 'query', name: 'access_token', at: 0 });
  const entries: ObservedEntry[] = [];
  const observed: string[] = [];
  const client = createApiClient({
    observer: (entry, observe) => {
      entries.push(entry);
      if (observe) observed.push(JSON.stringify(observe()));
    },
  });
  const api = { version: 1 as const, operations: { 'templates.list': spec } };
  const request = await buildRequest({ op: 'templates.list', input: {} }, { baseUrl, endpointOverrides: {}, api });
  let error: unknown = null;
  try {
    await client.send(request, KEY, { maxAttempts: 1 });
  } catch (err) {
    error = err;
  } finally {
    await client.close();
  }
  return { error, entries, curl: `${toCurl(request)}\n${observed.join('\n')}` };
}

describe('a query key in errors, the request log and cURL copies', () => {
  it('a 401 echoing the URL: the key reached the server at its place, and nothing the app keeps or shows holds it', async () => {
    const { error, entries, curl } = await sendAndCatch(server.url);
    expect(server.received.at(-1)?.url).toBe(`/v1/templates?access_token=${KEY}&page=1`);
    expect(error).toBeInstanceOf(Error);
    const seen = JSON.stringify({ message: (error as Error).message, error, entries, curl });
    expect(seen).not.toContain(KEY);
    expect(seen).not.toContain(KEY.slice(3, 20));
    expect(entries[0]?.path).toBe('/v1/templates?access_token=***&page=1');
    expect(curl).toContain(`?access_token='"$CRM_API_KEY"'&page=1'`);
  });

  it('a connection refused: the error names no URL with the key', async () => {
    const closed = await startHttpServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const { error, entries } = await sendAndCatch(url);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify({ message: (error as Error).message, error, entries })).not.toContain(KEY.slice(3, 20));
  });
});
