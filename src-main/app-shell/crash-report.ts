// An opt-in crash report the person saves from the app's own failure dialog: what goes into it
// and whether sending it anywhere may even be offered. Plain data in, text out, so every word
// of it is tested without Electron. Every line is scrubbed of key values BEFORE it is cut
// (docs/ARCHITECTURE.md, rule 1): the error and the log lines may echo a request that carried a key.
import type { Scrub } from '../core/log/file-log';

/** the label of the dialog's opt-in checkbox */
export const SAVE_CRASH_REPORT = 'Save a crash report';

/** the folder inside the data folder that holds saved reports */
export const CRASH_REPORTS_DIR = 'crash-reports';

/** how many of the log's last lines go into a report: enough to see what led up to it */
export const RECENT_LOG_LINES = 60;

const MAX_LINE_CHARS = 2000;
// A bearer credential that is not a key the app knows (a header dump echoed in an error).
const BEARER = /\b(bearer\s+)[^\s"',;]{8,}/gi;

export type CrashKind = 'uncaughtException' | 'unhandledRejection' | 'renderer' | 'child';

export interface CrashIncident {
  kind: CrashKind;
  /** the error's stack or message, or the gone process's reason; scrubbed here */
  error: string;
}

export interface CrashEnvironment {
  appVersion: string;
  /** installed or development */
  build: string;
  platform: string;
  osRelease: string;
  arch: string;
  /** process.versions' electron, chrome and node */
  versions: { electron?: string | undefined; chrome?: string | undefined; node?: string | undefined };
}

const KIND_TITLES: Record<CrashKind, string> = {
  uncaughtException: 'An error nothing in the main process caught',
  unhandledRejection: 'A promise rejection nothing in the main process handled',
  renderer: "The window's page went away",
  child: 'A helper process of the window went away',
};

function clean(line: string, scrub: Scrub): string {
  const scrubbed = scrub(line).replace(BEARER, '$1***');
  return scrubbed.length > MAX_LINE_CHARS ? `${scrubbed.slice(0, MAX_LINE_CHARS)}…` : scrubbed;
}

/** The last `count` non-empty lines of the log text (the file log writes one event a line). */
export function recentLines(logText: string, count = RECENT_LOG_LINES): string[] {
  return logText
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(-count);
}

/** The report's text: plain, readable by the person before they pass it on to anyone. */
export function crashReportText(options: {
  incident: CrashIncident;
  environment: CrashEnvironment;
  at: Date;
  recentLog: string;
  scrub: Scrub;
  /** Electron's crash dumps folder, where a native crash left its minidump (null: unknown) */
  nativeDumpsDir?: string | null;
}): string {
  const { incident, environment: env, at, scrub } = options;
  const dumps = options.nativeDumpsDir
    ? [
        `Native crash dumps (a crash of the app itself or its window) are kept on this computer in: ${options.nativeDumpsDir}`,
        'They are not part of this report and hold memory contents: share one only with someone you trust.',
      ]
    : [];
  const error = incident.error.split(/\r?\n/).map((l) => clean(l, scrub));
  const log = recentLines(options.recentLog).map((l) => clean(l, scrub));
  return [
    'CRM Console crash report',
    `Written: ${at.toISOString()}`,
    'Saved on this computer only; it holds no API key or secret (they are cut out as it is written).',
    '',
    `App: ${env.appVersion} (${env.build})`,
    `OS: ${env.platform} ${env.osRelease} (${env.arch})`,
    `Electron: ${env.versions.electron ?? 'unknown'}, Chrome: ${env.versions.chrome ?? 'unknown'}, Node: ${env.versions.node ?? 'unknown'}`,
    ...(dumps.length > 0 ? ['', ...dumps] : []),
    '',
    `What happened: ${KIND_TITLES[incident.kind]}`,
    ...error,
    '',
    `The log's last ${log.length} lines:`,
    ...log,
    '',
  ].join('\n');
}

/** crash-2026-11-26T17-30-05-123Z.txt: sorts by time, and is a valid file name on every OS */
export function crashReportFileName(at: Date): string {
  return `crash-${at.toISOString().replace(/[:.]/g, '-')}.txt`;
}

export interface UploadOffer {
  url: string;
  question: { message: string; detail: string };
}

/**
 * Whether the person may be offered to send a saved report, and to where. Only a packager sets
 * an address (CRM_CRASH_REPORT_URL at build time); none, or one that is not https (plain http
 * only to this computer) or carries a password, means the report stays on this computer. Even
 * then nothing is sent before the person says yes.
 */
export function crashUploadOffer(configured: string | undefined | null): UploadOffer | null {
  const raw = configured?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password) return null;
  return {
    url: url.toString(),
    question: {
      message: `Send this crash report to ${url.host}?`,
      detail:
        'It is the file just shown: versions, the error and the last lines of the log, with keys and secrets cut out. Nothing is sent unless you choose Send.',
    },
  };
}
