// src-main/index.ts, the Electron host, run under Node with a fake 'electron' and a runtime the
// test controls: a failed start shows a dialog and exits non-zero (instead of an invisible
// process that blocks every later launch), quitting waits for clean-up, and a relative
// CRM_DATA_DIR becomes an absolute, existing folder before Electron's setPath sees it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers/temp-dir';
import {
  FakeBrowserWindow,
  fakeApp,
  fakeCrashReporter,
  fakeDialog,
  fakeIpcMain,
  fakeProtocol,
  fakeSession,
  fakeSystemPreferences,
  screen,
  shell,
} from './electron-fake';

type App = ReturnType<typeof fakeApp>;

const runtimeControl = {
  build: vi.fn(),
};

vi.mock('../../../src-main/runtime/build-runtime', () => ({ buildRuntime: (...args: unknown[]) => runtimeControl.build(...args) }));

let app: App;
let session: ReturnType<typeof fakeSession>;
let protocol: ReturnType<typeof fakeProtocol>;
vi.mock('electron', () => ({
  get protocol() {
    return protocol;
  },
  get app() {
    return app;
  },
  dialog: fakeDialog,
  crashReporter: fakeCrashReporter,
  ipcMain: fakeIpcMain(),
  get session() {
    return { defaultSession: session };
  },
  BrowserWindow: FakeBrowserWindow,
  clipboard: { writeText: vi.fn(), readText: vi.fn(() => '') },
  screen,
  shell,
  systemPreferences: fakeSystemPreferences,
}));

const flush = () => new Promise((ok) => setTimeout(ok, 20));
/**
 * After ready: the window exists (a loaded machine can take longer than a fixed pause to read the
 * window's saved place; the runtime is asked for in the same turn), then a moment for what follows.
 */
const started = async (): Promise<void> => {
  await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1), { timeout: 5000, interval: 10 });
  await flush();
};
let dataDir: string;

function fakeRuntime(shutdown: () => Promise<void> = async () => {}) {
  return {
    core: { scrubSecrets: (t: string) => t.replaceAll('crm_sk_live_secret_value', '***') },
    dispatch: vi.fn(),
    info: {},
    shutdown: vi.fn(shutdown),
  };
}

async function startHost(options: { packaged?: boolean } = {}): Promise<App> {
  app = fakeApp(options);
  fakeCrashReporter.app = app;
  fakeCrashReporter.start.mockClear();
  session = fakeSession();
  protocol = fakeProtocol();
  vi.resetModules();
  await import('../../../src-main/index');
  return app;
}

/** `check` run on a host started (not yet ready) on a working runtime as on `platform` */
async function startedOn(platform: NodeJS.Platform, check: (host: App) => void): Promise<void> {
  vi.spyOn(process, 'platform', 'get').mockReturnValue(platform);
  try {
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    check(await startHost());
  } finally {
    vi.restoreAllMocks();
  }
}

/** the host started on a working runtime, its window created */
async function hostWithWindow(): Promise<App> {
  runtimeControl.build.mockResolvedValue(fakeRuntime());
  const host = await startHost();
  host.ready();
  await started();
  return host;
}

/** once the host has exited 0: the window's place as saved in the data folder */
async function windowStateAfterExit(host: App): Promise<unknown> {
  await vi.waitFor(() => expect(host.exitCodes).toEqual([0]), { timeout: 5000, interval: 10 });
  return JSON.parse(await readFile(join(dataDir, 'data', 'window-state.json'), 'utf8'));
}

beforeEach(async () => {
  dataDir = await tempDir('crm-electron-host-');
  vi.stubEnv('CRM_DATA_DIR', join(dataDir, 'data'));
  FakeBrowserWindow.created = [];
  fakeDialog.showErrorBox.mockClear();
  runtimeControl.build.mockReset();
  // each start registers every channel once
  ((await import('electron')).ipcMain as unknown as ReturnType<typeof fakeIpcMain>).handlers.clear();
});

