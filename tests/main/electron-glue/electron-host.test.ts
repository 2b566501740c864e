// src-main/index.ts, the Electron host, run under Node with a fake 'electron' and a runtime the
// test controls: a failed start shows a dialog and exits non-zero (instead of an invisible
// process that blocks every later launch), quitting waits for clean-up, and a relative
// CRM_DATA_DIR becomes an absolute, existing folder before Electron's setPath sees it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers/temp-dir';
import { FakeBrowserWindow, fakeApp, fakeDialog, fakeIpcMain, fakeSession, screen, shell } from './electron-fake';

type App = ReturnType<typeof fakeApp>;

const runtimeControl = {
  build: vi.fn(),
};

vi.mock('../../../src-main/runtime/build-runtime', () => ({ buildRuntime: (...args: unknown[]) => runtimeControl.build(...args) }));

let app: App;
let session: ReturnType<typeof fakeSession>;
vi.mock('electron', () => ({
  get app() {
    return app;
  },
  dialog: fakeDialog,
  ipcMain: fakeIpcMain(),
  get session() {
    return { defaultSession: session };
  },
  BrowserWindow: FakeBrowserWindow,
  clipboard: { writeText: vi.fn(), readText: vi.fn(() => '') },
  screen,
  shell,
}));

const flush = () => new Promise((ok) => setTimeout(ok, 20));
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
  session = fakeSession();
  vi.resetModules();
  await import('../../../src-main/index');
  return app;
}

beforeEach(async () => {
  dataDir = await tempDir('crm-electron-host-');
  vi.stubEnv('CRM_DATA_DIR', join(dataDir, 'data'));
  FakeBrowserWindow.created = [];
  fakeDialog.showErrorBox.mockClear();
  runtimeControl.build.mockReset();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the Electron host', () => {
  it('a failure while starting shows the reason in a dialog, writes it to the log, and exits 1', async () => {
    runtimeControl.build.mockRejectedValue(new Error('profiles.json is a folder (EISDIR)'));
    const host = await startHost();
    host.ready();
    await flush();
    expect(fakeDialog.showErrorBox).toHaveBeenCalledTimes(1);
    const [title, body] = fakeDialog.showErrorBox.mock.calls[0]! as [string, string];
    expect(title).toBe('CRM Console could not start');
    expect(body).toContain('profiles.json is a folder (EISDIR)');
    const logFile = join(dataDir, 'data', 'logs', 'main.log');
    expect(body).toContain(logFile);
    expect(await readFile(logFile, 'utf8')).toContain('start-up failed: profiles.json is a folder (EISDIR)');
    expect(host.exitCodes).toEqual([1]);
  });

  it('a relative CRM_DATA_DIR is made absolute and created before Electron\'s setPath', async () => {
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
    const runtime = fakeRuntime(() => new Promise<void>((ok) => { finish = ok; }));
    runtimeControl.build.mockResolvedValue(runtime);
    const host = await startHost();
    host.ready();
    await flush();
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
    await flush();
    expect(host.exitCodes).toEqual([0]);
    expect(JSON.parse(await readFile(join(dataDir, 'data', 'window-state.json'), 'utf8'))).toEqual({ bounds: { x: 1, y: 2, width: 900, height: 600 }, maximized: true });
  });

  it('hands the runtime its host: Electron\'s OS services, the data folder and a log', async () => {
    runtimeControl.build.mockResolvedValue(fakeRuntime());
    const host = await startHost();
    host.ready();
    await flush();
    const options = runtimeControl.build.mock.calls[0]![0] as { dataDir: string; host: { kind: string; services: object }; log: (m: string) => void };
    expect(options.dataDir).toBe(join(dataDir, 'data'));
    expect(options.host.kind).toBe('electron');
    expect(Object.keys(options.host.services).sort()).toEqual(['clipboard', 'confirm', 'openExternal', 'pickFile']);
    // the log scrubs with the core's knowledge of key values once the core exists
    options.log('keychain get failed: crm_sk_live_secret_value');
    expect(await readFile(join(dataDir, 'data', 'logs', 'main.log'), 'utf8')).toContain('keychain get failed: ***');
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
});
