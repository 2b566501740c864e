// The private, in-memory database (`crm` with CRM_API_KEY) starts from schema-snapshot.json
// instead of replaying the migrations: it must be the database the migrations make, to the
// letter of each schema entry and to the row of each table (the search index's own tables too),
// and a snapshot left behind by a newer migration must still end there.
import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../../../src-main/core/store/database';
import { migrate, userVersion, type Migration } from '../../../../src-main/core/store/migrate';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { SCHEMA_SNAPSHOT, schemaSnapshotOf, startFromSnapshot } from '../../../../src-main/core/store/schema-snapshot';
import { openSqlite, type SqliteDatabase } from '../../../../src-main/core/store/sqlite';

const opened: SqliteDatabase[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function emptyDatabase(): SqliteDatabase {
  const db = openSqlite(':memory:');
  opened.push(db);
  return db;
}

/** an empty database taken through `migrations` one step after the other, as a file is */
function migratedStepByStep(migrations: readonly Migration[]): SqliteDatabase {
  const db = emptyDatabase();
  migrate(db, migrations);
  return db;
}

/** everything SQLite records of the schema, and every row of every table, shadow tables included */
function contentsOf(db: SqliteDatabase): { version: number; schema: unknown[]; rows: Record<string, unknown[]> } {
  const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all();
  const tables = db
    .prepare<[], string>("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'shadow') ORDER BY name")
    .pluck()
    .all();
  // the names come from SQLite's own list; some tables have no rowid, so rows are put in order here
  const rowsOf = (name: string): unknown[] =>
    db
      .prepare(`SELECT * FROM "${name}"`)
      .all()
      .map((row) => ({ row, key: JSON.stringify(row) }))
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ row }) => row);
  const rows = Object.fromEntries(tables.map((name) => [name, rowsOf(name)]));
  return { version: userVersion(db), schema, rows };
}

describe('the schema snapshot', () => {
  it('is the schema the migrations make now (after adding one, run `npx tsx scripts/schema-snapshot.ts`)', () => {
    expect(SCHEMA_SNAPSHOT).toEqual(schemaSnapshotOf(migratedStepByStep(MIGRATIONS)));
  });

  it('gives the in-memory database the schema, version and rows of one migrated step by step', () => {
    const fromSnapshot = openMemoryDatabase();
    opened.push(fromSnapshot);
    const expected = contentsOf(migratedStepByStep(MIGRATIONS));
    expect(expected.schema.length).toBeGreaterThan(50);
    expect(Object.keys(expected.rows)).toContain('received_messages_search_config');
    expect(contentsOf(fromSnapshot)).toEqual(expected);
  });

  it('left behind by newer migrations, still ends at the latest schema: the migrations after it run', () => {
    const older = MIGRATIONS.filter((m) => m.version <= 10);
    const oldSnapshot = schemaSnapshotOf(migratedStepByStep(older));
    expect(oldSnapshot.version).toBe(10);
    const db = emptyDatabase();
    startFromSnapshot(db, oldSnapshot);
    expect(userVersion(db)).toBe(10);
    migrate(db, MIGRATIONS);
    expect(contentsOf(db)).toEqual(contentsOf(migratedStepByStep(MIGRATIONS)));
  });

  it('a failing statement leaves the database empty and at version 0', () => {
    const db = emptyDatabase();
    const broken = { version: 3, statements: [['CREATE TABLE kept_only_if_all_pass (a)'], ['CREATE TABLE broken (']], rows: [] };
    expect(() => startFromSnapshot(db, broken)).toThrow();
    expect(userVersion(db)).toBe(0);
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'kept_only_if_all_pass'").pluck().get()).toBe(0);
  });
});
