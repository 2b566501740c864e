// The database as the core opens it. A crm.db from a newer version of the app is left untouched
// and the process goes on with a private, in-memory database instead: the person is told to
// update, and nothing this version writes can damage what the newer one keeps there.
import { DatabaseTooNewError } from './migrate';
import { openDatabase, openMemoryDatabase, type OpenDatabaseOptions, type SqliteDatabase } from './database';

export interface OpenedStore {
  db: SqliteDatabase;
  /** false: crm.db was refused and this process keeps its state in memory only */
  shared: boolean;
}

export function openStore(dir: string, options: OpenDatabaseOptions = {}): OpenedStore {
  try {
    return { db: openDatabase(dir, options), shared: true };
  } catch (err) {
    if (!(err instanceof DatabaseTooNewError)) throw err;
    options.onNotice?.(
      `${err.message} Until then this version keeps its profiles, keys and request log in memory only, and they are lost when it closes.`,
    );
    return { db: openMemoryDatabase(), shared: false };
  }
}
