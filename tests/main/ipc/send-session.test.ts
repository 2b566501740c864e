// Nothing is sent twice from the window (issue 10 items 5 and 9), over the real handlers, core,
// keychain and sandbox: a draft keeps its Idempotency-Key until a definite answer, a definite
// success needs an explicit "send again", a replayed answer says so, and a failed send never
// leaves its request id stuck.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SendResult } from '../../../src-main/ipc/contract';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import { ALREADY_SENDING, JUST_SENT } from '../../../src-main/core/messages/send-session';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, keychainAvailable, openSandbox } from '../helpers';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';

const available = await keychainAvailable();

describe.skipIf(!available)('send:submit keeps each draft from being sent twice', () => {
  let sandbox: RunningSandbox;
  let tc: TestCore;
  let dispatch: Dispatch;
  let seq = 0;
  let number = '';

  const draft = (text: string) => ({ kind: 'text', number, text }) as const;
  const keyShown = async (text: string): Promise<string> => {
    const preview = await dispatch('send:preview', { draft: draft(text) });
    if (!preview.ok) throw new Error(preview.error.message);
    return /Idempotency-Key: ([0-9a-f-]{36})/.exec((preview.value as { curl: string }).curl)![1]!;
  };
  const submit = (text: string, extra: { again?: boolean; requestId?: string } = {}) =>
    dispatch('send:submit', { draft: draft(text), requestId: extra.requestId ?? `r-${++seq}`, ...(extra.again ? { again: true } : {}) });
  const posts = () =>
    sandbox
      .requests()
      .filter(
        (r) => r.method === 'POST' && r.path === '/api/v1/messages/text' && (r.json as { number?: string } | undefined)?.number === number,
      );
  const created = () => posts().filter((r) => r.status === 201);

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 10, rate: 1000, burst: 1000 });
    tc = await openTestCore('send-session');
    await addProfileWithKey(
      tc.core,
      { name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true },
      { name: 'admin', value: sandbox.adminKey },
    );
    dispatch = testDispatch(tc.core);
  });

  beforeEach(() => {
    // a fresh recipient per test, so each test counts only its own messages
    number = `55119${String(Date.now() % 100_000).padStart(5, '0')}${String(++seq % 100).padStart(2, '0')}`;
  });

  afterAll(async () => {
    await tc?.cleanup();
    await closeSandboxes();
  });

  it('item 9: a send that fails before any request frees its request id', async () => {
    const media = { kind: 'media', number, mediatype: 'image', source: { kind: 'file', fileId: 'f_not-staged' } } as const;
    const first = await dispatch('send:submit', { draft: media, requestId: 'r-stuck' });
    expect(first.ok).toBe(false);
    const second = await dispatch('send:submit', { draft: media, requestId: 'r-stuck' });
    expect(second.ok).toBe(false);
    if (!first.ok && !second.ok) {
      expect(second.error.message).not.toBe(ALREADY_SENDING);
      expect(second.error).toEqual(first.error);
    }
  });

  it('item 5: after a 5xx (504) the same draft is sent again with the SAME key: one message', async () => {
    const key = await keyShown('after a gateway timeout');
    sandbox.injectFaults([{ kind: 'status', status: 504 }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    expect(await submit('after a gateway timeout')).toMatchObject({ ok: false, error: { code: 'server_error', status: 504 } });
    expect(await keyShown('after a gateway timeout')).toBe(key);
    expect(await submit('after a gateway timeout')).toMatchObject({ ok: true, value: { status: 'sent' } });
    expect(posts().map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
    expect(created()).toHaveLength(1);
  });

  it('item 5: after a 2xx the app could not read, the key stays: sending again is a replay', async () => {
    const key = await keyShown('unreadable answer');
    sandbox.injectFaults([{ kind: 'status', status: 201, body: '<html>queued!</html>', contentType: 'text/html' }], {
      method: 'POST',
      pathPrefix: '/api/v1/messages/text',
    });
    const first = await submit('unreadable answer');
    expect(first).toMatchObject({ ok: true, value: { status: 'sent', message: { id: null, understood: false } } });
    expect(await keyShown('unreadable answer')).toBe(key);
    const again = await submit('unreadable answer');
    expect(again.ok).toBe(true);
    expect(posts().map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
  });

  it('item 5: a definite 4xx rejection uses the key up; other content never reuses a pending key', async () => {
    const key = await keyShown('rejected once');
    sandbox.injectFaults([{ kind: 'status', status: 422 }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    expect((await submit('rejected once')).ok).toBe(false);
    const next = await keyShown('rejected once');
    expect(next).not.toBe(key);
    // an ambiguous answer binds its key to that content only
    sandbox.injectFaults([{ kind: 'status', status: 500 }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    expect((await submit('rejected once')).ok).toBe(false);
    expect(await keyShown('rejected once')).toBe(next);
    expect(await keyShown('a different message')).not.toBe(next);
  });

  it('item 5: after a definite success the same draft needs an explicit "send again"', async () => {
    const key = await keyShown('hello once');
    expect(await submit('hello once')).toMatchObject({ ok: true, value: { status: 'sent', replayed: false } });
    // Ctrl+Enter again at once: refused, nothing sent
    expect(await submit('hello once')).toMatchObject({ ok: false, error: { code: 'conflict', message: JUST_SENT } });
    expect(created()).toHaveLength(1);
    // the person chose "send again": a new key, a second message on purpose
    const again = await submit('hello once', { again: true });
    expect(again).toMatchObject({ ok: true, value: { status: 'sent', replayed: false } });
    expect(created()).toHaveLength(2);
    expect(created()[0]!.headers['idempotency-key']).toBe(key);
    expect(created()[1]!.headers['idempotency-key']).not.toBe(key);
  });

  it('item 5: an answer the server replays reaches the window as replayed (already sent)', async () => {
    const key = await keyShown('sent elsewhere first');
    // the same Idempotency-Key already went out (e.g. from the outbox after a crash)
    await tc.core.messages.send({ op: 'messages.text', input: { number, text: 'sent elsewhere first' }, idempotencyKey: key });
    const replay = await submit('sent elsewhere first');
    expect(replay.ok).toBe(true);
    const outcome = (replay as { value: SendResult }).value;
    expect(outcome).toMatchObject({ status: 'sent', replayed: true });
    expect(created()).toHaveLength(2); // the server answered 201 twice, but stored one message
    const messages = await tc.core.messages.list({ number });
    expect(messages.items).toHaveLength(1);
  });
});
