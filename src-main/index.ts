// Composition root of the Electron main process: builds the core services, starts the built-in
// sandbox when needed, registers the IPC contract and opens the locked-down window.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, ipcMain, session, type BrowserWindow } from 'electron';
import { bootstrap, type BootstrapResult } from './app-shell/bootstrap';
import { WindowStateStore } from './app-shell/window-state';
import { resolveDataDir } from './cli/data-dir';
import { createCore } from './core/create-core';
import { LIMITS } from './core/limits';
import type { AppInfo } from './ipc/contract';
import { createDispatcher, createHandlers } from './ipc/handlers';
import { wireCoreEvents } from './ipc/core-events';
import { resumeSandbox, startSandbox } from './sandbox/index';
import { createEmitter, registerIpc } from './electron/ipc';
import { createElectronPlatform } from './electron/platform';
import { createMainWindow, hardenSession } from './electron/window';

const dataDir = resolveDataDir(process.env);
app.setPath('userData', dataDir);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  const rendererFile = join(__dirname, '../renderer/index.html');
  const appUrl = (): string => process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(rendererFile).toString();

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

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession);
    const core = await createCore({ dataDir });
    let boot: BootstrapResult = { firstRunNotice: null, sandbox: null };
    try {
      boot = await bootstrap({ dataDir, profiles: core.profiles, keys: core.keys, startSandbox, resumeSandbox });
    } catch (err) {
      console.error('The built-in sandbox could not be started:', err instanceof Error ? err.message : 'unknown error');
    }

    const emit = createEmitter(() => win?.webContents ?? null);
    const platform = createElectronPlatform(() => win);
    const info: AppInfo = {
      version: app.getVersion(),
      platform: process.platform,
      firstRunNotice: boot.firstRunNotice,
      sandbox: boot.sandbox ? { baseUrl: boot.sandbox.baseUrl } : null,
      limits: { imageBytes: LIMITS.imageBytes, documentBytes: LIMITS.documentBytes, audioBytes: LIMITS.audioBytes, textChars: LIMITS.textChars, captionChars: LIMITS.captionChars },
    };
    const handlers = createHandlers({ core, platform, appInfo: () => info, emit });
    const dispatch = createDispatcher(handlers, (channel, err) => {
      console.error(`Unexpected error in ${channel}:`, err instanceof Error ? err.name : 'unknown');
    });
    registerIpc(ipcMain, dispatch, appUrl);
    wireCoreEvents(core, emit);

    const windowState = new WindowStateStore(dataDir);
    const state = await windowState.load();
    win = createMainWindow({ preload: join(__dirname, '../preload/index.cjs'), packaged: app.isPackaged, state, appUrl });
    const saveState = (): void => {
      if (!win || win.isDestroyed()) return;
      void windowState.save({ bounds: win.isMaximized() ? (state.bounds ?? win.getBounds()) : win.getBounds(), maximized: win.isMaximized() });
    };
    win.on('close', saveState);
    win.on('closed', () => {
      win = null;
    });
    if (process.env.ELECTRON_RENDERER_URL) await win.loadURL(process.env.ELECTRON_RENDERER_URL);
    else await win.loadFile(rendererFile);

    app.on('window-all-closed', () => app.quit());
    app.on('before-quit', () => {
      void platform.clipboard.dispose();
      void core.close();
      void boot.sandbox?.close();
    });
  });
}
