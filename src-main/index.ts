// The Electron host: calls the one runtime builder (src-main/runtime) with Electron's OS
// services, registers IPC and opens the locked-down window. Every decision lives outside this
// file (app-shell/, runtime/); what is left is wiring Electron's objects to them.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, dialog, session, type BrowserWindow } from 'electron';
import { createQuitGate } from './app-shell/quit-gate';
import { rendererSource } from './app-shell/renderer-source';
import { CONTENT_SECURITY_POLICY, developmentCsp } from './app-shell/security-policy';
import { startupFailure } from './app-shell/startup-failure';
import { createTrustedPage } from './app-shell/trusted-page';
import { WindowStateStore } from './app-shell/window-state';
import { createFileLog } from './core/log/file-log';
import { resolveDataDir, resolveLogDir } from './core/storage/data-dir';
import { buildRuntime, type Runtime } from './runtime/build-runtime';
import { createEmitter, registerIpc } from './electron/ipc';
import { createElectronPlatform } from './electron/platform';
import { createMainWindow, hardenSession } from './electron/window';

const QUIT_TIMEOUT_MS = 5000;

// `npm start` runs Electron unpackaged from the source tree: it gets the development folder
const build = app.isPackaged ? 'installed' : 'development';
const dataDir = resolveDataDir(process.env, process.platform, homedir(), process.cwd(), build);
const logDir = resolveLogDir(process.env, dataDir, process.platform, homedir(), build);
let runtime: Runtime | null = null;
// Until the core exists no key value is in memory, so there is nothing to scrub yet.
const log = createFileLog({ dir: logDir, scrub: (text) => runtime?.core.scrubSecrets(text) ?? text });

function failStartup(err: unknown): void {
  const { title, body } = startupFailure(err, log.path);
  log.write(`start-up failed: ${body}`);
  // safe before 'ready' too (on Linux it then prints to stderr)
  dialog.showErrorBox(title, runtime?.core.scrubSecrets(body) ?? body);
  app.exit(1);
}

function start(): void {
  // setPath refuses a folder that does not exist yet
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  app.setPath('userData', dataDir);
  app.setAppLogsPath(logDir);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  let win: BrowserWindow | null = null;
  const page = createTrustedPage();
  const source = rendererSource({ packaged: app.isPackaged, env: process.env, file: join(__dirname, '../renderer/index.html') });
  const windowState = new WindowStateStore(dataDir);
  let savingWindow: Promise<void> = Promise.resolve();

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    // Belt and braces beside the per-window guards: no other window, no webview, anywhere.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });

  const opened = app.whenReady().then(async () => {
    hardenSession(session.defaultSession, source.kind === 'dev-server' ? developmentCsp(source.url) : CONTENT_SECURITY_POLICY);
    const platform = createElectronPlatform(() => win);
    const deliver = createEmitter(() => win?.webContents ?? null);
    runtime = await buildRuntime({ dataDir, keychainService: process.env.CRM_KEYCHAIN_SERVICE, log: (m) => log.write(m), host: { kind: 'electron', version: app.getVersion(), services: platform, deliver } });
    registerIpc(runtime.dispatch, () => page.url());

    const state = await windowState.load();
    win = createMainWindow({ preload: join(__dirname, '../preload/index.cjs'), packaged: app.isPackaged, state, page });
    win.on('close', () => {
      if (!win || win.isDestroyed()) return;
      // normal bounds: a maximised window reopens maximised over its earlier size, not at screen size
      savingWindow = windowState.save({ bounds: win.getNormalBounds(), maximized: win.isMaximized() }).catch((err: unknown) => log.write(`window state not saved: ${String(err)}`));
    });
    win.on('closed', () => {
      win = null;
    });
    if (source.kind === 'dev-server') await win.loadURL(source.url);
    else await win.loadFile(source.file);
  });

  app.on('window-all-closed', () => app.quit());
  app.on(
    'before-quit',
    createQuitGate({
      cleanup: async () => {
        await opened.catch(() => undefined);
        await Promise.all([savingWindow, runtime?.shutdown()]);
      },
      exit: (code) => app.exit(code),
      timeoutMs: QUIT_TIMEOUT_MS,
      log: (m) => log.write(m),
    }),
  );
  opened.catch(failStartup);
}

try {
  start();
} catch (err) {
  failStartup(err);
}
