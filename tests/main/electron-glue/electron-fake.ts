// A recording stand-in for the parts of 'electron' the glue uses. The glue is type-checked
// against the real electron.d.ts; this fake only lets its wiring run under Node.
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents {
  listeners = new Map<string, Listener[]>();
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
  mainFrame = { url: '' };
  sent: { channel: string; data: unknown }[] = [];
  closeDevTools = vi.fn();
  on(event: string, fn: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
  setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
    this.windowOpenHandler = fn;
  }
  isDestroyed() {
    return false;
  }
  send(channel: string, data: unknown) {
    this.sent.push({ channel, data });
  }
}

export class FakeBrowserWindow {
  static created: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  maximize = vi.fn();
  show = vi.fn();
  constructor(public options: Record<string, unknown>) {
    FakeBrowserWindow.created.push(this);
  }
  once(_event: string, fn: Listener) {
    fn();
    return this;
  }
}

export const shell = { openExternal: vi.fn(async () => {}) };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };

export function fakeSession() {
  const s = {
    permissionRequest: null as null | Listener,
    permissionCheck: null as null | Listener,
    headers: null as null | Listener,
    setPermissionRequestHandler: (fn: Listener) => { s.permissionRequest = fn; },
    setPermissionCheckHandler: (fn: Listener) => { s.permissionCheck = fn; },
    webRequest: { onHeadersReceived: (fn: Listener) => { s.headers = fn; } },
  };
  return s;
}

export function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: (channel: string, fn: Listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, fn);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  };
}
