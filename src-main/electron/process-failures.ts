// When part of the app fails: the window's renderer or a Chromium helper went away (offer to
// reload, log why), or main threw something nothing caught (log it, tell the person in the app's
// own dialog). The wording and the scrubbing live in app-shell/process-failure.ts.
import { app, dialog, type BrowserWindow } from 'electron';
import type { Scrub } from '../core/log/file-log';
import { mainProcessError, processGone, type GoneDetails } from '../app-shell/process-failure';

export interface FailureDeps {
  getWindow: () => BrowserWindow | null;
  log: (message: string) => void;
  /** true once the app is quitting: processes ending then are expected */
  quitting: () => boolean;
}

export function watchProcessFailures(deps: FailureDeps): void {
  let asking = false;
  const offerReload = async (message: string): Promise<void> => {
    const win = deps.getWindow();
    if (asking || !win || win.isDestroyed()) return;
    asking = true;
    try {
      const { response } = await dialog.showMessageBox(win, {
        type: 'error',
        title: 'CRM Console',
        message,
        detail: 'Reload the window to carry on. Saved work and the outbox are kept.',
        buttons: ['Reload', 'Quit'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      });
      if (response === 0 && !win.isDestroyed()) win.webContents.reload();
      else if (response === 1) app.quit();
    } finally {
      asking = false;
    }
  };
  const handle = (kind: 'renderer' | 'child', details: GoneDetails): void => {
    const report = processGone(kind, details);
    deps.log(report.log);
    if (report.offerReload && !deps.quitting()) void offerReload(report.message);
  };
  app.on('render-process-gone', (_event, _contents, details) => handle('renderer', details));
  app.on('child-process-gone', (_event, details) => handle('child', details));
}

export interface MainErrorDeps {
  log: (message: string) => void;
  logPath: string;
  scrub: Scrub;
  /** the process to watch; Node's own unless a test passes one */
  target?: Pick<NodeJS.Process, 'on'>;
}

/**
 * Replaces Electron's default handling (a dialog with the raw message and stack): logged,
 * scrubbed, and shown once at a time; the app keeps running, as it did under the default.
 */
export function catchMainErrors(deps: MainErrorDeps): void {
  let showing = false;
  const report = (kind: 'uncaughtException' | 'unhandledRejection', err: unknown): void => {
    const { log, title, message, detail } = mainProcessError(kind, err, deps.logPath, deps.scrub);
    deps.log(log);
    if (showing) return;
    showing = true;
    if (!app.isReady()) {
      // the only dialog Electron can show before 'ready'
      dialog.showErrorBox(title, `${message}\n\n${detail}`);
      showing = false;
      return;
    }
    void dialog
      .showMessageBox({ type: 'error', title, message, detail, buttons: ['OK'], noLink: true })
      .catch(() => undefined)
      .finally(() => {
        showing = false;
      });
  };
  const target = deps.target ?? process;
  target.on('uncaughtException', (err) => report('uncaughtException', err));
  target.on('unhandledRejection', (reason) => report('unhandledRejection', reason));
}
