// A Basic key given as USER:SECRET (Twilio's Account SID and Auth Token, or an API key SID and
// its secret): the key's own user wins over the user learned from the pasted cURL, and the
// Authorization header carries exactly base64(USER:SECRET); a key without a colon stays the
// learned user's password. Over real HTTP: the sandbox's twilio dialect checks Basic itself,
// the key is read from the real keychain, and the request log shows the user, never the secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { basicPair, keyUser, maskedKey } from '../../../../src-main/core/http/basic-pair';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { ObservedEntry } from '../../../../src-main/core/http/sender';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { filesContainingSecrets } from '../../helpers/secret-scan';
import { sendText } from '../../helpers/send-operations';
import { startHttpServer, type LocalServer } from './support/local-server';

const SID = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const OTHER_SID = 'ACffffffffffffffffffffffffffffffff';
const available = await keychainAvailable();

const basic = (pair: string): string => `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;

describe('basicPair: which user a Basic key goes with', () => {
  it("USER:SECRET keeps its own user; a bare key is the learned user's password; a leading colon is no user", () => {
    expect(basicPair(SID, `${OTHER_SID}:secret-1`)).toBe(`${OTHER_SID}:secret-1`);
    expect(basicPair(SID, 'SK0123456789abcdef:api-secret:with-colon')).toBe('SK0123456789abcdef:api-secret:with-colon');
    expect(basicPair(SID, 'plain-token-123')).toBe(`${SID}:plain-token-123`);
    expect(basicPair(SID, ':starts-with-colon')).toBe(`${SID}::starts-with-colon`);
    expect(keyUser('SK1:abc')).toBe('SK1');
    expect(maskedKey('SK1:abc-secret', '***')).toBe('SK1:***');
    expect(maskedKey('abc-secret', '***')).toBe('***');
  });
});

describe('a Basic key sent to a capture server', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startHttpServer((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"sid":"SM1","status":"queued"}');
    });
  });
  afterAll(async () => server.close());

  it('an API key SK…:secret goes as base64(SK…:secret), logged as SK…:***, and a literal cURL copy sends the same', async () => {
    const pasted =
      `curl -X POST "${server.url}/2010-04-01/Accounts/${SID}/Messages.json" --data-urlencode ` +
      `"To=whatsapp:+15005550006" --data-urlencode "Body=hi" -u ${SID}:pasted-token-value`;
    const { spec } = proposeOperation(parseCurl(pasted), 'messages.text', { profileBaseUrl: server.url });
    expect(spec.credential).toEqual({ in: 'basic', username: SID });
    const key = 'SK0123456789abcdef0123456789abcdef:ApiSecretValue123456';
    const entries: ObservedEntry[] = [];
    const client = createApiClient({ observer: (entry) => entries.push(entry) });
    const input = { number: '+5511999990000', text: 'hi' };
    const op = { op: 'messages.text', input, idempotencyKey: 'c1e3a5b7-0000-4000-8000-000000000003' } as const;
    const api = { version: 1 as const, operations: { 'messages.text': spec } };
    const request = await buildRequest(op, { baseUrl: server.url, endpointOverrides: {}, api });
    const before = server.received.length;
    await client.send(request, key);
    await client.close();
    expect(server.received[before]!.headers.authorization).toBe(basic(key));
    expect(entries[0]!.requestHeaders.Authorization).toBe('Basic SK0123456789abcdef0123456789abcdef:***');
    expect(JSON.stringify(entries)).not.toContain('ApiSecretValue');
    expect(toCurl(request, { key: { literal: key } })).toContain(`-u '${key}'`);
    expect(toCurl(request, { key: { literal: 'bare-token-1234' } })).toContain(`-u '${SID}:bare-token-1234'`);
  });
});

describe.skipIf(!available)("a Basic key from the real keychain, sent to the sandbox's twilio dialect", () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'twilio', rate: 1000, burst: 1000 });
    t = await openTestCore('basic-key-pair');
  });
  afterAll(async () => {
    expect(await filesContainingSecrets(t.dataDir, [sandbox.adminKey])).toEqual([]);
    await t.cleanup();
    await closeSandboxes();
  });

  /** a profile taught Twilio's send by `curl -u SID:token`, made active, with `key` saved in the keychain */
  async function profileWithKey(name: string, key: string): Promise<void> {
    const { profileId } = await addProfileWithKey(t.core, { name, baseUrl: sandbox.baseUrl }, { name: `${name} key`, value: key });
    const pasted =
      `curl -X POST "${sandbox.baseUrl}/2010-04-01/Accounts/${SID}/Messages.json" --data-urlencode ` +
      `"From=whatsapp:+14155238886" ` +
      `--data-urlencode "To=whatsapp:+15005550006" --data-urlencode "Body=hi" -u ${SID}:pasted-token-value`;
    const proposal = await t.core.api.propose(profileId, 'messages.text', pasted);
    expect(proposal.spec.credential).toEqual({ in: 'basic', username: SID });
    await t.core.api.save(profileId, 'messages.text', proposal.spec);
    await t.core.profiles.activate(profileId);
  }

  const lastSend = () =>
    sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json'))
      .at(-1);

  it('the key given as ACCOUNT_SID:AUTH_TOKEN is accepted: sent as base64(SID:token), not SID:SID:token (a 401)', async () => {
    await profileWithKey('pair', `${SID}:${sandbox.adminKey}`);
    const result = await sendText(t.core.messages, { number: '+5511999990000', text: 'pair' });
    expect(result.status).toBe('sent');
    expect(lastSend()?.headers.authorization).toBe(basic(`${SID}:${sandbox.adminKey}`));
    const logged = t.core.requestLog.list().at(-1)!;
    expect(JSON.stringify(t.core.requestLog.detail(logged.id))).not.toContain(sandbox.adminKey);
    // the answer repeats the account SID (the key's user), which is no leak of the key
    expect(JSON.stringify(t.core.requestLog.detail(logged.id))).toContain('account_sid');
    expect(t.core.leaks.list()).toEqual([]);
  });

  it("a key without a colon is the learned account's password", async () => {
    await profileWithKey('bare', sandbox.adminKey);
    expect((await sendText(t.core.messages, { number: '+5511999990000', text: 'bare' })).status).toBe('sent');
    expect(lastSend()?.headers.authorization).toBe(basic(`${SID}:${sandbox.adminKey}`));
  });

  it("the key's own user wins over the learned one: another account's SID reaches the service, which refuses it here", async () => {
    await profileWithKey('other', `${OTHER_SID}:${sandbox.adminKey}`);
    const refused = sendText(t.core.messages, { number: '+5511999990000', text: 'other' });
    await expect(refused).rejects.toThrow(/API key missing, invalid or revoked/);
    expect(sandbox.requests().at(-1)?.headers.authorization).toBe(basic(`${OTHER_SID}:${sandbox.adminKey}`));
  });
});
