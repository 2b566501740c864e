// Keeps the installed app up to date through an updater (electron-updater's autoUpdater in the
// Electron host): checks shortly after start and then every few hours, downloads in the
// background, and tells the window where it stands (app:update). Installing waits for the
// person's "Restart to update", or happens when the app quits anyway. Plain Node: the updater
// is handed in, so this runs under test without Electron.
import type { UpdateHandle } from '../ipc/handler-types';
import type { UpdateState } from '../shared/ipc-types';
import { manualUpdateMessage, type UpdateInstall } from './update-install';
import { nextUpdateState, updateMessage, type UpdateSignal } from './update-machine';

/**
 * The part of electron-updater's AppUpdater used here, with only the event fields read (its own
 * type satisfies it; one overload per event, as its typed emitter's generic `on` resolves).
 */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void } | null;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (event: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error, message?: string) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateServiceOptions {
  load: () => Promise<AutoUpdaterLike>;
  emit: (state: UpdateState) => void;
  log: (message: string) => void;
  scrub: (text: string) => string;
  firstCheckAfterMs: number;
  checkEveryMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  setRepeat?: (fn: () => void, ms: number) => unknown;
  /**
   * runs the updater's quitAndInstall once the app has made way for the installer (the Electron
   * host: update-restart.ts, after the quit's clean-up and with the single-instance lock
   * released); without it, straight away
   */
  installer?: (quitAndInstall: () => void) => void;
  /**
   * whether this copy installs updates itself (update-install.ts); absent: it does. When it does
   * not, nothing is downloaded or installed: a newer version is only announced, with where to get it.
   */
  install?: UpdateInstall;
}

/** written beside app.asar by the packager when the package is built with an update address (scripts/dist-plan.mjs) */
export const UPDATE_CONFIG_FILE = 'app-update.yml';

const errorText = (err: unknown): string => (err instanceof Error ? err.message || err.name : String(err));

export function startUpdateService(options: UpdateServiceOptions): UpdateHandle {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref());
  const setRepeat = options.setRepeat ?? ((fn, ms) => setInterval(fn, ms).unref());
  let state: UpdateState = { phase: 'idle' };
  let updater: AutoUpdaterLike | null = null;

  const apply = (signal: UpdateSignal): void => {
    const next = nextUpdateState(state, signal, options.scrub);
    if (next === state) return;
    state = next;
    options.emit(state);
  };
  const logLine = (level: string) => (message?: unknown) =>
    options.log(`updater ${level}: ${updateMessage(String(message ?? ''), options.scrub)}`);

  const install = options.install ?? { installs: true };
  const loaded = options.load().then((u) => {
    u.autoDownload = install.installs;
    // an update downloaded but never restarted for is installed when the app quits
    u.autoInstallOnAppQuit = install.installs;
    u.logger = { info: logLine('info'), warn: logLine('warning'), error: logLine('error') };
    u.on('checking-for-update', () => apply({ kind: 'checking' }));
    u.on('update-available', (info) =>
      apply(
        install.installs
          ? { kind: 'available', version: info.version }
          : { kind: 'manual', version: info.version, message: manualUpdateMessage(info.version, install.downloadFrom) },
      ),
    );
    u.on('update-not-available', () => apply({ kind: 'not-available' }));
    u.on('download-progress', (info) => apply({ kind: 'progress', percent: info.percent }));
    u.on('update-downloaded', (event) => apply({ kind: 'downloaded', version: event.version }));
    u.on('error', (err) => apply({ kind: 'error', message: errorText(err) }));
    updater = u;
    return u;
  });
  const check = (): void => {
    loaded
      .then((u) => u.checkForUpdates())
      .catch((err: unknown) => {
        // the 'error' event usually said it already; a failed load did not
        options.log(`update check failed: ${updateMessage(errorText(err), options.scrub)}`);
        apply({ kind: 'error', message: errorText(err) });
      });
  };
  setTimer(check, options.firstCheckAfterMs);
  setRepeat(check, options.checkEveryMs);

  return {
    state: () => state,
    restart() {
      if (state.phase !== 'ready' || updater === null || !install.installs) return false;
      options.log(`restarting to install version ${state.version}`);
      const u = updater;
      const installer = options.installer ?? ((quitAndInstall) => quitAndInstall());
      installer(() => u.quitAndInstall());
      return true;
    },
  };
}
