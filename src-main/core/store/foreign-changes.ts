// Turns another process's commits into "these tables changed", for the services to announce as
// they announce their own changes: the window shows what a `crm` command (or a second window) did
// within a poll of data_version (data-version-watch.ts), without a restart.
import type { SqliteDatabase } from './sqlite';
import { watchDataVersion, type DataVersionWatch } from './data-version-watch';
import { changedTables, TableVersions, type WatchedTable } from './tables/table-versions';

export function watchForeignChanges(
  db: SqliteDatabase,
  onChange: (tables: Set<WatchedTable>) => void,
  options: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): DataVersionWatch {
  const versions = new TableVersions(db);
  let seen = versions.read();
  return watchDataVersion(
    db,
    () => {
      const now = versions.read();
      const changed = changedTables(seen, now);
      seen = now;
      if (changed.size > 0) onChange(changed);
    },
    options,
  );
}
