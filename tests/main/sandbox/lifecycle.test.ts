import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { RequestJournal, JOURNAL_SIZE } from '../../../src-main/sandbox/journal';
import { call, errorOf, start } from './helpers';

const open: RunningSandbox[] = [];
async function sandbox(options = {}): Promise<RunningSandbox> {
  const sb = await start(options);
  open.push(sb);
  return sb;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Resolves with the error a fetch failed with, or null when it answered. */
async function fetchError(url: string, init: RequestInit = {}): Promise<Error | null> {
  try {
    const res = await fetch(url, init);
    await res.text();
    return null;
  } catch (err) {
    return err as Error;
  }
}

describe('start, suspend, resume, close', () => {
  it('starts on a free loopback port with a base URL without a trailing slash', async () => {
    const sb = await sandbox();
    expect(sb.baseUrl).toBe(`http://127.0.0.1:${sb.port}`);
    expect(sb.port).toBeGreaterThan(0);
    expect(sb.adminKey).toMatch(/^crm_sk_[0-9A-Za-z]{32}$/);
  });

  it('rejects bad options', async () => {
    await expect(start({ rate: 0 })).rejects.toThrow(/rate/);
    await expect(start({ contacts: -1 })).rejects.toThrow(/contacts/);
    await expect(start({ port: 70000 })).rejects.toThrow(/port/);
  });

  it('suspend() takes the server down with its state; resume() brings it back on the same port', async () => {
    const sb = await sandbox();
    const { key, id } = sb.createKey('survivor', ['messages:send']);
    const sent = await call(sb, 'POST', '/api/v1/messages/text', { key, body: { number: '5511912345678', text: 'before' } });
    expect(sent.status).toBe(201);

    await sb.suspend();
    expect(await refused(sb.port)).toBe(true);
    expect(await fetchError(`${sb.baseUrl}/api/v1/contacts`)).not.toBeNull();

    await sb.resume();
    const list = await call(sb, 'GET', '/api/v1/messages', { key });
    expect(list.status).toBe(200);
    expect((list.body as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([(sent.body as { id: string }).id]);
    const keys = await call(sb, 'GET', '/api/v1/api-keys', { key: sb.adminKey });
    expect((keys.body as { data: { id: string }[] }).data.map((k) => k.id)).toContain(id);
  });

  it('suspend() cuts open connections, including a hanging request', async () => {
    const sb = await sandbox();
    sb.injectFaults([{ kind: 'hang' }]);
    const pending = fetchError(`${sb.baseUrl}/api/v1/contacts`, { headers: { Authorization: `Bearer ${sb.adminKey}` } });
    // wait until the request has arrived
    while (sb.requests().length === 0) await new Promise((r) => setTimeout(r, 5));
    await sb.suspend();
    expect(await pending).not.toBeNull();
    await sb.resume();
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).status).toBe(200);
  });

  it('close() resolves with a request hanging and frees the port', async () => {
    const sb = await start();
    sb.injectFaults([{ kind: 'hang' }]);
    const pending = fetchError(`${sb.baseUrl}/api/v1/contacts`);
    while (sb.requests().length === 0) await new Promise((r) => setTimeout(r, 5));
    await sb.close();
    expect(await pending).not.toBeNull();
    expect(await refused(sb.port)).toBe(true);
    await sb.close(); // twice is fine
    await expect(sb.resume()).rejects.toThrow(/closed/);
  });
});

describe('fault injection', () => {
  it('answers a status fault with the given body, content type and headers, once', async () => {
    const sb = await sandbox();
    sb.injectFaults([
      { kind: 'status', status: 500, body: '<html><body>Oops</body></html>', contentType: 'text/html', headers: { 'X-Fault': 'yes' } },
    ]);
    const res = await fetch(`${sb.baseUrl}/api/v1/contacts`, { headers: { Authorization: `Bearer ${sb.adminKey}` } });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.headers.get('x-fault')).toBe('yes');
    expect(await res.text()).toBe('<html><body>Oops</body></html>');
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).status).toBe(200);
  });

  it('serves a 200 with truncated JSON, and a default JSON error body', async () => {
    const sb = await sandbox();
    sb.injectFaults([
      { kind: 'status', status: 200, body: '{"data":[{"id":"c_' },
      { kind: 'status', status: 502 },
    ]);
    const truncated = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
    expect(truncated.status).toBe(200);
    expect(truncated.text).toBe('{"data":[{"id":"c_');
    expect(truncated.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bad = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
    expect(bad.status).toBe(502);
    expect(errorOf(bad).code).toBe('server_error');
  });

  it('resets the connection', async () => {
    const sb = await sandbox();
    sb.injectFaults([{ kind: 'reset' }]);
    const err = await fetchError(`${sb.baseUrl}/api/v1/contacts`);
    expect(err).not.toBeNull();
    expect(sb.requests()[0]!.status).toBe(0);
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).status).toBe(200);
  });

  it('hangs until the client gives up', async () => {
    const sb = await sandbox();
    sb.injectFaults([{ kind: 'hang' }]);
    const err = await fetchError(`${sb.baseUrl}/api/v1/contacts`, { signal: AbortSignal.timeout(200) });
    expect(err?.name).toBe('TimeoutError');
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).status).toBe(200);
  });

  it('delays and then answers normally', async () => {
    const sb = await sandbox();
    sb.injectFaults([{ kind: 'delay', ms: 100 }]);
    const res = await call(sb, 'GET', '/api/v1/contacts?per_page=2', { key: sb.adminKey });
    expect(res.status).toBe(200);
    expect((res.body as { data: unknown[] }).data).toHaveLength(2);
  });

  it('matches method and path prefix, consumes faults in order, and clears them', async () => {
    const sb = await sandbox();
    sb.injectFaults(
      [
        { kind: 'status', status: 503 },
        { kind: 'status', status: 500 },
      ],
      { method: 'post', pathPrefix: '/api/v1/messages' },
    );
    expect((await call(sb, 'GET', '/api/v1/messages', { key: sb.adminKey })).status).toBe(200);
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).status).toBe(200);
    const body = { number: '5511912345678', text: 'x' };
    expect((await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body })).status).toBe(503);
    expect((await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body })).status).toBe(500);
    expect((await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body })).status).toBe(201);
    sb.injectFaults([{ kind: 'status', status: 500 }]);
    sb.clearFaults();
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).status).toBe(200);
  });

  it('refuses nonsense faults', async () => {
    const sb = await sandbox();
    expect(() => sb.injectFaults([{ kind: 'status', status: 99 }])).toThrow(/status/);
    expect(() => sb.injectFaults([{ kind: 'delay', ms: -1 }])).toThrow(/delay/);
  });
});

