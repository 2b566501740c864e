// Where the key goes, learned from a service's own cURL: the placement is imported (never the
// pasted value), the sender puts the real key there over real HTTP, the request log masks it,
// and the exported cURL, run in each shell, delivers the same credential and body bytes.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { parseApiDescription } from '../../../../src-main/core/api/schema';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { ObservedEntry } from '../../../../src-main/core/http/sender';
import type { DescribedOperation, OperationSpec } from '../../../../src-main/core/api/types';
import type { Operation } from '../../../../src-main/core/operations';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import { availableShells, runInShell, shellEnv } from '../shells';
import type { LocalServer, ReceivedRequest } from './support/local-server';
import { startJsonServer } from './support/local-server';

const KEY = 'sk_live_Zq81RtT0pLmW3vXy9ABCDEF';
const { shells } = availableShells();

let server: LocalServer;
beforeAll(async () => {
  server = await startJsonServer(201, '{"sid":"SM0123456789abcdef0123456789abcdef","status":"queued"}');
});
afterAll(async () => server.close());

function learn(curl: string, operation: DescribedOperation): { spec: OperationSpec; warnings: string[] } {
  const proposal = proposeOperation(parseCurl(curl), operation, { profileBaseUrl: server.url });
  // what is saved passes the stored description's checks
  const checked = parseApiDescription({ version: 1, operations: { [operation]: proposal.spec } });
  expect(checked.ok, JSON.stringify(checked)).toBe(true);
  return { spec: proposal.spec, warnings: proposal.warnings };
}

const TEXT: Operation = {
  op: 'messages.text',
  input: { number: '+5511999990000', text: 'Olá & bem-vindo' },
  idempotencyKey: 'a2c4e6f8-0000-4000-8000-000000000001',
};

async function sendAndLog(
  spec: OperationSpec,
  operation: Operation = TEXT,
): Promise<{ received: ReceivedRequest; entry: ObservedEntry; request: Awaited<ReturnType<typeof buildRequest>> }> {
  const entries: ObservedEntry[] = [];
  const client = createApiClient({ observer: (entry) => entries.push(entry) });
  const request = await buildRequest(operation, {
    baseUrl: server.url,
    endpointOverrides: {},
    api: { version: 1, operations: { [operation.op]: spec } },
  });
  const before = server.received.length;
  await client.send(request, KEY);
  await client.close();
  return { received: server.received[before]!, entry: entries[0]!, request };
}

async function curlDelivers(request: Awaited<ReturnType<typeof buildRequest>>, sent: ReceivedRequest): Promise<void> {
  for (const shell of shells) {
    const before = server.received.length;
    const run = await runInShell(shell, `${toCurl(request)} -sS -o /dev/null`, shellEnv({ CRM_API_KEY: KEY }));
    expect(run.code, `${shell.name}: ${run.stderr}`).toBe(0);
    const got = server.received[before]!;
    expect(got.url, shell.name).toBe(sent.url);
    expect(got.body.equals(sent.body), shell.name).toBe(true);
    for (const name of ['authorization', 'apikey', 'content-type'])
      expect(got.headers[name], `${shell.name} ${name}`).toBe(sent.headers[name]);
  }
}

