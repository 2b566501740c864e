// The IPC handlers Electron's ipcMain serves, driven with the real core, the real sandbox and
// the real keychain: payload validation, errors as data, the preview/send agreement, and that
// no reply carries a key value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS } from '../../../src-main/ipc/channels';
import type { EventChannel } from '../../../src-main/ipc/contract';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import { payloadSchemas } from '../../../src-main/ipc/schemas';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, keychainAvailable, openSandbox } from '../helpers';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';

const available = await keychainAvailable();

describe.skipIf(!available)('IPC handlers over the real core', () => {
  let sandbox: RunningSandbox;
  let tc: TestCore;
  let dispatch: Dispatch;
  const replies: string[] = [];
  const events: { event: EventChannel; data: unknown }[] = [];
  const clipboard = { text: '' };
  const internalErrors: string[] = [];
  let profileId = '';

  const call = async (channel: string, payload: unknown) => {
    const result = await dispatch(channel, payload);
    replies.push(JSON.stringify(result));
    return result;
  };

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 300, rate: 1000, burst: 1000 });
    tc = await openTestCore('ipc');
    ({ profileId } = await addProfileWithKey(
      tc.core,
      { name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true },
      { name: 'admin', value: sandbox.adminKey },
    ));
    dispatch = testDispatch(tc.core, {
      clipboard,
      emit: (event, data) => events.push({ event, data }),
      onInternalError: (channel) => internalErrors.push(channel),
    });
    // the services announce their own changes; wired as every host's runtime wires them
    wireCoreEvents(tc.core, (event, data) => events.push({ event, data }));
  });

  afterAll(async () => {
    // Invariant 1: no reply or event ever carried the key.
    expect(replies.length).toBeGreaterThan(10);
    for (const text of [...replies, JSON.stringify(events)]) expect(text).not.toContain(sandbox.adminKey);
    await tc?.cleanup();
    await closeSandboxes();
  });

  it('has a schema and a handler for every contract channel', () => {
    expect(Object.keys(payloadSchemas).sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('answers bad payloads with a validation error and never runs the service', async () => {
    const bad: [string, unknown][] = [
      ['contacts:list', { page: 0, perPage: 10 }],
      ['contacts:list', { page: 1, perPage: 501 }],
      ['contacts:list', { page: '1', perPage: 10 }],
      ['contacts:list', { page: 1, perPage: 10, extra: true }],
      ['contacts:list', null],
      ['keys:add', { profileId, name: 'x' }],
      ['keys:revoke', { id: 42 }],
      ['send:submit', { draft: { kind: 'fax', number: '1' }, requestId: 'r' }],
      ['send:preview', 'not an object'],
      ['files:stage', { name: 'a', bytes: 'AAAA', purpose: 'image' }],
      ['profiles:create', { name: 'x', baseUrl: 'http://x', confirmInsecure: 'yes' }],
      ['__proto__', {}],
      ['constructor', {}],
      ['no:such-channel', {}],
    ];
    const before = sandbox.requests().length;
    for (const [channel, payload] of bad) {
      const result = await call(channel, payload);
      expect(result, `${channel} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(sandbox.requests().length).toBe(before);
    expect((await tc.core.keys.list(profileId)).length).toBe(1);
  });

  it('returns service errors as data with a readable message', async () => {
    const result = await call('keys:test', { id: 'lk_does-not-exist' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('not_found');
      expect(result.error.message.length).toBeGreaterThan(5);
    }
    const badNumber = await call('send:submit', { draft: { kind: 'text', number: '12ab', text: 'hi' }, requestId: 'r-bad' });
    expect(badNumber).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(internalErrors).toEqual([]);
  });

  it('sends exactly the request its preview shows', async () => {
    const draft = { kind: 'text', number: '+55 (11) 99999-0000', text: `it's "quoted" $(not run) \`x\` 🎉` } as const;
    const preview = await call('send:preview', { draft });
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    const value = preview.value as { method: string; url: string; curl: string; problems: unknown[] };
    expect(value.method).toBe('POST');
    expect(value.url).toBe(`${sandbox.baseUrl}/api/v1/messages/text`);
    expect(value.problems).toEqual([]);
    expect(value.curl).toContain('$CRM_API_KEY');
    const previewKey = /Idempotency-Key: ([0-9a-f-]{36})/.exec(value.curl)?.[1];
    expect(previewKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const sent = await call('send:submit', { draft, requestId: 'r-1' });
    expect(sent).toMatchObject({ ok: true, value: { status: 'sent', message: { type: 'text', number: '5511999990000' } } });
    const received = sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text');
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['idempotency-key']).toBe(previewKey);
    expect(received[0]!.json).toEqual({ number: '5511999990000', text: draft.text });

    // the key rotates once the server has answered: the next preview shows a new one
    const next = await call('send:preview', { draft });
    expect(next.ok && (next.value as { curl: string }).curl).not.toContain(previewKey!);
  });

  it('copies cURL without the key, and with it only through the guarded clipboard', async () => {
    const draft = { kind: 'text', number: '5511999990000', text: 'hello' } as const;
    expect(await call('send:copy-curl', { draft, withKey: false })).toEqual({ ok: true, value: { clearsAfterMs: null } });
    expect(clipboard.text).toContain('$CRM_API_KEY');
    expect(clipboard.text).not.toContain(sandbox.adminKey);
    expect(await call('send:copy-curl', { draft, withKey: true })).toEqual({ ok: true, value: { clearsAfterMs: 60_000 } });
    expect(clipboard.text).toContain(sandbox.adminKey);
    expect(clipboard.text).not.toContain('$CRM_API_KEY');
    clipboard.text = '';
  });

  it('lists contacts and reports key changes as events', async () => {
    const page = await call('contacts:list', { page: 2, perPage: 25 });
    expect(page).toMatchObject({ ok: true, value: { page: 2, perPage: 25, total: 300 } });
    const created = sandbox.createKey('second', ['contacts:read']);
    const added = await call('keys:add', { profileId, name: 'second', value: created.key });
    expect(added).toMatchObject({ ok: true, value: { name: 'second', fingerprint: created.key.slice(-4) } });
    expect(JSON.stringify(added)).not.toContain(created.key);
    expect(events.some((e) => e.event === 'keys:changed')).toBe(true);
    expect(replies.join('\n')).not.toContain(created.key);
  });

  it('opens only http(s) links', async () => {
    expect(await call('shell:open-external', { url: 'https://example.com/docs' })).toEqual({ ok: true, value: null });
    expect(await call('shell:open-external', { url: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await call('shell:open-external', { url: 'javascript:alert(1)' })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
