// Keys never leak, even to a hostile server (issue 10, "Done means"). A server that answers
// every status with the Authorization header it received inside every kind of body (raw 2xx
// fields and field names, long messages, details, other error shapes, HTML, plain text), whole,
// lower-cased, upper-cased and cut short, is driven through the window's handlers, the CLI
// (text and --json), `crm sync` and `crm outbox list`. No run of 8 or more characters of the key
// (in any case) may appear in anything they return, emit or print, in the request log, or in
// any file of their data folders; nor may any key the server created and sent back.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/http/api-client';
import type { ObservedEntry } from '../../../src-main/core/http/sender';
import { keyAccount, revokingAccount } from '../../../src-main/core/secrets/secret-store';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import { runInProcess } from '../cli/cli-harness';
import { filesContainingSecrets, keychainAvailable, leakedRuns, tempDir, uniqueKeychainService } from '../helpers';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';
import { startHttpServer, type LocalServer } from '../core/http/support/local-server';

const available = await keychainAvailable();

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function keyValue(): string {
  return `crm_sk_${[...randomBytes(32)].map((b) => BASE62[b % 62]).join('')}`;
}

const KEY = keyValue();
const OTHER = keyValue();
/**
 * Every key value this server hands out when asked to create one: the answer carries it whole,
 * and it must not leak either. Its own prefix, so that a new key cannot share its first 8
 * characters ("crm_sk_" and one more) with KEY or OTHER by chance.
 */
const CREATED: string[] = [];
function createdKey(): string {
  const value = `new_sk_${[...randomBytes(32)].map((b) => BASE62[b % 62]).join('')}`;
  CREATED.push(value);
  return value;
}
const STATUSES = [200, 201, 400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503] as const;
const ERROR_BODIES = ['ours', 'laravel', 'jsonapi', 'rfc7807', 'html', 'text'] as const;
const OK_BODIES = ['json', 'html'] as const;
type BodyKind = (typeof ERROR_BODIES)[number] | (typeof OK_BODIES)[number];

/** the key as a careless server repeats it: whole, in other cases, cut short, in pieces */
function echoes(key: string): { whole: string; lower: string; upper: string; short: string; head: string; tail: string; middle: string } {
  return {
    whole: key,
    lower: key.toLowerCase(),
    upper: key.toUpperCase(),
    short: key.slice(0, -1),
    head: key.slice(0, 12),
    tail: key.slice(-10),
    middle: key.slice(5, 15),
  };
}

const LONG =
  'The request could not be processed because one or more of the fields it carried did not pass the ' +
  'validation rules this service applies to every message it accepts today';

function errorBody(kind: BodyKind, key: string): { type: string; text: string } {
  const e = echoes(key);
  switch (kind) {
    case 'ours':
      return {
        type: 'application/json',
        text: JSON.stringify({
          error: {
            code: 'bad_request',
            message: `${LONG} Authorization: Bearer ${e.whole}`,
            details: [
              { field: e.whole, message: `bad key ${e.lower}` },
              { field: 'split', message: e.head },
              { field: 'split', message: key.slice(12) },
              { field: e.upper, message: e.short },
            ],
          },
        }),
      };
    case 'laravel':
      return {
        type: 'application/json',
        text: JSON.stringify({
          message: `The given data was invalid (${e.lower}).`,
          errors: { [e.whole]: [`The ${e.short} field is wrong.`], phone: [e.middle] },
        }),
      };
    case 'jsonapi':
      return {
        type: 'application/vnd.api+json',
        text: JSON.stringify({
          errors: [
            { status: '400', detail: `Token ${e.upper} rejected`, source: { pointer: `/data/attributes/${e.whole}` } },
            { title: e.tail, detail: e.head },
          ],
        }),
      };
    case 'rfc7807':
      return {
        type: 'application/problem+json',
        text: JSON.stringify({ type: 'about:blank', title: `Bad ${e.whole}`, detail: `${LONG} ${e.lower}`, instance: `/keys/${e.short}` }),
      };
    case 'html':
      return {
        type: 'text/html',
        text: `<html><head><title>Error for ${e.whole}</title></head><body><pre>Authorization: Bearer ${e.whole}\n${e.lower}</pre></body></html>`,
      };
    case 'text':
      return { type: 'text/plain', text: `${LONG} Bearer ${e.lower} ${e.short}` };
    default:
      return { type: 'application/json', text: '{}' };
  }
}

