// "Resend" from the Request log, through the window's handlers, against the real sandbox and the
// real keychain: the same request goes out again with the key main reads from the keychain (the
// logged copy has none), a send gets a new Idempotency-Key (a new message, not a replay of the
// first answer), a key now bound to another origin is held back, and a request this process does
// not hold (from before a restart) cannot be resent.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogDetail, RequestLogEntry } from '../../../src-main/core/model';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { openTestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';
import { keychainAvailable } from '../helpers/keychain';
import { openSandbox } from '../helpers/sandbox';
import { sandboxHandlersForSuite } from '../helpers/sandbox-handlers';
import { sendText } from '../helpers/send-operations';

const hasKeychain = await keychainAvailable();

describe.skipIf(!hasKeychain)('log:resend over the sandbox', () => {
  const h = sandboxHandlersForSuite({
    label: 'log-resend',
    sandbox: { contacts: 30 },
    profile: { name: 'Sandbox' },
    keyName: 'Admin',
    core: { outbox: false },
  });
  /** the origin the profile's key is moved to */
  let other: RunningSandbox;

  beforeAll(async () => {
    other = await openSandbox({ contacts: 5 });
  });

  const call = async <T>(
    channel: string,
    payload: unknown,
  ): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }> =>
    (await h.dispatch(channel, payload)) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  const ok = async <T>(channel: string, payload: unknown): Promise<T> => {
    const r = await call<T>(channel, payload);
    if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`);
    return r.value;
  };
  const newest = async (path: string): Promise<RequestLogEntry> => {
    const entry = (await ok<RequestLogEntry[]>('log:list', {})).findLast((e) => e.path.startsWith(path));
    if (entry === undefined) throw new Error(`no log entry for ${path}`);
    return entry;
  };
  const texts = () => h.sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text');

  it('a sent text goes out again with the key from the keychain and a new Idempotency-Key: a second message, not a replay', async () => {
    await sendText(h.tc.core.messages, { number: '5511999990001', text: 'resend me' });
    const entry = await newest('/api/v1/messages/text');
    const detail = await ok<RequestLogDetail>('log:detail', { id: entry.id });
    expect(detail.resendable).toBe(true);
    // the logged copy carries no key: what is resent cannot come from it
    expect(JSON.stringify(detail)).not.toContain(h.sandbox.adminKey);
    const before = texts().length;

    const resent = await ok<{ status: number; entryId: string | null }>('log:resend', { id: entry.id });
    expect(resent.status).toBe(201);
    expect(resent.entryId).not.toBeNull();
    expect(resent.entryId).not.toBe(entry.id);

    const [first, again] = texts().slice(before - 1);
    expect(again?.headers.authorization).toBe(`Bearer ${h.sandbox.adminKey}`);
    expect(again?.rawBody).toContain('resend me');
    expect(again?.rawBody).toBe(first?.rawBody);
    expect(again?.headers['idempotency-key']).toBeTruthy();
    expect(again?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
    // the new row is the resend, listed like any request
    const row = await ok<RequestLogDetail>('log:detail', { id: resent.entryId });
    expect(row).toMatchObject({ method: 'POST', status: 201, resendable: true });
    expect(row.responseBody?.text).not.toBe(detail.responseBody?.text);
  });

  it('two deliberate resends of one entry are two new keys', async () => {
    await h.tc.core.contacts.list({ page: 1, perPage: 5 });
    await sendText(h.tc.core.messages, { number: '5511999990002', text: 'twice' });
    const entry = await newest('/api/v1/messages/text');
    await ok('log:resend', { id: entry.id });
    await ok('log:resend', { id: entry.id });
    const keys = texts()
      .slice(-3)
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
  });

  it('a GET is sent again as it was', async () => {
    await h.tc.core.contacts.list({ page: 2, perPage: 7 });
    const entry = await newest('/api/v1/contacts');
    const before = h.sandbox.requests().length;
    expect(await ok<{ status: number }>('log:resend', { id: entry.id })).toMatchObject({ status: 200 });
    const again = h.sandbox.requests().slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ method: 'GET', path: '/api/v1/contacts', query: { page: '2', per_page: '7' } });
  });

  it('an unknown id, and a missing id (bad input), are refused without sending anything', async () => {
    const before = h.sandbox.requests().length;
    expect(await call('log:resend', { id: 'not-in-the-log' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('log:resend', {})).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(h.sandbox.requests().length).toBe(before);
  });

  it('a key moved to another origin since is held back: the old request is not sent with it', async () => {
    await sendText(h.tc.core.messages, { number: '5511999990003', text: 'before the move' });
    const entry = await newest('/api/v1/messages/text');
    await h.tc.core.profiles.update(h.profileId, { baseUrl: other.baseUrl }, { moveKeys: true });
    const before = h.sandbox.requests().length;
    expect(await call('log:resend', { id: entry.id })).toMatchObject({ ok: false, error: { code: 'key_held_back' } });
    expect(h.sandbox.requests().length).toBe(before);
    await h.tc.core.profiles.update(h.profileId, { baseUrl: h.sandbox.baseUrl }, { moveKeys: true });
  });

  it('a request from before a restart is not held: it says so and cannot be resent', async () => {
    await h.tc.core.contacts.list({ page: 1, perPage: 3 });
    const entry = await newest('/api/v1/contacts');
    const again = await openTestCore('log-resend-again', { outbox: false, dataDir: h.tc.dataDir });
    try {
      const fresh = testDispatch(again.core);
      const detail = (await fresh('log:detail', { id: entry.id })) as { ok: true; value: RequestLogDetail };
      expect(detail.value.resendable).toBe(false);
      expect(await fresh('log:resend', { id: entry.id })).toMatchObject({
        ok: false,
        error: { code: 'not_found', message: expect.stringContaining('Copy as cURL') },
      });
    } finally {
      await again.cleanup();
    }
  });
});
