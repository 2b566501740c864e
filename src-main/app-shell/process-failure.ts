// What the person is told and what the log keeps when part of the app fails: the window's
// renderer or another Chromium process went away, or main hit an error nothing caught. Text
// that leaves here is scrubbed of key values BEFORE it is cut (docs/ARCHITECTURE.md, rule 1); only main's own
// dialogs show it, never Electron's default one with the raw message and stack.
import type { Scrub } from '../core/log/file-log';

/** Electron's reasons (RenderProcessGoneDetails / child-process-gone Details) */
export interface GoneDetails {
  reason: string;
  exitCode: number;
  /** child processes only: 'GPU', 'Utility', ... */
  type?: string;
  name?: string;
}

export interface GoneReport {
  log: string;
  /** ask the person whether to reload the window */
  offerReload: boolean;
  message: string;
}

const REASONS: Record<string, string> = {
  crashed: 'crashed',
  oom: 'ran out of memory',
  killed: 'was stopped by the system',
  'launch-failed': 'could not start',
  'integrity-failure': 'failed a code integrity check',
  'abnormal-exit': 'ended unexpectedly',
  'memory-eviction': 'was closed to free memory',
};

/**
 * The window's page went away (`renderer`) or another Chromium process did (`child`). A clean exit
 * is only logged. A child other than the GPU process is restarted by Chromium on demand, so it is
 * logged too; a GPU loss can leave the window blank, so a reload is offered as for the renderer.
 */
export function processGone(kind: 'renderer' | 'child', details: GoneDetails): GoneReport {
  const what = kind === 'renderer' ? 'the window' : `a ${details.type ?? 'helper'} process${details.name ? ` (${details.name})` : ''}`;
  const log = `${what} went away: ${details.reason} (exit code ${details.exitCode})`;
  const abnormal = details.reason !== 'clean-exit';
  const offerReload = abnormal && (kind === 'renderer' || details.type === 'GPU');
  const sentence = REASONS[details.reason] ?? `ended (${details.reason})`;
  const message = kind === 'renderer' ? `The window ${sentence}.` : `Part of the window's display ${sentence}.`;
  return { log, offerReload, message };
}

const DIALOG_CHARS = 300;
const BEARER = /\b(bearer\s+)[^\s"',;]{8,}/gi;

export interface MainErrorReport {
  log: string;
  title: string;
  message: string;
  detail: string;
}

/** An error nothing in main caught: the log gets the stack, the dialog one scrubbed line. */
export function mainProcessError(
  kind: 'uncaughtException' | 'unhandledRejection',
  err: unknown,
  logPath: string,
  scrub: Scrub,
): MainErrorReport {
  const text = err instanceof Error ? err.message || err.name : String(err);
  const stack = err instanceof Error && err.stack ? err.stack : text;
  const firstLine = scrub(text.split(/\r?\n/)[0] ?? '').replace(BEARER, '$1***');
  const cut = firstLine.length > DIALOG_CHARS ? `${firstLine.slice(0, DIALOG_CHARS)}…` : firstLine;
  return {
    // the file log scrubs again and keeps it to one line
    log: `main process ${kind}: ${scrub(stack)}`,
    title: 'CRM Console',
    message: 'Something went wrong inside CRM Console.',
    detail:
      `${cut || 'unknown error'}\n\nDetails were written to the log: ${logPath}\nThe app keeps running; if something looks ` +
      `wrong, quit and start it again.`,
  };
}