/** a 2xx in the route's own shape, every string field and some field names carrying the key */
function okBody(method: string, path: string, key: string): unknown {
  const e = echoes(key);
  if (method === 'GET' && path.includes('/contacts')) {
    return {
      data: [{ id: 'c_1', name: e.whole, number: '5511999990000', email: `${e.lower}@example.com`, tags: [e.short, e.upper] }],
      meta: { page: 1, per_page: 50, total: 1, total_pages: 1, [e.whole]: e.head },
    };
  }
  if (method === 'GET' && path.includes('/api-keys')) {
    return {
      data: [
        {
          id: 'k_hostile',
          name: e.whole,
          prefix: key.slice(0, 11),
          permissions: ['contacts:read', 'messages:send', 'keys:manage'],
          created_at: e.lower,
          last_used_at: null,
        },
      ],
    };
  }
  if (method === 'POST' && path.includes('/api-keys')) {
    return { id: 'k_created', name: e.whole, key: createdKey(), prefix: e.head, permissions: ['contacts:read'], created_at: e.short };
  }
  if (method === 'DELETE') return { id: e.whole, revoked_at: e.lower };
  return {
    id: 'm_1',
    type: 'text',
    number: '5511999990000',
    status: e.short,
    created_at: e.lower,
    echo: `Bearer ${e.whole}`,
    nested: { list: [e.upper, e.middle], [e.whole]: e.tail },
  };
}

