// The Electron host: calls the one runtime builder (src-main/runtime) with Electron's OS
// services, registers IPC and opens the locked-down window. Every decision lives outside this
// file (app-shell/, runtime/); what is left is wiring Electron's objects to them.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, dialog, session, type BrowserWindow } from 'electron';
import { createQuitGate } from './app-shell/quit-gate';
import { rendererSource } from './app-shell/renderer-source';
import { CONTENT_SECURITY_POLICY, developmentCsp } from './app-shell/security-policy';
import { startupFailure } from './app-shell/startup-failure';
import { updateInstallOf } from './app-shell/update-install';
import { startUpdateService, UPDATE_CONFIG_FILE } from './app-shell/update-service';
import { createUpdateInstaller } from './app-shell/update-restart';
import { createTrustedPage } from './app-shell/trusted-page';
import { createWindowMemory } from './app-shell/window-memory';
import { WindowStateStore } from './app-shell/window-state';
import { createFileLog } from './core/log/file-log';
import { resolveDataDir, resolveLogDir } from './core/storage/data-dir';
import { buildRuntime, type Runtime } from './runtime/build-runtime';
import type { Dispatch } from './ipc/dispatcher';
import { createEmitter, registerIpc } from './electron/ipc';
import { createElectronPlatform } from './electron/platform';
import { createOsMicrophone } from './electron/microphone';
import { createOsProxy } from './electron/os-proxy';
import { createElectronAttention } from './electron/attention';
import { declareAppScheme, serveAppScheme } from './electron/app-protocol';
import { loadAutoUpdater } from './electron/auto-updater';
import { catchMainErrors, watchProcessFailures } from './electron/process-failures';
import { createCrashReporter, keepNativeCrashDumps, packagedCrashUploadUrl } from './electron/crash-report';
import { CRASH_REPORTS_DIR } from './app-shell/crash-report';
import { appNameFor } from './app-shell/app-name';
import { createMainWindow, focusWindow, hardenSession } from './electron/window';
import { webhookPortOf } from './core/events/webhooks/webhook-port';
import { startLogThreadAt } from './electron/log-thread';

const QUIT_TIMEOUT_MS = 5000;
/** quiet time after a move or resize before the window's place is written */
const WINDOW_SAVE_DELAY_MS = 1000;
/** the first update check waits for start-up to settle; then one every few hours */
const UPDATE_FIRST_CHECK_MS = 10_000;
const UPDATE_CHECK_EVERY_MS = 4 * 60 * 60_000;
/** after "Restart to update", how long the installer may take to quit the app before it exits itself */
const UPDATE_INSTALL_STUCK_MS = 30_000;

// `npm start` runs Electron unpackaged from the source tree: it gets the development folder
const build = app.isPackaged ? 'installed' : 'development';
const dataDir = resolveDataDir(process.env, process.platform, homedir(), process.cwd(), build);
const logDir = resolveLogDir(process.env, dataDir, process.platform, homedir(), build);
let runtime: Runtime | null = null;
// Until the core exists no key value is in memory, so there is nothing to scrub yet.
const scrub = (text: string): string => runtime?.core.scrubSecrets(text) ?? text;
const log = createFileLog({ dir: logDir, scrub });
// the failure dialogs offer it; only the person's tick writes one, in the data folder
const saveCrashReport = createCrashReporter({
  dir: join(dataDir, CRASH_REPORTS_DIR),
  logPath: log.path,
  scrub,
  log: (m) => log.write(m),
  uploadUrl: packagedCrashUploadUrl,
});
catchMainErrors({ log: (m) => log.write(m), logPath: log.path, scrub, saveCrashReport });
// before 'ready', or Electron refuses it: the window's page is served from app://, not file://
declareAppScheme();

function failStartup(err: unknown): void {
  const { title, body } = startupFailure(err, log.path);
  log.write(`start-up failed: ${body}`);
  // safe before 'ready' too (on Linux it then prints to stderr)
  dialog.showErrorBox(title, runtime?.core.scrubSecrets(body) ?? body);
  app.exit(1);
}

