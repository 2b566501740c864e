// The request log's detail: what was sent and what came back, against the real sandbox through
// the window's handlers (log:list stays light, log:detail, log:copy-curl) and against a hostile
// local server through a real sender: a key echoed back never appears, bodies are scrubbed
// before they are cut, file bodies are described (never read) and the bodies stay in budget.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/http/api-client';
import type { PreparedRequest } from '../../../src-main/core/http/prepared-request';
import { scrubSecret } from '../../../src-main/core/http/scrub/redact';
import type { HttpSender } from '../../../src-main/core/http/sender';
import type { KeyMeta, RequestLogDetail, RequestLogEntry } from '../../../src-main/core/model';
import { keyAccount } from '../../../src-main/core/secrets/secret-store';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';
import { keychainAvailable } from '../helpers/keychain';
import { closeSandboxes, openSandbox } from '../helpers/sandbox';
import { openTestRequestLog, type TestRequestLog } from '../helpers/request-log';
import { filesContainingSecrets, leakedRuns } from '../helpers/secret-scan';
import { tempDir } from '../helpers/temp-dir';
import { startHttpServer, type LocalServer } from './http/support/local-server';
import { sendText } from '../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const keyValue = (): string => `crm_sk_${[...randomBytes(32)].map((b) => BASE62[b % 62]).join('')}`;

