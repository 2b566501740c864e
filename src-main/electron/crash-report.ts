// Saving the crash report the person opted into from a failure dialog: written to the data
// folder's crash-reports folder, shown in the file manager, and sent only when the packager
// configured an address AND the person says yes. What goes into it: app-shell/crash-report.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, release } from 'node:os';
import { join } from 'node:path';
import { app, crashReporter, dialog, shell } from 'electron';
import { request } from 'undici';
import type { Scrub } from '../core/log/file-log';
import { crashReportFileName, crashReportText, crashUploadOffer, type CrashIncident } from '../app-shell/crash-report';

/** only the end of the log is read: its last lines are all a report keeps */
const LOG_TAIL_BYTES = 64 * 1024;
const UPLOAD_TIMEOUT_MS = 15_000;

export interface CrashReporterDeps {
  /** the data folder's crash-reports folder */
  dir: string;
  logPath: string;
  scrub: Scrub;
  log: (message: string) => void;
  /** where the packager lets reports be sent (none: they stay here) */
  uploadUrl: () => string | undefined;
  now?: () => Date;
}

export type SaveCrashReport = (incident: CrashIncident) => Promise<string | null>;

/**
 * Native crashes (main, window, GPU, utility processes) write minidumps into Electron's crash
 * dumps folder, app.getPath('crashDumps'), and nothing is uploaded: a dump holds memory, keys
 * included, so it leaves the computer only if the person sends it. Call before 'ready'.
 */
export function keepNativeCrashDumps(): void {
  crashReporter.start({ uploadToServer: false });
}

/** where native crash dumps go; null if Electron cannot say */
function nativeCrashDumpsDir(): string | null {
  try {
    return app.getPath('crashDumps');
  } catch {
    return null;
  }
}

export function createCrashReporter(deps: CrashReporterDeps): SaveCrashReport {
  return async (incident) => {
    const at = (deps.now ?? (() => new Date()))();
    const text = crashReportText({
      incident,
      at,
      recentLog: readTail(deps.logPath),
      nativeDumpsDir: nativeCrashDumpsDir(),
      scrub: deps.scrub,
      environment: {
        appVersion: app.getVersion(),
        build: app.isPackaged ? 'installed' : 'development',
        platform: process.platform,
        osRelease: release(),
        arch: arch(),
        versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
      },
    });
    const path = join(deps.dir, crashReportFileName(at));
    try {
      mkdirSync(deps.dir, { recursive: true, mode: 0o700 });
      writeFileSync(path, text, { mode: 0o600 });
    } catch (err) {
      deps.log(`crash report could not be saved: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
    deps.log(`crash report saved: ${path}`);
    shell.showItemInFolder(path);
    await offerUpload(text, deps);
    return path;
  };
}

async function offerUpload(text: string, deps: CrashReporterDeps): Promise<void> {
  const offer = crashUploadOffer(deps.uploadUrl());
  if (!offer) return;
  const { response } = await dialog.showMessageBox({
    type: 'question',
    title: 'CRM Console',
    ...offer.question,
    buttons: ['Keep it here', 'Send'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  if (response !== 1) return;
  try {
    const answer = await request(offer.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: text,
      headersTimeout: UPLOAD_TIMEOUT_MS,
      bodyTimeout: UPLOAD_TIMEOUT_MS,
    });
    await answer.body.dump();
    deps.log(`crash report sent: HTTP ${answer.statusCode}`);
  } catch (err) {
    deps.log(`crash report could not be sent: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function readTail(path: string): string {
  try {
    const text = readFileSync(path, 'utf8');
    return text.length > LOG_TAIL_BYTES ? text.slice(-LOG_TAIL_BYTES) : text;
  } catch {
    return '';
  }
}

/**
 * The address a packager built in (CRM_CRASH_REPORT_URL at `npm run dist`, written into the
 * packaged package.json as crashReportUrl). Run from the source tree there is none.
 */
export function packagedCrashUploadUrl(): string | undefined {
  if (!app.isPackaged) return undefined;
  try {
    const meta = JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')) as { crashReportUrl?: unknown };
    return typeof meta.crashReportUrl === 'string' ? meta.crashReportUrl : undefined;
  } catch {
    return undefined;
  }
}
