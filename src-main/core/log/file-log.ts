// The app's diagnostic log on disk: one line per event, appended synchronously so the last
// lines before a crash are there, scrubbed of key values BEFORE a line is cut, bounded by
// rotating to one older file. Start-up failures point the person here.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Scrub = (text: string) => string;

export interface FileLog {
  /** the current log file, for messages that point the person to it */
  readonly path: string;
  write(message: string): void;
}

const MAX_LINE_CHARS = 2000;
const DEFAULT_MAX_BYTES = 1024 * 1024;
// A bearer credential written into a message by mistake (a header dump, an error echoing the
// request) is cut out even when it is not a key the app knows.
const BEARER = /\b(bearer\s+)[^\s"',;]{8,}/gi;

/** One log line: never more than one line, no credential, at most MAX_LINE_CHARS. */
export function logLine(at: Date, message: string, scrub: Scrub): string {
  const oneLine = message.replace(/[\r\n\u2028\u2029]+/g, ' ⏎ ');
  const clean = scrub(oneLine).replace(BEARER, '$1***');
  const cut = clean.length > MAX_LINE_CHARS ? `${clean.slice(0, MAX_LINE_CHARS)}…` : clean;
  return `${at.toISOString()} ${cut}\n`;
}

export function createFileLog(options: { dir: string; scrub: Scrub; now?: () => Date; maxBytes?: number; name?: string }): FileLog {
  const path = join(options.dir, options.name ?? 'main.log');
  const now = options.now ?? (() => new Date());
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let ready = false;
  let size = -1;
  return {
    path,
    write(message) {
      try {
        if (!ready) {
          mkdirSync(options.dir, { recursive: true, mode: 0o700 });
          ready = true;
        }
        if (size < 0) size = sizeOf(path);
        const line = logLine(now(), message, options.scrub);
        if (size + Buffer.byteLength(line) > maxBytes && size > 0) {
          renameSync(path, `${path}.old`);
          size = 0;
        }
        appendFileSync(path, line, { mode: 0o600 });
        size += Buffer.byteLength(line);
      } catch {
        // A log that cannot be written (full disk, read-only folder) must never stop the app.
      }
    },
  };
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
