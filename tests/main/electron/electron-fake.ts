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
  reload = vi.fn();
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
  windowListeners = new Map<string, Listener[]>();
  on(event: string, fn: Listener) {
    this.windowListeners.set(event, [...(this.windowListeners.get(event) ?? []), fn]);
    return this;
  }
  loaded: string[] = [];
  async loadFile(file: string) {
    this.loaded.push(file);
  }
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  isDestroyed = () => false;
  isMaximized = () => false;
  minimized = false;
  visible = true;
  isMinimized = () => this.minimized;
  isVisible = () => this.visible;
  restore = vi.fn(() => {
    this.minimized = false;
  });
  focus = vi.fn();
  /** runs the window's listeners for `event` */
  emitWindow(event: string, ...args: unknown[]) {
    for (const fn of this.windowListeners.get(event) ?? []) fn(...args);
  }
  getNormalBounds = () => ({ x: 1, y: 2, width: 900, height: 600 });
}

export const shell = { openExternal: vi.fn(async () => {}) };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };

export function fakeSession() {
  const s = {
    permissionRequest: null as null | Listener,
    permissionCheck: null as null | Listener,
    headers: null as null | Listener,
    setPermissionRequestHandler: (fn: Listener) => {
      s.permissionRequest = fn;
    },
    setPermissionCheckHandler: (fn: Listener) => {
      s.permissionCheck = fn;
    },
    webRequest: {
      onHeadersReceived: (fn: Listener) => {
        s.headers = fn;
      },
    },
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

/** The `app` module's parts the Electron host uses, recording what the host asked of it. */
export function fakeApp(options: { packaged?: boolean; singleInstance?: boolean } = {}) {
  const listeners = new Map<string, Listener[]>();
  let ready!: () => void;
  const whenReady = new Promise<void>((ok) => {
    ready = ok;
  });
  const app = {
    isPackaged: options.packaged ?? false,
    paths: new Map<string, string>(),
    exitCodes: [] as number[],
    quitCalls: 0,
    logsPath: null as string | null,
    on(event: string, fn: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return app;
    },
    emit(event: string, ...args: unknown[]) {
      for (const fn of listeners.get(event) ?? []) fn(...args);
    },
    whenReady: () => whenReady,
    /** resolves whenReady, as Electron does once it has started */
    ready: () => {
      app.calls.push('ready');
      app.readyNow = true;
      ready();
    },
    /** what the host asked of Electron before ready, in order (setName, setPath, crashReporter.start) */
    calls: [] as string[],
    name: 'crm-console',
    setName(name: string) {
      app.calls.push(`setName ${name}`);
      app.name = name;
    },
    setPath(name: string, path: string) {
      // Electron: "If the path specifies a directory that does not exist, an Error is thrown"
      if (!path.startsWith('/')) throw new Error(`Path must be absolute: ${path}`);
      app.calls.push(`setPath ${name}`);
      app.paths.set(name, path);
    },
    /** Electron's default crash dumps folder is inside userData */
    getPath(name: string): string {
      const set = app.paths.get(name);
      if (set) return set;
      if (name === 'crashDumps') return `${app.paths.get('userData') ?? '/home/ana/.config/Electron'}/Crashpad`;
      throw new Error(`Failed to get '${name}' path`);
    },
    releaseSingleInstanceLock() {
      app.calls.push('releaseSingleInstanceLock');
    },
    setAppLogsPath(path: string) {
      app.logsPath = path;
    },
    requestSingleInstanceLock: () => options.singleInstance ?? true,
    readyNow: false,
    isReady: () => app.readyNow,
    getVersion: () => '0.0.0-test',
    quit() {
      app.quitCalls += 1;
      app.emit('before-quit', { preventDefault: () => {} });
    },
    exit(code: number) {
      app.exitCodes.push(code);
    },
  };
  return app;
}

/** Electron's protocol module: the schemes declared privileged and the handlers registered */
export function fakeProtocol() {
  const p = {
    privileged: [] as { scheme: string; privileges?: Record<string, boolean> }[],
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged: vi.fn((schemes: { scheme: string; privileges?: Record<string, boolean> }[]) => {
      p.privileged.push(...schemes);
    }),
    handle: (scheme: string, fn: (request: Request) => Promise<Response>) => {
      if (p.handlers.has(scheme)) throw new Error(`second handler for ${scheme}`);
      p.handlers.set(scheme, fn);
    },
  };
  return p;
}

export const fakeDialog = {
  showErrorBox: vi.fn(),
  showOpenDialog: vi.fn(),
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0 })),
};

/** systemPreferences' media access, as a test sets it */
export const fakeSystemPreferences = {
  status: 'granted' as string,
  answer: true,
  getMediaAccessStatus: vi.fn(() => fakeSystemPreferences.status),
  askForMediaAccess: vi.fn(async () => fakeSystemPreferences.answer),
};

/** Electron's crashReporter: each start's options, and the start in the linked app's calls */
export const fakeCrashReporter = {
  app: null as null | { calls: string[] },
  start: vi.fn((_options: Record<string, unknown>) => {
    fakeCrashReporter.app?.calls.push('crashReporter.start');
  }),
};