describe("a credential placement learned from the service's cURL", () => {
  it('Twilio-style: -u ACCOUNT_SID:TOKEN and --data-urlencode fields become HTTP Basic and a form body; To keeps whatsapp:+', async () => {
    const { spec, warnings } = learn(
      `curl -X POST "${server.url}/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json" ` +
        `--data-urlencode "From=whatsapp:+14155238886" --data-urlencode "To=whatsapp:+15005550006" ` +
        `--data-urlencode "Body=Hello there" -u ` +
        `AC0123456789abcdef0123456789abcdef:f00dfeedc0ffee0123456789abcdef01`,
      'messages.text',
    );
    expect(spec.credential).toEqual({ in: 'basic', username: 'AC0123456789abcdef0123456789abcdef' });
    expect(spec.encoding).toBe('form');
    expect(spec.body).toEqual({ From: 'whatsapp:+14155238886', To: { $role: 'number', prefix: 'whatsapp:+' }, Body: { $role: 'text' } });
    expect(JSON.stringify({ spec, warnings })).not.toContain('f00dfeed');

    const { received, entry, request } = await sendAndLog(spec);
    expect(received.headers.authorization).toBe(`Basic ${Buffer.from(`AC0123456789abcdef0123456789abcdef:${KEY}`).toString('base64')}`);
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received.body.toString()).toBe('From=whatsapp%3A%2B14155238886&To=whatsapp%3A%2B5511999990000&Body=Ol%C3%A1+%26+bem-vindo');
    expect(entry.requestHeaders.Authorization).toBe('Basic AC0123456789abcdef0123456789abcdef:***');
    expect(JSON.stringify(entry)).not.toContain(KEY.slice(0, 8));
    expect(toCurl(request)).toContain(`-u "AC0123456789abcdef0123456789abcdef:$CRM_API_KEY"`);
    await curlDelivers(request, received);
  });

  it('Evolution-style: a bare key in an apikey header', async () => {
    const { spec } = learn(
      `curl --request POST --url ${server.url}/message/sendText/sandbox --header 'Content-Type: ` +
        `application/json' --header 'apikey: <api-key>' --data '{"number":"5511999990000","text":"hi"}'`,
      'messages.text',
    );
    expect(spec.credential).toEqual({ in: 'header', name: 'apikey', scheme: '' });
    const { received, entry, request } = await sendAndLog(spec);
    expect(received.headers.apikey).toBe(KEY);
    expect(received.headers.authorization).toBeUndefined();
    expect(entry.requestHeaders.apikey).toBe('***');
    expect(toCurl(request)).toContain(`-H "apikey: $CRM_API_KEY"`);
    await curlDelivers(request, received);
  });

  it("every request says who sends it: User-Agent crm-console/<version>, as Meta's API asks", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const { received } = await sendAndLog({
      method: 'POST',
      path: '/v1/send',
      query: [],
      headers: [],
      body: { to: { $role: 'number' }, text: { $role: 'text' } },
    });
    expect(received.headers['user-agent']).toBe(`crm-console/${version}`);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('Authorization with another scheme word (Token) keeps the word', async () => {
    const { spec } = learn(
      `curl ${server.url}/v1/send -H 'Authorization: Token abc' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
      'messages.text',
    );
    expect(spec.credential).toEqual({ in: 'header', name: 'Authorization', scheme: 'Token' });
    const { received, entry } = await sendAndLog(spec);
    expect(received.headers.authorization).toBe(`Token ${KEY}`);
    expect(entry.requestHeaders.Authorization).toBe('Token ***');
  });

  it('a key in the query string: sent there, masked in the log, the variable in the cURL', async () => {
    const { spec, warnings } = learn(
      `curl '${server.url}/api/send?token=PASTED-SECRET-VALUE-123&channel=wa' -H 'Content-Type: application/json' -d '{"phone":"5511999990000","body":"x"}'`,
      'messages.text',
    );
    // first in the example's query, so first on the wire too, as curl sends it
    expect(spec.credential).toEqual({ in: 'query', name: 'token', at: 0 });
    expect(spec.query).toEqual([{ name: 'channel', value: 'wa' }]);
    expect(JSON.stringify({ spec, warnings })).not.toContain('PASTED-SECRET');
    const { received, entry, request } = await sendAndLog(spec);
    expect(received.url).toBe(`/api/send?token=${KEY}&channel=wa`);
    expect(entry.path).toBe('/api/send?token=***&channel=wa');
    expect(toCurl(request)).toContain(`?token='"$CRM_API_KEY"'&channel=wa'`);
    expect(toCurl(request, { key: { literal: 'a+b/c=' } })).toContain('token=a%2Bb%2Fc%3D');
    await curlDelivers(request, received);
  });

  it('Bearer stays the default and is not written into the description', () => {
    const { spec, warnings } = learn(
      `curl ${server.url}/v1/messages -H 'Authorization: Bearer YOUR_API_KEY' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
      'messages.text',
    );
    expect(spec.credential).toBeUndefined();
    expect(warnings.join(' ')).not.toMatch(/key goes as/);
  });

  it('two credentials in one example: the first is the key, the other is named and left out', () => {
    const { spec, warnings } = learn(
      `curl ${server.url}/send -H 'X-Api-Key: one-secret-value' -H 'Client-Token: second-secret' -H ` +
        `'Content-Type: application/json' -d '{"phone":"5511999990000","message":"x"}'`,
      'messages.text',
    );
    expect(spec.credential).toEqual({ in: 'header', name: 'X-Api-Key', scheme: '' });
    expect(spec.headers).toEqual([]);
    expect(warnings.join(' ')).toMatch(/2 credentials .* The others were left out/);
    expect(JSON.stringify({ spec, warnings })).not.toMatch(/one-secret|second-secret/);
  });

  it('a form body cannot carry a local file: refused before anything is sent, with the reason', async () => {
    const { spec } = learn(
      `curl ${server.url}/Messages.json -u AC1:tok --data-urlencode 'To=whatsapp:+15005550006' ` +
        `--data-urlencode 'MediaUrl=https://example.com/a.png' --data-urlencode 'Body=cap'`,
      'messages.media',
    );
    expect(spec.encoding).toBe('form');
    const op: Operation = {
      op: 'messages.media',
      input: { number: '+5511999990000', mediatype: 'image', source: { kind: 'file', path: new URL(import.meta.url).pathname } },
      idempotencyKey: 'k-0000000001',
    };
    await expect(
      buildRequest(op, { baseUrl: server.url, endpointOverrides: {}, api: { version: 1, operations: { 'messages.media': spec } } }),
    ).rejects.toThrow(/takes media by URL/);
  });

  it('a stored placement that names a header the app sets, or a scheme with spaces, is refused', () => {
    const base: OperationSpec = { method: 'POST', path: '/send', query: [], headers: [], body: null };
    expect(
      parseApiDescription({
        version: 1,
        operations: { 'messages.text': { ...base, credential: { in: 'header', name: 'Content-Type', scheme: '' } } },
      }).ok,
    ).toBe(false);
    expect(
      parseApiDescription({
        version: 1,
        operations: { 'messages.text': { ...base, credential: { in: 'header', name: 'Authorization', scheme: 'Bearer x' } } },
      }).ok,
    ).toBe(false);
    expect(
      parseApiDescription({ version: 1, operations: { 'messages.text': { ...base, credential: { in: 'basic', username: 'a:b' } } } }).ok,
    ).toBe(false);
  });
});