function start(): void {
  // before ready, so the macOS menu is built with it; before setPath, which then decides userData
  const name = appNameFor(process.platform);
  if (name) app.setName(name);
  // setPath refuses a folder that does not exist yet
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  app.setPath('userData', dataDir);
  app.setAppLogsPath(logDir);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // before ready, so a crash of any process (main, window, GPU) leaves a minidump on this
  // computer; the crash report the person may save names the folder
  keepNativeCrashDumps();

  let win: BrowserWindow | null = null;
  let quitting = false;
  const source = rendererSource({ packaged: app.isPackaged, env: process.env, root: join(__dirname, '../renderer') });
  const page = createTrustedPage(source.url);
  const windowState = new WindowStateStore(dataDir);
  const windowMemory = createWindowMemory({
    // normal bounds: a maximised window reopens maximised over its earlier size, not at screen size
    read: () => (win && !win.isDestroyed() ? { bounds: win.getNormalBounds(), maximized: win.isMaximized() } : null),
    save: (state) => windowState.save(state),
    log: (m) => log.write(m),
    delayMs: WINDOW_SAVE_DELAY_MS,
  });
  /** every way out (closing the window, Quit, Cmd+Q, logging off) remembers where the window was */
  const rememberWindow = (): void => void windowMemory.now();

  // a second launch brings this window forward instead of opening another app
  app.on('second-instance', () => focusWindow(win));
  app.on('web-contents-created', (_event, contents) => {
    // Belt and braces beside the per-window guards: no other window, no webview, anywhere.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
  watchProcessFailures({ getWindow: () => win, log: (m) => log.write(m), quitting: () => quitting, saveCrashReport });

  // The window opens while the runtime is still being built (keychain, database, sandbox): the
  // page shows its own loading state, and its first requests wait here for the runtime.
  let runtimeBuilt!: (r: Runtime) => void;
  let runtimeFailed!: (err: unknown) => void;
  const runtimeReady = new Promise<Runtime>((ok, fail) => {
    runtimeBuilt = ok;
    runtimeFailed = fail;
  });
  // start-up failures are reported by failStartup; a waiting request just gets an answer
  runtimeReady.catch(() => undefined);
  const dispatch: Dispatch = (channel, payload) =>
    runtimeReady.then(
      (r) => r.dispatch(channel, payload),
      () => ({ ok: false, error: { code: 'internal', message: 'CRM Console could not start; see the message on screen.' } }),
    );

  // One clean-up for every way out: a quit (before-quit) and restarting into an update, which
  // must find the app put away before its installer takes over (app-shell/update-restart.ts).
  const quitGate = createQuitGate({
    cleanup: async () => {
      quitting = true;
      // Quit from the menu or Cmd+Q closes no window first: remember it here
      rememberWindow();
      await opened.catch(() => undefined);
      await Promise.all([windowMemory.settled(), runtime?.shutdown()]);
    },
    exit: (code) => app.exit(code),
    timeoutMs: QUIT_TIMEOUT_MS,
    log: (m) => log.write(m),
  });
  const installUpdate = createUpdateInstaller({
    closeDown: () => quitGate.closeDown(),
    releaseSingleInstanceLock: () => app.releaseSingleInstanceLock(),
    exit: (code) => app.exit(code),
    log: (m) => log.write(m),
    stuckAfterMs: UPDATE_INSTALL_STUCK_MS,
  });

  const opened = app.whenReady().then(async () => {
    // the baseline of the packaged start's figures (tests/electron/support/start-marks.ts)
    log.write('electron ready');
    const csp = source.kind === 'dev-server' ? developmentCsp(source.url) : CONTENT_SECURITY_POLICY;
    // one consent, asked by the Send Audio panel before it records and by the permission handler
    const microphone = createOsMicrophone(process.platform, (m) => log.write(m));
    hardenSession(
      session.defaultSession,
      csp,
      () => page.url(),
      async () => (await microphone()).access === 'granted',
    );
    registerIpc(dispatch, () => page.url());
    if (source.kind === 'app') serveAppScheme(source.root, csp);

    win = createMainWindow({
      preload: join(__dirname, '../preload/index.cjs'),
      packaged: app.isPackaged,
      state: await windowState.load(),
      page,
    });
    win.on('close', rememberWindow);
    // Windows log-off / shut-down ends the app without a close or before-quit
    win.on('session-end', rememberWindow);
    // ends nobody announces (a crash, kill -9, power loss) find the place of the last move on disk
    win.on('move', () => windowMemory.soon());
    win.on('resize', () => windowMemory.soon());
    win.on('maximize', () => windowMemory.soon());
    win.on('unmaximize', () => windowMemory.soon());
    win.on('closed', () => {
      win = null;
    });
    const loaded = win.loadURL(source.url);

    // the OS's proxy settings reach the core's requests through the host's services
    const platform = { ...createElectronPlatform(() => win, microphone), resolveProxy: createOsProxy() };
    const deliver = createEmitter(
      () => win?.webContents ?? null,
      (m) => log.write(m),
    );
    // Only an installed package built with an update address updates itself: run from the
    // source tree, or packaged without an address (no app-update.yml beside app.asar), it never asks.
    // Where no publisher can be verified (update-install.ts) it only says a new version is out.
    // (process.resourcesPath exists only in a packaged app)
    const updateConfig = app.isPackaged ? join(process.resourcesPath, UPDATE_CONFIG_FILE) : null;
    const updates =
      updateConfig !== null && existsSync(updateConfig)
        ? startUpdateService({
            load: loadAutoUpdater,
            emit: (state) => deliver('app:update', state),
            log: (m) => log.write(m),
            scrub,
            firstCheckAfterMs: UPDATE_FIRST_CHECK_MS,
            checkEveryMs: UPDATE_CHECK_EVERY_MS,
            installer: installUpdate,
            install: updateInstallOf(process.platform, readFileSync(updateConfig, 'utf8')),
          })
        : undefined;
    try {
      runtime = await buildRuntime({
        dataDir,
        keychainService: process.env.CRM_KEYCHAIN_SERVICE,
        webhookPort: webhookPortOf(process.env),
        // built beside this entry (electron.vite.config.ts)
        requestLogThread: startLogThreadAt(new URL('./request-log-thread.js', import.meta.url)),
        log: (m) => log.write(m),
        host: {
          kind: 'electron',
          version: app.getVersion(),
          services: platform,
          deliver,
          attention: createElectronAttention(() => win),
          ...(updates ? { updates } : {}),
        },
      });
    } catch (err) {
      runtimeFailed(err);
      throw err;
    }
    runtimeBuilt(runtime);
    await loaded;
    // the one line that says the app is up: support reads it, and so does the packaged smoke test
    log.write(`window opened (${app.isPackaged ? 'installed' : 'development'} ${app.getVersion()})`);
  });

  // a service manager, a log-out script or the packaged smoke test ending the app with SIGTERM
  // gets the same orderly quit as the menu's Quit (window place saved, stores flushed)
  process.once('SIGTERM', () => app.quit());

  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', quitGate);
  opened.catch(failStartup);
}

try {
  start();
} catch (err) {
  failStartup(err);
}
