// When part of the app fails: the window's renderer or a Chromium helper went away (offer to
// reload, log why), or main threw something nothing caught (log it, tell the person in the app's
// own dialog). The wording and the scrubbing live in app-shell/process-failure.ts. Each dialog
// offers an unticked "Save a crash report": only the person's tick writes one (crash-report.ts).
import { app, dialog, type BrowserWindow } from 'electron';
import type { Scrub } from '../core/log/file-log';
import { SAVE_CRASH_REPORT, type CrashIncident } from '../app-shell/crash-report';
import { mainProcessError, processGone, type GoneDetails } from '../app-shell/process-failure';
import type { SaveCrashReport } from './crash-report';

export interface FailureDeps {
  getWindow: () => BrowserWindow | null;
  log: (message: string) => void;
  /** true once the app is quitting: processes ending then are expected */
  quitting: () => boolean;
  /** writes the crash report the person ticked; absent: the dialog does not offer one */
  saveCrashReport?: SaveCrashReport;
}

/** the dialog's opt-in: unticked, so nothing is written unless the person asks */
function crashReportChoice(save: SaveCrashReport | undefined): { checkboxLabel?: string; checkboxChecked?: boolean } {
  return save ? { checkboxLabel: SAVE_CRASH_REPORT, checkboxChecked: false } : {};
}

async function saveIfTicked(ticked: boolean, save: SaveCrashReport | undefined, incident: CrashIncident): Promise<void> {
  if (ticked && save) await save(incident).catch(() => null);
}

export function watchProcessFailures(deps: FailureDeps): void {
  let asking = false;
  const offerReload = async (message: string, incident: CrashIncident): Promise<void> => {
    const win = deps.getWindow();
    if (asking || !win || win.isDestroyed()) return;
    asking = true;
    try {
      const { response, checkboxChecked } = await dialog.showMessageBox(win, {
        type: 'error',
        title: 'CRM Console',
        message,
        detail: 'Reload the window to carry on. Saved work and the outbox are kept.',
        buttons: ['Reload', 'Quit'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
        ...crashReportChoice(deps.saveCrashReport),
      });
      // saved before reloading or quitting, so a quit does not lose it
      await saveIfTicked(checkboxChecked, deps.saveCrashReport, incident);
      if (response === 0 && !win.isDestroyed()) win.webContents.reload();
      else if (response === 1) app.quit();
    } finally {
      asking = false;
    }
  };
  const handle = (kind: 'renderer' | 'child', details: GoneDetails): void => {
    const report = processGone(kind, details);
    deps.log(report.log);
    if (report.offerReload && !deps.quitting()) void offerReload(report.message, { kind, error: report.log });
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
  /** writes the crash report the person ticked; absent: the dialog does not offer one */
  saveCrashReport?: SaveCrashReport;
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
    // the report is scrubbed as it is written (app-shell/crash-report.ts); the stack stays in memory
    const incident: CrashIncident = { kind, error: err instanceof Error && err.stack ? err.stack : String(err) };
    void dialog
      .showMessageBox({ type: 'error', title, message, detail, buttons: ['OK'], noLink: true, ...crashReportChoice(deps.saveCrashReport) })
      .then(({ checkboxChecked }) => saveIfTicked(checkboxChecked, deps.saveCrashReport, incident))
      .catch(() => undefined)
      .finally(() => {
        showing = false;
      });
  };
  const target = deps.target ?? process;
  target.on('uncaughtException', (err) => report('uncaughtException', err));
  target.on('unhandledRejection', (reason) => report('unhandledRejection', reason));
}
