// keys:reveal-new, the one reply that carries a key value: the value of a key keys:server-create
// just made, answered once and then refused, in no other reply, event or request-log entry; and
// keys:copy-new, whose clipboard error reaches the window as its sentence and leaves the copy
// to try again. Over the real core, sandbox and keychain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError } from '../../../src-main/core/errors';
import type { EventChannel } from '../../../src-main/ipc/contract';
import { createClipboardGuard } from '../../../src-main/ipc/clipboard-guard';
import { createDispatcher, createHandlers, type Dispatch } from '../../../src-main/ipc/handlers';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, keychainAvailable, openSandbox } from '../helpers';
import { TEST_APP_INFO } from '../helpers/app-info';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';

const available = await keychainAvailable();
const NO_CLIPBOARD = 'Copying needs a clipboard program here: install xclip, xsel or wl-clipboard, then try again.';

describe.skipIf(!available)('keys:reveal-new and keys:copy-new', () => {
  let sandbox: RunningSandbox;
  let tc: TestCore;
  let dispatch: Dispatch;
  const replies: { channel: string; text: string }[] = [];
  const events: string[] = [];
  const clipboard = { text: '', broken: false };

  const call = async (channel: string, payload: unknown) => {
    const result = await dispatch(channel, payload);
    replies.push({ channel, text: JSON.stringify(result) });
    return result;
  };

  beforeAll(async () => {
    sandbox = await openSandbox();
    tc = await openTestCore('ipc-reveal');
    await addProfileWithKey(
      tc.core,
      { name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true },
      { name: 'admin', value: sandbox.adminKey },
    );
    const emit = (event: EventChannel, data: unknown) => events.push(JSON.stringify({ event, data }));
    const port = {
      writeText: (t: string) => {
        // as the Chromium host's clipboard says it when no clipboard program is installed
        if (clipboard.broken) throw new CrmError('internal', NO_CLIPBOARD);
        clipboard.text = t;
      },
      readText: () => clipboard.text,
    };
    dispatch = createDispatcher(
      createHandlers({
        core: tc.core,
        platform: { clipboard: createClipboardGuard(port), pickFile: async () => null, openExternal: async () => {} },
        appInfo: () => TEST_APP_INFO,
        emit,
      }),
    );
    wireCoreEvents(tc.core, emit);
  });

  afterAll(async () => {
    await tc?.cleanup();
    await closeSandboxes();
  });

  it('answers the created value once, in that one reply only', async () => {
    const created = await call('keys:server-create', { name: 'shown once', permissions: ['contacts:read'] });
    expect(created.ok).toBe(true);
    const id = (created as { value: { id: string } }).value.id;
    const first = await call('keys:reveal-new', { id });
    expect(first.ok).toBe(true);
    const value = (first as { value: { value: string } }).value.value;
    expect(value.length).toBeGreaterThanOrEqual(8);
    // it is the key the server made: it works there
    const res = await fetch(`${sandbox.baseUrl}/api/v1/contacts?per_page=1`, { headers: { authorization: `Bearer ${value}` } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);

    const second = await call('keys:reveal-new', { id });
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });

    const carrying = replies.filter((r) => r.text.includes(value));
    expect(carrying.map((r) => r.channel)).toEqual(['keys:reveal-new']);
    expect(events.join('\n')).not.toContain(value);
    // the create request's answer held the value: the request log keeps it cut out
    const entries = tc.core.requestLog.list();
    expect(JSON.stringify(entries)).not.toContain(value);
    expect(entries.some((e) => e.path.endsWith('/api-keys') && e.method === 'POST')).toBe(true);
    for (const e of entries) expect(JSON.stringify(tc.core.requestLog.detail(e.id))).not.toContain(value);
  });

  it('refuses a bad payload and a key that was not just created', async () => {
    expect(await call('keys:reveal-new', {})).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await call('keys:reveal-new', { id: 'lk_x', extra: 1 })).toMatchObject({ ok: false, error: { code: 'validation' } });
    const admin = (await tc.core.keys.list()).find((k) => k.name === 'admin')!;
    const refused = await call('keys:reveal-new', { id: admin.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(JSON.stringify(refused)).not.toContain(sandbox.adminKey);
  });

  it('a failed copy says why and can be tried again; a copy that worked is spent', async () => {
    const created = await call('keys:server-create', { name: 'copied late', permissions: ['contacts:read'] });
    const id = (created as { value: { id: string } }).value.id;
    clipboard.broken = true;
    expect(await call('keys:copy-new', { id })).toEqual({ ok: false, error: { code: 'internal', message: NO_CLIPBOARD } });
    clipboard.broken = false;
    expect(await call('keys:copy-new', { id })).toEqual({ ok: true, value: { clearsAfterMs: 60_000 } });
    expect(clipboard.text.length).toBeGreaterThanOrEqual(8);
    expect(await call('keys:copy-new', { id })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(replies.map((r) => r.text).join('\n')).not.toContain(clipboard.text);
  });
});
