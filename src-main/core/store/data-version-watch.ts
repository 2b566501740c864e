// How a process learns that ANOTHER process wrote to crm.db: PRAGMA data_version changes on this
// connection whenever another connection committed, and never for this connection's own commits.
// Reading it touches no page, so polling it twice a second costs next to nothing. The timer is
// unref'd: a watch never keeps a `crm` command alive.
import type { SqliteDatabase } from './sqlite';

export const DATA_VERSION_POLL_MS = 500;

export interface DataVersionWatch {
  stop(): void;
}

export function watchDataVersion(
  db: SqliteDatabase,
  onForeignCommit: () => void,
  options: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): DataVersionWatch {
  const read = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seen = read.get();
  const timer = setInterval(() => {
    try {
      const now = read.get();
      if (now === seen) return;
      seen = now;
      onForeignCommit();
    } catch (err) {
      // a closed or busy database: try again at the next tick
      options.onError?.(err);
    }
  }, options.intervalMs ?? DATA_VERSION_POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