describe.skipIf(!hasKeychain)('log:detail and log:copy-curl over the sandbox', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let dispatch: Dispatch;
  let profileId: string;
  const clipboard = { text: '' };

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 30 });
    t = await openTestCore('log-detail', { outbox: false });
    profileId = (await addProfileWithKey(t.core, { name: 'Sandbox', baseUrl: sandbox.baseUrl }, { name: 'Admin', value: sandbox.adminKey }))
      .profileId;
    dispatch = testDispatch(t.core, { clipboard });
  });

  afterAll(async () => {
    await t.cleanup();
    await closeSandboxes();
  });

  const ok = async <T>(channel: string, payload: unknown): Promise<T> => {
    const r = (await dispatch(channel, payload)) as { ok: boolean; value?: T; error?: unknown };
    if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`);
    return r.value as T;
  };

  it('keeps the request and response bodies of a send; the list stays light', async () => {
    const sent = await sendText(t.core.messages, { number: '5511999990000', text: 'hello from the log test' });
    const list = await ok<RequestLogEntry[]>('log:list', {});
    const entry = list.findLast((e) => e.method === 'POST' && e.path.startsWith('/api/v1/messages/text'));
    expect(entry?.status).toBe(201);
    // whose request it was, for the window's Profile column
    expect(entry?.profileId).toBe(profileId);
    expect(entry).not.toHaveProperty('responseBody');
    expect(entry).not.toHaveProperty('curl');

    const detail = await ok<RequestLogDetail>('log:detail', { id: entry?.id });
    expect(detail.statusText).toBe('Created');
    expect(detail.requestBody).toMatchObject({ kind: 'text', truncated: false, contentType: 'application/json' });
    expect(JSON.parse(detail.requestBody?.text ?? '')).toMatchObject({ number: '5511999990000', text: 'hello from the log test' });
    if (sent.status !== 'sent') throw new Error('the sandbox should answer at once');
    expect(sent.message.id).toMatch(/^m_/);
    expect(detail.responseBody?.text).toContain(`"${sent.message.id ?? ''}"`);
    expect(detail.responseHeaders?.['content-type']).toMatch(/json/);
    expect(detail.curl).toContain(`${sandbox.baseUrl}/api/v1/messages/text`);
    expect(JSON.stringify(detail)).not.toContain(sandbox.adminKey);
  });

  it('copies the cURL of an entry with $CRM_API_KEY, never the key', async () => {
    await t.core.contacts.list({ perPage: 5 });
    const entry = (await ok<RequestLogEntry[]>('log:list', {})).findLast((e) => e.path.startsWith('/api/v1/contacts'));
    await ok('log:copy-curl', { id: entry?.id });
    expect(clipboard.text).toContain(`${sandbox.baseUrl}/api/v1/contacts?`);
    expect(clipboard.text).toContain('$CRM_API_KEY');
    expect(leakedRuns(clipboard.text, sandbox.adminKey)).toEqual([]);
  });

  it('keeps the answer to a key creation without the new key, which the window never receives', async () => {
    const meta = await ok<KeyMeta>('keys:server-create', { name: 'made for the log test', permissions: ['contacts:read'] });
    const value = await t.core.secretStore.get(keyAccount(meta.id));
    if (value === null) throw new Error('the new key was not stored');
    const entry = t.core.requestLog.list().findLast((e) => e.endpoint === 'keys.create');
    const detail = await ok<RequestLogDetail>('log:detail', { id: entry?.id });
    expect(detail.status).toBe(201);
    expect(JSON.parse(detail.responseBody?.text ?? '{}')).toMatchObject({ name: 'made for the log test', key: '***' });
    expect(leakedRuns(JSON.stringify(detail), value)).toEqual([]);
    expect(leakedRuns(JSON.stringify(await ok<RequestLogEntry[]>('log:list', {})), value)).toEqual([]);
  });

  it('answers not_found for an entry that is not in the log and validation for a bad payload', async () => {
    expect(await dispatch('log:detail', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatch('log:copy-curl', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatch('log:detail', { id: 7 })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await dispatch('log:copy-curl', {})).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('the log detail of a hostile server', () => {
  const KEY = keyValue();
  /**
   * another key the vault holds: the log scrubs every key it knows, not only the one in use. Its
   * eighth character differs from KEY's in any case (the scrub compares case-insensitively), so no
   * run of eight is shared through the common `crm_sk_` prefix (then the two cut-outs would meet,
   * as "******")
   */
  const OTHER = ((): string => {
    for (;;) {
      const other = keyValue();
      if (other[7]?.toLowerCase() !== KEY[7]?.toLowerCase()) return other;
    }
  })();
  let server: LocalServer;
  let sender: HttpSender;
  let t: TestRequestLog | undefined;
  let log: TestRequestLog['log'];
  let reply: { status: number; body: string };

  /** `bodyChars`: per body; `totalChars`: the table's body budget, applied at every insert here */
  const newLog = async (limits: { bodyChars: number; totalChars: number }): Promise<void> => {
    t?.close();
    if (t !== undefined) await sender.close();
    t = await openTestRequestLog({
      containsSecret: (text) => text.includes(KEY) || text.includes(OTHER),
      scrub: (text) => scrubSecret(scrubSecret(text, KEY), OTHER),
      limits: { bodyChars: limits.bodyChars },
      bounds: { bodyChars: limits.totalChars, pruneEvery: 1 },
    });
    log = t.log;
    sender = createApiClient({ observer: log.observer });
  };

  /** the server's answer with `status`, echoing both keys as given, lower-cased, cut short and as a field name */
  const echoingKeys = (status: number): typeof reply => ({
    status,
    body: JSON.stringify({ echo: KEY, lower: KEY.toLowerCase(), head: KEY.slice(0, 12), [OTHER]: OTHER.toUpperCase() }),
  });

  const post = (body: string): PreparedRequest => ({
    endpoint: 'messages.text',
    method: 'POST',
    url: `${server.url}/api/v1/messages/text`,
    headers: { 'Content-Type': 'application/json' },
    body: { kind: 'json', text: body },
    idempotencyKey: null,
    retrySafe: false,
  });

  const lastDetail = (): RequestLogDetail => {
    const id = log.list().at(-1)?.id ?? '';
    const detail = log.detail(id);
    if (detail === null) throw new Error('no detail');
    return detail;
  };

  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      const auth = req.headers.authorization ?? '';
      res.writeHead(reply.status, {
        'Content-Type': 'application/json',
        'X-Echo': auth,
        'X-Other': OTHER.toLowerCase(),
        'Set-Cookie': 'session=abcdef0123456789',
      });
      res.end(reply.body);
    });
  });

  afterAll(async () => {
    if (t !== undefined) await sender.close();
    t?.close();
    await server.close();
  });

  it('never keeps a key the server echoes, in any body, header or cURL, whatever the status', async () => {
    await newLog({ bodyChars: 64 * 1024, totalChars: 1024 * 1024 });
    for (const status of [201, 400, 500]) {
      reply = echoingKeys(status);
      await sender.send(post(JSON.stringify({ number: '5511', text: `my key is ${OTHER}` })), KEY).catch(() => undefined);
      const detail = lastDetail();
      expect(detail.status).toBe(status);
      const kept = JSON.stringify(detail);
      expect(leakedRuns(kept, KEY)).toEqual([]);
      expect(leakedRuns(kept, OTHER)).toEqual([]);
      expect(detail.responseBody?.text).toContain('"echo":"***"');
      expect(detail.requestBody?.text).toContain('my key is ***');
      expect(detail.responseHeaders?.['set-cookie']).toBe('***');
      expect(detail.curl).toContain('$CRM_API_KEY');
    }
  });

  it('writes no key to the data folder: crm.db and its WAL hold no run of either key, before and after closing', async () => {
    await newLog({ bodyChars: 64 * 1024, totalChars: 1024 * 1024 });
    for (const status of [201, 400, 500]) {
      reply = echoingKeys(status);
      await sender
        .send(
          {
            ...post(JSON.stringify({ number: '5511', text: `my key is ${OTHER}` })),
            sent: { kind: 'text', number: '5511', text: `my key is ${OTHER}` },
          },
          KEY,
        )
        .catch(() => undefined);
    }
    const dir = t?.dir ?? '';
    expect(log.list()).toHaveLength(3);
    // while open: the rows may still be in crm.db-wal only
    expect(await filesContainingSecrets(dir, [KEY, OTHER])).toEqual([]);
    expect(log.detail(log.list()[0]?.id ?? '')?.responseBody?.text).toContain('"echo":"***"');
    // closing checkpoints the WAL into crm.db (closing again later is harmless)
    t?.close();
    expect(await filesContainingSecrets(dir, [KEY, OTHER])).toEqual([]);
  });

  it('scrubs before it cuts: a body full of keys fits once scrubbed; a longer one is cut and says so', async () => {
    await newLog({ bodyChars: 1000, totalChars: 1024 * 1024 });
    // 40 keys (1,720 characters) scrub to 40 × "***": the whole body fits the 1,000-character bound
    reply = { status: 200, body: `${Array.from({ length: 40 }, () => KEY).join(' ')} END` };
    await sender.send(post('{}'), KEY);
    const fits = lastDetail().responseBody;
    expect(reply.body.length).toBeGreaterThan(1000);
    expect(fits?.truncated).toBe(false);
    expect(fits?.text.endsWith('END')).toBe(true);

    // a key straddling the bound: scrubbed whole first, so no piece of it is left at the cut
    reply = { status: 200, body: `${'x'.repeat(995)}${KEY}${'y'.repeat(2000)}` };
    await sender.send(post('{}'), KEY);
    const cut = lastDetail().responseBody;
    expect(cut?.truncated).toBe(true);
    expect(cut?.text).toHaveLength(1000);
    expect(cut?.text).toBe(`${'x'.repeat(995)}***yy`);
  });

  it('describes a file body and never logs its bytes', async () => {
    await newLog({ bodyChars: 64 * 1024, totalChars: 1024 * 1024 });
    const dir = await tempDir('crm-log-file-');
    const filePath = join(dir, 'report.pdf');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7 secret-marker '), randomBytes(4 * 1024 * 1024)]);
    await writeFile(filePath, bytes);
    reply = { status: 201, body: '{"id":"m_1"}' };
    await sender.send(
      {
        ...post(''),
        endpoint: 'messages.media',
        body: {
          kind: 'json-with-file',
          prefix: '{"number":"5511","mimetype":"application/pdf","media":"',
          filePath,
          fileSize: bytes.length,
          suffix: '"}',
        },
      },
      KEY,
    );
    const detail = lastDetail();
    expect(detail.requestBody).toMatchObject({ kind: 'file', text: 'file body: report.pdf, 4 MB, application/pdf', truncated: false });
    const marker = bytes.subarray(0, 24).toString('base64').slice(0, 16);
    expect(JSON.stringify(detail)).not.toContain(marker);
    // the cURL reads the file when it runs; its bytes are not in the command either
    expect(detail.curl).toContain(`base64 < '${filePath}'`);
  });

  it("keeps a send's fields for the Send panel scrubbed like its bodies, and releases them with the bodies", async () => {
    await newLog({ bodyChars: 4000, totalChars: 6000 });
    reply = { status: 201, body: '{"id":"m_1"}' };
    await sender.send(
      { ...post(`{"to":"1","body":"token ${KEY}"}`), sent: { kind: 'text', number: '+55 11 9', text: `token ${KEY} and ${OTHER}` } },
      KEY,
    );
    expect(lastDetail().sent).toEqual({ kind: 'text', number: '+55 11 9', text: 'token *** and ***' });
    reply = { status: 200, body: JSON.stringify({ filler: 'z'.repeat(3000) }) };
    for (let i = 0; i < 3; i += 1) await sender.send(post(`{"n":${i}}`), KEY);
    const first = log.detail(log.list()[0]?.id ?? '');
    expect(first?.released).toBe(true);
    expect(first?.sent).toBeNull();
  });

  it('keeps all bodies within the total budget, releasing the oldest first', async () => {
    await newLog({ bodyChars: 4000, totalChars: 20_000 });
    reply = { status: 200, body: JSON.stringify({ filler: 'z'.repeat(3000) }) };
    for (let i = 0; i < 15; i += 1) await sender.send(post(`{"n":${i}}`), KEY);
    expect(log.heldChars()).toBeLessThanOrEqual(20_000);
    const details = log.list().map((e) => log.detail(e.id));
    expect(details[0]?.released).toBe(true);
    expect(details[0]?.responseBody).toBeNull();
    expect(details.at(-1)?.released).toBe(false);
    expect(details.at(-1)?.responseBody?.text).toContain('zzz');
    // the entries themselves all stay listed
    expect(log.list()).toHaveLength(15);
  });
});
