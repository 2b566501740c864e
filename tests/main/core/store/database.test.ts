// crm.db as each process opens it: created and migrated from an empty folder, a file from a newer
// version refused without a byte changed, and a damaged file set aside for a fresh one.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../../../src-main/core/store/database';
import { DatabaseTooNewError, userVersion } from '../../../../src-main/core/store/migrate';
import { openStore } from '../../../../src-main/core/store/open-store';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { tempDir } from '../../helpers/temp-dir';

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));

function tables(db: Database.Database): string[] {
  return db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
}

describe('opening crm.db', () => {
  it('creates and migrates it in an empty folder: WAL, the latest version, the request log table; opening again changes nothing', async () => {
    const dir = await tempDir('crm-db-');
    const db = openDatabase(dir);
    expect(existsSync(join(dir, DATABASE_FILE))).toBe(true);
    expect(userVersion(db)).toBe(LATEST);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(tables(db)).toContain('request_log');
    db.close();
    const again = openDatabase(dir);
    expect(userVersion(again)).toBe(LATEST);
    again.close();
  });

  it('refuses a file from a newer version of the app and leaves every byte of it as it was', async () => {
    const dir = await tempDir('crm-db-newer-');
    const path = join(dir, DATABASE_FILE);
    const future = new Database(path);
    future.exec("CREATE TABLE things_of_the_future (x TEXT); INSERT INTO things_of_the_future VALUES ('kept')");
    future.pragma(`user_version = ${LATEST + 5}`);
    future.close();
    const before = readFileSync(path);
    const listed = readdirSync(dir).sort();

    expect(() => openDatabase(dir)).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(dir)).toThrow(/written by a newer version of CRM Console.*update the app/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(listed);

    // the core goes on with a private log and says why
    const notices: string[] = [];
    const store = openStore(dir, { onNotice: (m) => notices.push(m) });
    expect(store.shared).toBe(false);
    expect(tables(store.db)).toContain('request_log');
    store.db.close();
    expect(notices.join(' ')).toMatch(/newer version of CRM Console.*update the app/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('sets aside a file that is not a database and starts a fresh one, with a notice', async () => {
    const dir = await tempDir('crm-db-garbage-');
    const garbage = Buffer.from('this is not a database at all\n'.repeat(300));
    writeFileSync(join(dir, DATABASE_FILE), garbage);
    const notices: string[] = [];
    const db = openDatabase(dir, { onNotice: (m) => notices.push(m), now: () => new Date('2026-03-14T09:15:02.123Z') });
    expect(userVersion(db)).toBe(LATEST);
    db.close();
    const aside = join(dir, `${DATABASE_FILE}.broken-20260314T091502Z`);
    expect(readFileSync(aside).equals(garbage)).toBe(true);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(aside);
    expect(notices[0]).toMatch(/damaged.*fresh one/);
  });

  it('sets aside a database whose schema pages are damaged', async () => {
    const dir = await tempDir('crm-db-corrupt-');
    const path = join(dir, DATABASE_FILE);
    const first = openDatabase(dir);
    first.close();
    const bytes = readFileSync(path);
    // keep the 100-byte header (a real SQLite file), scramble the rest of page 1: the schema
    bytes.fill(0xa5, 100, 4096);
    writeFileSync(path, bytes);
    const notices: string[] = [];
    const db = openDatabase(dir, { onNotice: (m) => notices.push(m) });
    expect(tables(db)).toContain('request_log');
    db.close();
    expect(notices).toHaveLength(1);
    expect(readdirSync(dir).filter((n) => n.startsWith(`${DATABASE_FILE}.broken-`))).toHaveLength(1);
  });

  it('never takes a file it cannot open for a damaged one: it stays where it is', async () => {
    const dir = await tempDir('crm-db-cannot-');
    mkdirSync(join(dir, DATABASE_FILE));
    expect(() => openDatabase(dir)).toThrow();
    expect(readdirSync(dir)).toEqual([DATABASE_FILE]);
  });
});