describe('request journal and log', () => {
  it('records method, path, query, headers, body, parsed JSON and status', async () => {
    const sb = await sandbox();
    await call(sb, 'GET', '/api/v1/contacts?search=ana&page=2&page=3', { key: sb.adminKey });
    await call(sb, 'POST', '/api/v1/messages/text', {
      key: sb.adminKey,
      body: { number: '5511912345678', text: 'hi' },
      headers: { 'Idempotency-Key': 'j-1' },
    });
    // with a key: kept even on an unknown route (without one it is not kept: memory-bounds.test.ts, issue 10 item 11)
    await call(sb, 'GET', '/nowhere', { key: sb.adminKey });
    const [list, send, missing] = sb.requests();
    expect(list).toMatchObject({ method: 'GET', path: '/api/v1/contacts', query: { search: 'ana', page: '2' }, rawBody: '', status: 200 });
    expect(list!.headers.authorization).toBe(`Bearer ${sb.adminKey}`);
    expect(send).toMatchObject({
      method: 'POST',
      path: '/api/v1/messages/text',
      rawBody: '{"number":"5511912345678","text":"hi"}',
      json: { number: '5511912345678', text: 'hi' },
      status: 201,
    });
    expect(send!.headers['idempotency-key']).toBe('j-1');
    expect(missing).toMatchObject({ path: '/nowhere', status: 404 });
    expect(typeof list!.at).toBe('number');
  });

  it('keeps the last 10,000 requests, oldest first', () => {
    const journal = new RequestJournal();
    for (let i = 0; i < JOURNAL_SIZE + 25; i += 1)
      journal.add({ method: 'GET', path: `/${i}`, query: {}, headers: {}, rawBody: '', json: undefined, status: 200, at: i });
    const list = journal.list();
    expect(list).toHaveLength(10_000);
    expect(list[0]!.path).toBe('/25');
    expect(list.at(-1)!.path).toBe(`/${JOURNAL_SIZE + 24}`);
  });

  it('logs one line per request and never a key value', async () => {
    const lines: string[] = [];
    const sb = await sandbox({ log: (line: string) => lines.push(line) });
    const created = await call(sb, 'POST', '/api/v1/api-keys', { key: sb.adminKey, body: { name: 'logged' } });
    const newKey = (created.body as { key: string }).key;
    await call(sb, 'GET', '/api/v1/contacts?search=secret-search', { key: newKey });
    await call(sb, 'GET', '/api/v1/contacts', { key: 'crm_sk_notarealkeyvalue' });
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^POST \/api\/v1\/api-keys 201 \d+\.\dms$/);
    const all = lines.join('\n');
    for (const secret of [sb.adminKey, newKey, 'crm_sk_notarealkeyvalue', 'secret-search']) expect(all).not.toContain(secret);
  });
});
