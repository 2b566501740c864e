// The schema every migration leaves, as the statements that create it at once. A private database
// (`crm` with CRM_API_KEY opens one per command, in memory) otherwise replays all the migrations,
// each a table created then altered and the search index built: 11 to 14 ms of a start's CPU,
// against about 4 ms for the final statements run in one go. A file on disk still migrates step
// by step (migrate.ts): its rows must follow each step.
//
// schema-snapshot.json is written by `npx tsx scripts/schema-snapshot.ts` from the migrations
// themselves, and tests/main/core/store/schema-snapshot.test.ts fails while it is behind them.
// One left behind (a migration added without writing it again) is still safe: the database
// starts from the snapshot's version and the migrations after it run as they would on a file.
import snapshotFile from './schema-snapshot.json' with { type: 'json' };
import type { SqliteDatabase } from './sqlite';

export interface SchemaSnapshot {
  /** the user_version the statements bring a database to */
  version: number;
  /**
   * the CREATE statements, in the order SQLite recorded them, each cut into pieces of at most
   * PIECE_LENGTH characters (joined with nothing, they are SQLite's text to the letter) so the
   * file keeps to the repository's line length
   */
  statements: string[][];
  /** the rows the migrations write into their own tables (table_versions' first row of each table) */
  rows: SnapshotRows[];
}

/** one table's rows: its column names, then each row's values in that order */
export interface SnapshotRows {
  table: string;
  columns: string[];
  values: SnapshotValue[][];
}

type SnapshotValue = string | number | null;

const PIECE_LENGTH = 100;

/** `text` in pieces: each line ends one (its newline kept), and a longer line is cut every PIECE_LENGTH characters */
function inPieces(text: string): string[] {
  const pieces: string[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    for (let at = 0; at < line.length; at += PIECE_LENGTH) pieces.push(line.slice(at, at + PIECE_LENGTH));
  }
  return pieces;
}

interface SchemaRow {
  name: string;
  sql: string;
}

/**
 * The statements that create `db`'s schema: SQLite's own record of it, without what SQLite makes
 * by itself (sqlite_sequence, the indexes of UNIQUE and PRIMARY KEY constraints) and without the
 * tables a virtual table keeps its data in (created again by its CREATE VIRTUAL TABLE).
 */
export function schemaSnapshotOf(db: SqliteDatabase): SchemaSnapshot {
  const shadows = new Set(tablesOfType(db, 'shadow'));
  const schema = db
    .prepare("SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
    .all() as SchemaRow[];
  const version = db.pragma('user_version', { simple: true }) as number;
  const statements = schema.filter((row) => !shadows.has(row.name)).map((row) => inPieces(row.sql));
  const rows = tablesOfType(db, 'table')
    .filter((table) => !table.startsWith('sqlite_'))
    .map((table) => rowsOf(db, table))
    .filter((table) => table.values.length > 0);
  return { version, statements, rows };
}

/** the main schema's tables of one kind, by name: 'table' (ordinary) or 'shadow' (a virtual table's data) */
function tablesOfType(db: SqliteDatabase, type: 'table' | 'shadow'): string[] {
  return db
    .prepare<[string], string>("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = ? ORDER BY name")
    .pluck()
    .all(type);
}

function rowsOf(db: SqliteDatabase, table: string): SnapshotRows {
  // the name comes from SQLite's own list of tables
  const found = db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
  const columns = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(table);
  const values = found.map((row) =>
    columns.map((column) => {
      const value = row[column];
      if (value === null || typeof value === 'string' || typeof value === 'number') return value;
      throw new Error(`${table}.${column} holds a value a schema snapshot cannot keep (${typeof value})`);
    }),
  );
  return { table, columns, values };
}

/** the snapshot written for this build's migrations (schema-snapshot.json) */
export const SCHEMA_SNAPSHOT: SchemaSnapshot = snapshotFile;

/**
 * Creates the snapshot's schema in `db`, an empty database, and sets its version to the
 * snapshot's, in one transaction: the migrations after that version are left to migrate().
 */
export function startFromSnapshot(db: SqliteDatabase, snapshot: SchemaSnapshot): void {
  db.transaction(() => {
    db.exec(snapshot.statements.map((pieces) => pieces.join('')).join(';\n'));
    for (const { table, columns, values } of snapshot.rows) {
      // the names were read from SQLite's own lists when the snapshot was written
      const insert = db.prepare(
        `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of values) insert.run(...row);
    }
    // user_version takes no bound parameter; the value is an integer of the snapshot's
    db.pragma(`user_version = ${Math.trunc(snapshot.version)}`);
  })();
}
