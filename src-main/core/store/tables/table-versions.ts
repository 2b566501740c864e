// Which shared tables another process changed. PRAGMA data_version says only THAT another
// connection committed (a `crm` command logging a request moves it too); a counter per table,
// bumped by triggers inside the writing transaction itself, says WHICH. No writer can forget to
// bump it, and a reader compares a handful of integers.
import type { SqliteDatabase } from '../sqlite';

/** the tables the counters came with (a released migration step: never change this list) */
const FIRST_WATCHED = ['settings', 'profiles', 'saved_keys', 'sent_messages'] as const;
/** tables a later step put under watch (watchTables) */
const LATER_WATCHED = [
  'received_messages',
  'message_states',
  'conversations',
  'message_quotes',
  'message_reactions',
  'canned_responses',
  'media_downloads',
  'template_states',
  'webhook_deliveries',
] as const;

/** the tables whose changes other processes' windows show */
export const WATCHED_TABLES = [...FIRST_WATCHED, ...LATER_WATCHED] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/** the counters and the triggers that move them (a migration step) */
export function createTableVersions(db: SqliteDatabase): void {
  db.exec('CREATE TABLE table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID');
  watchTables(db, FIRST_WATCHED);
}

/** a counter and its triggers for each table (a migration step, after the tables exist) */
export function watchTables(db: SqliteDatabase, tables: readonly WatchedTable[]): void {
  const seed = db.prepare<[string]>('INSERT INTO table_versions (name, version) VALUES (?, 0)');
  for (const table of tables) {
    seed.run(table);
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      // the table names are this module's constants, never input
      db.exec(`
        CREATE TRIGGER ${table}_${event.toLowerCase()}_version AFTER ${event} ON ${table}
        BEGIN UPDATE table_versions SET version = version + 1 WHERE name = '${table}'; END;
      `);
    }
  }
}

export class TableVersions {
  private readonly all;

  constructor(db: SqliteDatabase) {
    this.all = db.prepare<[], { name: string; version: number }>('SELECT name, version FROM table_versions');
  }

  read(): Map<string, number> {
    return new Map(this.all.all().map((row) => [row.name, row.version]));
  }
}

/** the tables whose counter differs between two reads */
export function changedTables(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): Set<WatchedTable> {
  const changed = new Set<WatchedTable>();
  for (const table of WATCHED_TABLES) if (before.get(table) !== after.get(table)) changed.add(table);
  return changed;
}
