import { describe, expect, it, vi } from 'vitest';
import { fakeIpcMain, FakeWebContents } from './electron-fake';

vi.mock('electron', () => ({}));

const { registerIpc, createEmitter } = await import('../../../src-main/electron/ipc');
const { INVOKE_CHANNELS } = await import('../../../src-main/ipc/channels');

const APP = 'app://crm-console/index.html';

function eventFrom(url: string, mainFrame = true) {
  const sender = new FakeWebContents();
  const frame = { url };
  if (mainFrame) sender.mainFrame = frame;
  return { sender, senderFrame: frame };
}

describe('registerIpc', () => {
  it('registers every contract channel exactly once and removes them again', () => {
    const ipcMain = fakeIpcMain();
    const unregister = registerIpc(vi.fn(), () => APP, ipcMain as never);
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(INVOKE_CHANNELS.length).toBeGreaterThan(20);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('passes calls from the app page to the dispatcher', async () => {
    const ipcMain = fakeIpcMain();
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 42 }));
    registerIpc(dispatch, () => APP, ipcMain as never);
    const result = await ipcMain.handlers.get('contacts:list')!(eventFrom(APP), { page: 1, perPage: 10 });
    expect(result).toEqual({ ok: true, value: 42 });
    expect(dispatch).toHaveBeenCalledWith('contacts:list', { page: 1, perPage: 10 });
  });

  it('refuses senders other than the app page in the top frame (a file:// page, another app:// host), without calling any service', async () => {
    const ipcMain = fakeIpcMain();
    const dispatch = vi.fn();
    registerIpc(dispatch, () => APP, ipcMain as never);
    for (const event of [
      eventFrom('https://evil.example/'),
      eventFrom('file:///app/out/renderer/index.html'),
      eventFrom('app://other-host/index.html'),
      eventFrom(APP, false),
      { sender: new FakeWebContents(), senderFrame: null },
    ]) {
      const result = await ipcMain.handlers.get('keys:add')!(event, { profileId: 'p', name: 'n', value: 'crm_sk_x' });
      expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses every call while the window has not committed its page yet', async () => {
    const ipcMain = fakeIpcMain();
    const dispatch = vi.fn();
    registerIpc(dispatch, () => null, ipcMain as never);
    const result = await ipcMain.handlers.get('app:info')!(eventFrom(APP), {});
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

/** an emitter to a window whose send throws as a destroyed one's does, and the lines it logs */
function emitterToDestroyedWindow(saysDestroyed: boolean) {
  const contents = new FakeWebContents();
  if (saysDestroyed) contents.isDestroyed = () => true;
  contents.send = () => {
    throw new Error('Object has been destroyed');
  };
  const lines: string[] = [];
  const emit = createEmitter(
    () => contents as never,
    (m) => lines.push(m),
  );
  return { emit, lines };
}

describe('createEmitter', () => {
  it('sends events to the window when there is one', () => {
    const contents = new FakeWebContents();
    let target: FakeWebContents | null = null;
    const emit = createEmitter(() => target as never);
    emit('net:status', { online: false, pending: 1 });
    target = contents;
    emit('net:status', { online: true, pending: 0 });
    expect(contents.sent).toEqual([{ channel: 'net:status', data: { online: true, pending: 0 } }]);
  });

  it('drops an event the window cannot take (a function or symbol in it) with a log line, and never throws', () => {
    const contents = new FakeWebContents();
    // Electron's send: the structured clone refuses functions and symbols
    contents.send = (channel: string, data: unknown) => {
      structuredClone(data);
      contents.sent.push({ channel, data });
    };
    const lines: string[] = [];
    const emit = createEmitter(
      () => contents as never,
      (m) => lines.push(m),
    );
    expect(() => emit('net:status', { online: true, pending: 0, retry: () => {} } as never)).not.toThrow();
    expect(() => emit('net:status', { online: true, pending: Symbol('n') } as never)).not.toThrow();
    expect(contents.sent).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^event net:status not delivered to the window: /);
    // the next event that can be cloned still arrives
    emit('net:status', { online: false, pending: 2 });
    expect(contents.sent).toEqual([{ channel: 'net:status', data: { online: false, pending: 2 } }]);
  });

  it('sends nothing to a destroyed window, even one whose send would throw', () => {
    const { emit, lines } = emitterToDestroyedWindow(true);
    expect(() => emit('net:status', { online: true, pending: 0 })).not.toThrow();
    expect(lines).toEqual([]);
  });

  it('a window destroyed between the check and the send is a log line, not a crash', () => {
    const { emit, lines } = emitterToDestroyedWindow(false);
    expect(() => emit('net:status', { online: true, pending: 0 })).not.toThrow();
    expect(lines).toEqual(['event net:status not delivered to the window: Object has been destroyed']);
  });
});
