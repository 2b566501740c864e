// Versioned migrations: PRAGMA user_version is the schema version the file was last migrated
// to. Each step runs once, in order, inside one IMMEDIATE transaction that re-reads the version
// first, so two processes opening an old file at once never both migrate it. A file newer than
// this build knows is refused before anything is written to it: its schema may mean something
// this build would get wrong.
import type { SqliteDatabase as Database } from './sqlite';

export interface Migration {
  /** the user_version the file has once this step ran (1, 2, 3...) */
  version: number;
  /** what the step adds, for diagnostics */
  name: string;
  up(db: Database): void;
}

export class DatabaseTooNewError extends Error {
  readonly code = 'database_too_new';

  constructor(
    readonly fileVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `crm.db was written by a newer version of CRM Console (database version ${fileVersion}; this version knows up to ` +
        `${knownVersion}); update the app. The file was left untouched.`,
    );
    this.name = 'DatabaseTooNewError';
  }
}

export function userVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** throws DatabaseTooNewError when the file's version is beyond `migrations` */
export function refuseNewer(db: Database, migrations: readonly Migration[]): void {
  const found = userVersion(db);
  const known = latestVersion(migrations);
  if (found > known) throw new DatabaseTooNewError(found, known);
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

/** brings the file up to the latest version; returns the steps that ran (none when current) */
export function migrate(db: Database, migrations: readonly Migration[]): string[] {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  // A current file (every start but the first after an update) needs no write lock: a command
  // that only reads must start while another process writes. Read outside the lock, it can only
  // be behind, never ahead of what the transaction below re-reads.
  if (userVersion(db) === latestVersion(ordered)) return [];
  const run = db.transaction((): string[] => {
    // read again inside the write lock: another process may have migrated meanwhile
    const current = userVersion(db);
    const known = latestVersion(ordered);
    if (current > known) throw new DatabaseTooNewError(current, known);
    const ran: string[] = [];
    for (const step of ordered) {
      if (step.version <= current) continue;
      step.up(db);
      // user_version takes no bound parameter; the value is an integer of ours
      db.pragma(`user_version = ${Math.trunc(step.version)}`);
      ran.push(step.name);
    }
    return ran;
  });
  return run.immediate();
}
