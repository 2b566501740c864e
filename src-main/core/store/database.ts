// The one database of the data folder (docs/ARCHITECTURE.md, rule 7): <dataDir>/crm.db, opened
// at once by the Electron main process, the Chromium host and every `crm` command. WAL lets
// readers go on while one process writes; busy_timeout makes a writer wait for another's short
// transaction instead of failing. Each table has one owner module (request-log-table.ts...);
// this file only opens, configures and migrates the file (through the binding in sqlite.ts).
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDamagedDatabase, moveDamagedAside } from './corruption';
import { migrate, refuseNewer } from './migrate';
import { MIGRATIONS } from './schema';
import { SCHEMA_SNAPSHOT, startFromSnapshot } from './schema-snapshot';
import { openSqlite, releaseClosedFiles, type SqliteDatabase } from './sqlite';

export const DATABASE_FILE = 'crm.db';

/**
 * How long a statement waits for another process's write lock before SQLITE_BUSY. Writes are
 * small batches (milliseconds), so this is only reached when a process hangs mid-transaction.
 */
export const BUSY_TIMEOUT_MS = 5000;

export type { SqliteDatabase } from './sqlite';

export interface OpenDatabaseOptions {
  /** a message for the person (a damaged file set aside) */
  onNotice?: (message: string) => void;
  now?: () => Date;
}

/**
 * Opens (creating and migrating as needed) `<dir>/crm.db`. A damaged file is moved aside and a
 * fresh one started, with a notice. Throws DatabaseTooNewError, without writing anything, for a
 * file from a newer version of the app.
 */
export function openDatabase(dir: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const path = join(dir, DATABASE_FILE);
  try {
    return openChecked(path);
  } catch (err) {
    if (!isDamagedDatabase(err)) throw err;
    releaseClosedFiles();
    const aside = moveDamagedAside(path, (options.now ?? (() => new Date()))());
    options.onNotice?.(
      `The database ${DATABASE_FILE} was damaged and has been moved aside to ${aside}; a fresh one was started (the request log starts empty).`,
    );
    return openChecked(path);
  }
}

/**
 * A second connection, in the same process, to a `<dir>/crm.db` this process has already opened
 * with openDatabase (the request log's writing thread): checked and configured like the first,
 * never moved aside when damaged (the first connection decides that) and never created.
 */
export function openOpenedDatabase(dir: string): SqliteDatabase {
  const path = join(dir, DATABASE_FILE);
  if (!existsSync(path)) throw new Error(`${DATABASE_FILE} is not in ${dir}`);
  return openChecked(path);
}

/**
 * a private database (nothing on disk), with the same schema: for a process that must not share
 * one. Empty, it starts from the final schema at once (schema-snapshot.ts) instead of replaying
 * every migration; any migration newer than the snapshot still runs.
 */
export function openMemoryDatabase(): SqliteDatabase {
  const db = openSqlite(':memory:');
  startFromSnapshot(db, SCHEMA_SNAPSHOT);
  migrate(db, MIGRATIONS);
  return db;
}

function openChecked(path: string): SqliteDatabase {
  const created = !existsSync(path);
  if (!created) checkVersionReadOnly(path);
  const db = openSqlite(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    // again on this connection: another process may have created the file meanwhile
    refuseNewer(db, MIGRATIONS);
    configure(db);
    // at every open, not only when created: a copy put back from a backup (sqlite3 .backup,
    // cp) has the mode of whoever made it, often readable by every account
    restrictToOwner(path);
    // the schema pages are read here: damage in them shows now, not at the first request
    db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get();
    migrate(db, MIGRATIONS);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * A newer file is refused through a read-only connection, which can write nothing (not even the
 * checkpoint a last read-write connection makes on close). Reading the header is also where a
 * file that is not a database fails (SQLITE_NOTADB).
 */
function checkVersionReadOnly(path: string): void {
  const reader = openSqlite(path, { readonly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    refuseNewer(reader, MIGRATIONS);
  } finally {
    reader.close();
  }
}

function configure(db: SqliteDatabase): void {
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a crash of the process (kill -9); only a power loss may
  // drop the last commits, never corrupt the file. Right for a log. A later outbox table, whose
  // rows are promises to send exactly once, needs FULL for its transactions (set per connection
  // around them, or a connection of its own).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // after a checkpoint the WAL file is cut back to this size instead of keeping its peak
  db.pragma('journal_size_limit = 4194304');
}

/**
 * The database and its -wal and -shm files readable and writable by this account only. SQLite
 * gives the -wal and -shm it creates the database's mode, but ones left from before (or put back
 * with a copy) keep their own. The folder is private already; this is the second line.
 */
function restrictToOwner(path: string): void {
  if (process.platform === 'win32') return; // Windows has no POSIX modes; the folder's own protection remains
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
    } catch {
      // absent (no -wal yet), or owned by another account: nothing this process may change
    }
  }
}
