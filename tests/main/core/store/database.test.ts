// crm.db as each process opens it: created and migrated from an empty folder, a file from a newer
// version refused without a byte changed, and a damaged file set aside for a fresh one.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../../../src-main/core/store/database';
import { DatabaseTooNewError, userVersion } from '../../../../src-main/core/store/migrate';
import { openStore } from '../../../../src-main/core/store/open-store';
import { ProfilesCodec } from '../../../../src-main/core/store/tables/profiles-table';
import { RequestLogTable } from '../../../../src-main/core/store/tables/request-log-table';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { SentMessagesTable } from '../../../../src-main/core/store/tables/sent-messages-table';
import { openSqlite, type SqliteDatabase } from '../../../../src-main/core/store/sqlite';
import { tempDir } from '../../helpers/temp-dir';

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));
/** a data folder's crm.db as version 0.1.0 left it (written through better-sqlite3 by its crm: a profile, a key, a send) */
const OLDER_FILE = new URL('../../../fixtures/databases/crm-0.1.0-better-sqlite3.db', import.meta.url);

function tables(db: SqliteDatabase): string[] {
  return db
    .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all();
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

  it('opens a file an earlier version wrote through its own SQLite module, with its profile, send and request log, and goes on writing it', async () => {
    const dir = await tempDir('crm-db-older-');
    copyFileSync(OLDER_FILE, join(dir, DATABASE_FILE));
    const db = openDatabase(dir);
    expect(userVersion(db)).toBe(LATEST);
    expect(new ProfilesCodec(db).load().profiles.map((p) => [p.name, p.baseUrl])).toEqual([['Shop', 'http://127.0.0.1:4799']]);
    const sent = new SentMessagesTable(db);
    expect((await sent.read()).map((r) => [r.number, r.text])).toEqual([['5511990001234', 'Olá from the fixture']]);
    const log = new RequestLogTable(db);
    expect(log.newest(10).map((e) => e.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/v1\/contacts/)]));
    await sent.append({ ...(await sent.read())[0]!, id: sent.newId(), text: 'written after the update' });
    db.close();
    const again = openDatabase(dir);
    expect((await new SentMessagesTable(again).read()).map((r) => r.text)).toEqual(['Olá from the fixture', 'written after the update']);
    again.close();
  });

  it('refuses a file from a newer version of the app and leaves every byte of it as it was', async () => {
    const dir = await tempDir('crm-db-newer-');
    const path = join(dir, DATABASE_FILE);
    const future = openSqlite(path);
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
    // the schema's pages into the file itself: pages in the write-ahead log would stand in for
    // the damaged ones (as they do for any reader), and a closed connection's log stays until exit
    first.pragma('wal_checkpoint(TRUNCATE)');
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
    // one database set aside (its write-ahead log goes beside it when there is one)
    expect(readdirSync(dir).filter((n) => n.startsWith(`${DATABASE_FILE}.broken-`) && !n.endsWith('-wal'))).toHaveLength(1);
  });

  it('never takes a file it cannot open for a damaged one: it stays where it is', async () => {
    const dir = await tempDir('crm-db-cannot-');
    mkdirSync(join(dir, DATABASE_FILE));
    expect(() => openDatabase(dir)).toThrow();
    expect(readdirSync(dir)).toEqual([DATABASE_FILE]);
  });
});