// the host installs main's error handlers on the real process: each test takes its own away
const ERROR_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;
type Listener = (...args: unknown[]) => void;
const errorListeners = (event: (typeof ERROR_EVENTS)[number]): Listener[] =>
  (event === 'uncaughtException' ? process.listeners('uncaughtException') : process.listeners('unhandledRejection')) as Listener[];
let listenersBefore: Map<string, Listener[]>;
beforeEach(() => {
  listenersBefore = new Map(ERROR_EVENTS.map((e) => [e, errorListeners(e)]));
});

afterEach(() => {
  vi.unstubAllEnvs();
  for (const event of ERROR_EVENTS) {
    for (const fn of errorListeners(event)) if (!listenersBefore.get(event)!.includes(fn)) process.removeListener(event, fn);
  }
});

describe('the Electron host', () => {
  it('a failure while starting shows the reason in a dialog, writes it to the log, and exits 1', async () => {
    runtimeControl.build.mockRejectedValue(new Error('profiles.json is a folder (EISDIR)'));
    const host = await startHost();
    host.ready();
    await started();
    expect(fakeDialog.showErrorBox).toHaveBeenCalledTimes(1);
    const [title, body] = fakeDialog.showErrorBox.mock.calls[0]! as [string, string];
    expect(title).toBe('CRM Console could not start');
    expect(body).toContain('profiles.json is a folder (EISDIR)');
    const logFile = join(dataDir, 'data', 'logs', 'main.log');
    expect(body).toContain(logFile);
    expect(await readFile(logFile, 'utf8')).toContain('start-up failed: profiles.json is a folder (EISDIR)');
    expect(host.exitCodes).toEqual([1]);
  });

  it("a relative CRM_DATA_DIR is made absolute and created before Electron's setPath", async () => {
    const absolute = join(dataDir, 'relative-data');
    vi.stubEnv('CRM_DATA_DIR', relative(process.cwd(), absolute));
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    const host = await startHost();
    expect(host.paths.get('userData')).toBe(absolute);
    expect(existsSync(absolute)).toBe(true);
    expect(host.logsPath).toBe(join(absolute, 'logs'));
    expect(fakeDialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('quitting waits for the runtime to shut down (outbox, sandbox, staged files), then exits 0', async () => {
    let finish!: () => void;
    const runtime = fakeRuntime(
      () =>
        new Promise<void>((ok) => {
          finish = ok;
        }),
    );
    runtimeControl.build.mockResolvedValue(runtime);
    const host = await startHost();
    host.ready();
    await started();
    expect(fakeDialog.showErrorBox).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.created).toHaveLength(1);
    // closing a maximised window remembers its normal size (reopened maximised over it)
    const win = FakeBrowserWindow.created[0]!;
    win.isMaximized = () => true;
    for (const fn of win.windowListeners.get('close') ?? []) fn();
    const prevent = vi.fn();
    host.emit('before-quit', { preventDefault: prevent });
    expect(prevent).toHaveBeenCalled();
    await flush();
    expect(runtime.shutdown).toHaveBeenCalledTimes(1);
    expect(host.exitCodes).toEqual([]);
    finish();
    expect(await windowStateAfterExit(host)).toEqual({
      bounds: { x: 1, y: 2, width: 900, height: 600 },
      maximized: true,
    });
  });

  it('serves the page from app:// (declared before ready, answered after it), not from file://', async () => {
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    const host = await startHost({ packaged: true });
    expect(protocol.privileged.map((s) => s.scheme)).toEqual(['app']);
    expect(protocol.handlers.size).toBe(0);
    host.ready();
    await started();
    expect(FakeBrowserWindow.created[0]!.loaded).toEqual(['app://crm-console/index.html']);
    const answer = await protocol.handlers.get('app')!(new Request('app://crm-console/..%2f..%2fpackage.json'));
    expect(answer.status).toBe(403);
  });

  it("hands the runtime its host: Electron's OS services, the data folder and a log", async () => {
    await hostWithWindow();
    const options = runtimeControl.build.mock.calls[0]![0] as {
      dataDir: string;
      host: { kind: string; services: object };
      log: (m: string) => void;
    };
    expect(options.dataDir).toBe(join(dataDir, 'data'));
    expect(options.host.kind).toBe('electron');
    // microphoneAccess: the Send Audio panel asks it before recording (macOS: the system's consent)
    // resolveProxy: the core's requests take the OS's proxy settings (electron/os-proxy.ts)
    // openPath: a document a contact sent, kept in the data folder, opens with the OS's own app
    expect(Object.keys(options.host.services).sort()).toEqual([
      'clipboard',
      'confirm',
      'microphoneAccess',
      'openExternal',
      'openPath',
      'pickFile',
      'resolveProxy',
    ]);
    // the log scrubs with the core's knowledge of key values once the core exists
    options.log('keychain get failed: crm_sk_live_secret_value');
    expect(await readFile(join(dataDir, 'data', 'logs', 'main.log'), 'utf8')).toContain('keychain get failed: ***');
  });

  it('opens the window while the runtime is still being built; its first requests wait for it', async () => {
    let built!: (r: ReturnType<typeof fakeRuntime>) => void;
    runtimeControl.build.mockReturnValue(
      new Promise((ok) => {
        built = ok;
      }),
    );
    const ipc = (await import('electron')).ipcMain as unknown as ReturnType<typeof fakeIpcMain>;
    const host = await startHost();
    host.ready();
    await started();
    expect(FakeBrowserWindow.created).toHaveLength(1);
    const win = FakeBrowserWindow.created[0]!;
    expect(win.loaded).toHaveLength(1);
    // the page committed; it asks for something before the runtime exists
    win.webContents.emit('did-navigate', {}, win.loaded[0]);
    const sender = { mainFrame: { url: win.loaded[0] } };
    const pending = ipc.handlers.get('app:info')!({ senderFrame: sender.mainFrame, sender }, {}) as Promise<unknown>;
    const runtime = fakeRuntime();
    runtime.dispatch.mockResolvedValue({ ok: true, value: 'ready' });
    let answered = false;
    void pending.then(() => {
      answered = true;
    });
    await flush();
    expect(answered).toBe(false);
    built(runtime);
    expect(await pending).toEqual({ ok: true, value: 'ready' });
    expect(runtime.dispatch).toHaveBeenCalledWith('app:info', {});
  });

  it('a second launch brings the window forward, restored, even before the runtime is built', async () => {
    runtimeControl.build.mockReturnValue(new Promise(() => {}));
    const host = await startHost();
    host.ready();
    await started();
    const win = FakeBrowserWindow.created[0]!;
    win.minimized = true;
    host.emit('second-instance', {}, ['crm-console'], '/');
    expect(win.restore).toHaveBeenCalledTimes(1);
    expect(win.focus).toHaveBeenCalledTimes(1);
  });

  it('Quit without closing the window first (menu, Cmd+Q) still remembers where the window was', async () => {
    const host = await hostWithWindow();
    FakeBrowserWindow.created[0]!.getNormalBounds = () => ({ x: 5, y: 6, width: 1000, height: 700 });
    host.emit('before-quit', { preventDefault: vi.fn() });
    expect(await windowStateAfterExit(host)).toEqual({
      bounds: { x: 5, y: 6, width: 1000, height: 700 },
      maximized: false,
    });
  });

  it("a moved window's place is on disk a moment later, before any way out (a crash or kill -9 announces none)", async () => {
    const host = await hostWithWindow();
    const win = FakeBrowserWindow.created[0]!;
    win.getNormalBounds = () => ({ x: 40, y: 50, width: 1100, height: 720 });
    win.emitWindow('move');
    win.emitWindow('resize');
    const file = join(dataDir, 'data', 'window-state.json');
    await vi.waitFor(
      async () =>
        expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ bounds: { x: 40, y: 50, width: 1100, height: 720 }, maximized: false }),
      { timeout: 3000, interval: 100 },
    );
    expect(host.exitCodes).toEqual([]);
  });

  it("a crashed window is logged and offered a reload; main's uncaught errors go to the log, scrubbed", async () => {
    fakeDialog.showMessageBox.mockClear();
    const host = await hostWithWindow();
    const win = FakeBrowserWindow.created[0]!;
    host.emit('render-process-gone', {}, win.webContents, { reason: 'crashed', exitCode: 139 });
    await flush();
    expect(win.webContents.reload).toHaveBeenCalledTimes(1);
    const added = errorListeners('uncaughtException').filter((fn) => !listenersBefore.get('uncaughtException')!.includes(fn));
    expect(added).toHaveLength(1);
    (added[0] as (err: Error) => void)(new Error('parse failed near crm_sk_live_secret_value'));
    await flush();
    const logged = await readFile(join(dataDir, 'data', 'logs', 'main.log'), 'utf8');
    expect(logged).toContain('the window went away: crashed (exit code 139)');
    expect(logged).toContain('main process uncaughtException: Error: parse failed near ***');
    expect(logged).not.toContain('crm_sk_live_secret_value');
  });

  it('run from the source tree (not packaged) it keeps its data in crm-console-dev; packaged, in crm-console', async () => {
    vi.stubEnv('CRM_DATA_DIR', '');
    vi.stubEnv('XDG_CONFIG_HOME', join(dataDir, 'config'));
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    const dev = process.platform === 'linux' ? await startHost({ packaged: false }) : null;
    expect(dev?.paths.get('userData') ?? join(dataDir, 'config', 'crm-console-dev')).toBe(join(dataDir, 'config', 'crm-console-dev'));
    const installed = process.platform === 'linux' ? await startHost({ packaged: true }) : null;
    expect(installed?.paths.get('userData') ?? join(dataDir, 'config', 'crm-console')).toBe(join(dataDir, 'config', 'crm-console'));
  });

  it('a second launch hands over to the running one and quits', async () => {
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    app = fakeApp({ singleInstance: false });
    session = fakeSession();
    vi.resetModules();
    await import('../../../src-main/index');
    expect(app.quitCalls).toBe(1);
    expect(runtimeControl.build).not.toHaveBeenCalled();
  });

  it('keeps native crash dumps on this computer from before ready: the crash reporter uploads nothing', async () => {
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    const host = await startHost();
    expect(fakeCrashReporter.start).toHaveBeenCalledTimes(1);
    expect(fakeCrashReporter.start.mock.calls[0]![0]).toMatchObject({ uploadToServer: false });
    expect(fakeCrashReporter.start.mock.calls[0]![0]).not.toHaveProperty('submitURL');
    host.ready();
    await started();
    // after userData is the data folder (the dumps folder lies inside it), before ready
    expect(host.calls).toEqual(expect.arrayContaining(['setPath userData', 'crashReporter.start', 'ready']));
    expect(host.calls.indexOf('setPath userData')).toBeLessThan(host.calls.indexOf('crashReporter.start'));
    expect(host.calls.indexOf('crashReporter.start')).toBeLessThan(host.calls.indexOf('ready'));
    expect(host.getPath('crashDumps')).toBe(join(dataDir, 'data', 'Crashpad'));
  });

  it('is named CRM Console on macOS before ready (its menu says so), and userData stays the data folder', async () => {
    await startedOn('darwin', (host) => {
      expect(host.name).toBe('CRM Console');
      expect(host.calls.indexOf('setName CRM Console')).toBeGreaterThanOrEqual(0);
      expect(host.calls.indexOf('setName CRM Console')).toBeLessThan(host.calls.indexOf('setPath userData'));
      expect(host.calls.indexOf('ready')).toBe(-1);
      expect(host.paths.get('userData')).toBe(join(dataDir, 'data'));
    });
  });

  it("keeps package.json's name on Linux, where the window's X11 class (and so its launcher) comes from it", async () => {
    await startedOn('linux', (host) => {
      expect(host.name).toBe('crm-console');
      expect(host.calls.some((c) => c.startsWith('setName'))).toBe(false);
    });
  });
});