describe.skipIf(!available)('a server that echoes the key in every answer', () => {
  let server: LocalServer;
  let mode: { status: number; kind: BodyKind } = { status: 200, kind: 'json' };
  let tc: TestCore;
  let dispatch: Dispatch;
  let profileId = '';
  /** what leaked, found as each reply, event or output arrives (texts are not kept: they add up) */
  const leaks: string[] = [];
  let scanned = 0;
  let reasons = 0;
  const scan = (text: string): void => {
    scanned += 1;
    if (text.includes('The server says') && text.includes('***')) reasons += 1;
    for (const key of [KEY, OTHER, ...CREATED]) for (const run of leakedRuns(text, key)) leaks.push(`${run} in: ${text.slice(0, 300)}`);
  };
  const log: ObservedEntry[] = [];
  const cliService = uniqueKeychainService('hostile-cli');
  const cliStore = new KeytarSecretStore({ service: cliService });
  let cliEnv: Record<string, string> = {};

  // the window's request log is fed too, so its details (bodies, headers, cURLs) are scanned below
  const sender = createApiClient({
    sleep: async () => undefined,
    observer: (e, observe) => {
      log.push(e);
      tc.core.requestLog.record(e, observe);
    },
  });
  const call = async (channel: string, payload: unknown) => {
    const result = await dispatch(channel, payload);
    scan(JSON.stringify(result));
    return result;
  };
  const crm = async (argv: string[], input?: string) => {
    const run = await runInProcess(argv, { env: cliEnv, ...(input !== undefined ? { input } : {}) });
    scan(run.stdout);
    scan(run.stderr);
    return run;
  };

  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      const auth = req.headers.authorization ?? '';
      const key = auth.replace(/^Bearer /i, '');
      const { status } = mode;
      const headers: Record<string, string> = {
        'X-Echo': auth,
        'X-Echo-Lower': auth.toLowerCase(),
        'WWW-Authenticate': `Bearer error="${key}"`,
      };
      if (status === 429) headers['Retry-After'] = '0';
      if (status >= 200 && status < 300 && mode.kind === 'json') {
        res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
        res.end(JSON.stringify(okBody(req.method ?? 'GET', req.url ?? '/', key)));
        return;
      }
      const body = errorBody(mode.kind === 'json' ? 'ours' : mode.kind, key);
      res.writeHead(status, { ...headers, 'Content-Type': `${body.type}; charset=${key.slice(0, 12)}` });
      res.end(body.text);
    });
    tc = await openTestCore('hostile', { sender });
    ({ profileId } = await addProfileWithKey(tc.core, { name: 'Hostile', baseUrl: server.url }, { name: 'main', value: KEY }));
    const emit = (event: string, data: unknown): void => {
      scan(JSON.stringify({ event, data }));
    };
    dispatch = testDispatch(tc.core, { emit });
    wireCoreEvents(tc.core, emit);

    cliEnv = { CRM_DATA_DIR: await tempDir('crm-hostile-cli-'), CRM_KEYCHAIN_SERVICE: cliService };
    expect((await crm(['profiles', 'add', '--name', 'hostile', '--url', server.url])).code).toBe(0);
    expect((await crm(['keys', 'add', '--name', 'main'], `${KEY}\n`)).code).toBe(0);
    expect((await crm(['keys', 'add', '--name', 'other'], `${OTHER}\n`)).code).toBe(0);
  });

  afterAll(async () => {
    for (const key of (JSON.parse((await crm(['keys', 'list', '--json'])).stdout || '{"keys":[]}') as { keys: { id: string }[] }).keys) {
      await cliStore.delete(keyAccount(key.id)).catch(() => false);
      await cliStore.delete(revokingAccount(key.id)).catch(() => false);
    }
    await tc?.cleanup();
    await sender.close();
    await server?.close();
  });

  it("over the window's handlers, for every status and kind of body", { timeout: 120_000 }, async () => {
    let n = 0;
    for (const status of STATUSES) {
      const kinds = status < 300 ? OK_BODIES : ERROR_BODIES;
      for (const kind of kinds) {
        mode = { status, kind };
        n += 1;
        const keyId = (await tc.core.keys.list(profileId)).find((k) => k.name === 'main')!.id;
        await call('keys:test', { id: keyId });
        await call('contacts:list', { page: 1, perPage: 5 });
        await call('send:submit', { draft: { kind: 'text', number: '5511999990000', text: `hello ${n}` }, requestId: `r-${n}` });
        await call('send:preview', { draft: { kind: 'text', number: '5511999990000', text: `hello ${n}` } });
        await call('keys:server-list', {});
        await call('keys:server-create', { name: `made ${n}`, permissions: ['contacts:read'] });
        await call('keys:list', { profileId });
      }
      // a revocation through the outbox (DELETE, and the key list after a 404), for each status
      await call('keys:server-revoke', { serverKeyId: `k_gone_${status}` });
      await call('outbox:sync', {});
      await call('outbox:list', {});
    }
    await call('log:list', {});
    expect(server.received.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(server.received.some((r) => r.method === 'DELETE')).toBe(true);
    // the server's own reasons still reach the person, with the key cut out of them
    expect(reasons).toBeGreaterThan(0);
  });

  it('over the CLI (text and --json), crm sync and crm outbox list', { timeout: 120_000 }, async () => {
    mode = { status: 200, kind: 'json' };
    // a revocation in the outbox for `crm sync` and `crm outbox list` (this server never lists the
    // key, so it fails, and is retried below: every attempt and reason goes to the journal)
    await crm(['keys', 'revoke', 'other', '--yes']);
    expect(
      (JSON.parse((await crm(['outbox', 'list', '--json'])).stdout) as { items: { kind: string }[] }).items.map((i) => i.kind),
    ).toContain('keys.revoke');
    let i = 0;
    for (const status of STATUSES) {
      const kinds = status < 300 ? OK_BODIES : ERROR_BODIES;
      const kind = kinds[i++ % kinds.length]!;
      mode = { status, kind };
      if (status === 429) {
        // the client waits as told between tries: once is enough here
        await crm(['contacts', '--json']);
        await crm(['send', 'text', '--to', '5511999990000', '--text', 'limited', '--json']);
        continue;
      }
      for (const json of [[], ['--json']]) {
        await crm(['contacts', ...json]);
        await crm(['send', 'text', '--to', '5511999990000', '--text', `cli ${status}`, ...json]);
        await crm(['keys', 'test', 'main', ...json]);
        await crm(['keys', 'list', '--server', ...json]);
        await crm(['sync', '--timeout', '2', ...json]);
        await crm(['outbox', 'list', ...json]);
        await crm(['keys', 'list', ...json]);
      }
      await crm([
        'outbox',
        'retry',
        (JSON.parse((await crm(['outbox', 'list', '--json'])).stdout) as { items: { id: string }[] }).items[0]?.id ?? 'none',
      ]);
    }
    // the queued revocation looked for the key in the server's list, with the main key
    expect(server.received.filter((r) => r.method === 'GET' && r.url.endsWith('/api-keys')).length).toBeGreaterThan(0);
  });

  it('leaves no run of 8+ characters of a key (any case) in any reply, event, output, log or file', async () => {
    scan(JSON.stringify(log));
    scan(JSON.stringify(tc.core.requestLog.list()));
    const logged = tc.core.requestLog.list();
    expect(logged.length).toBeGreaterThan(50);
    for (const entry of logged) expect(await call('log:detail', { id: entry.id })).toMatchObject({ ok: true });
    expect(logged.some((e) => (tc.core.requestLog.detail(e.id)?.responseBody?.text ?? '').includes('***'))).toBe(true);
    expect(scanned).toBeGreaterThan(500);
    expect(CREATED.length).toBeGreaterThanOrEqual(2);
    expect(leaks).toEqual([]);
    await tc.core.close();
    expect(await filesContainingSecrets(tc.dataDir, [KEY, OTHER, ...CREATED])).toEqual([]);
    expect(await filesContainingSecrets(cliEnv.CRM_DATA_DIR!, [KEY, OTHER])).toEqual([]);
  });
});
