// The SQLite binding as the table owners use it: rows and plucked values as better-sqlite3 gave
// them, parameters that would abort the process refused as errors, nested transactions as
// savepoints, read-only connections that cannot write, and paths that are not files refused.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NestedWithoutSavepointFailed, openSqlite, type SqliteDatabase } from '../../../../src-main/core/store/sqlite';
import { tempDir } from '../../helpers/temp-dir';

function memory(): SqliteDatabase {
  const db = openSqlite(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB)');
  return db;
}

const names = (db: SqliteDatabase): string[] => db.prepare<[], string>('SELECT name FROM t ORDER BY id').pluck().all();

/** a transaction that inserts a name, then throws when the name is 'bad' (what it wrote is its own to take back) */
function insertRefusingBad(db: SqliteDatabase): (name: string) => void {
  const insert = db.prepare<[string]>('INSERT INTO t (name) VALUES (?)');
  return db.transaction((name: string) => {
    insert.run(name);
    if (name === 'bad') throw new Error('inner refused');
  });
}

describe('the SQLite binding', () => {
  it('answers rows with their columns only, and plucked statements with the first column in get, all and iterate', () => {
    const db = memory();
    db.prepare('INSERT INTO t (name, data) VALUES (?, ?)').run('ana', Buffer.from('hi'));
    db.prepare('INSERT INTO t (name) VALUES (@name)').run({ name: 'bea' });
    const row = db.prepare<[number], Record<string, unknown>>('SELECT id, name, data FROM t WHERE id = ?').get(1);
    expect(row).toEqual({ id: 1, name: 'ana', data: Buffer.from('hi') });
    expect(Object.keys(row ?? {})).toEqual(['id', 'name', 'data']);
    expect(JSON.stringify(db.prepare('SELECT name FROM t WHERE id = 2').get())).toBe('{"name":"bea"}');
    expect(db.prepare<[], number>('SELECT count(*) FROM t').pluck().get()).toBe(2);
    expect(names(db)).toEqual(['ana', 'bea']);
    expect([...db.prepare<[], string>('SELECT name FROM t ORDER BY id DESC').pluck().iterate()]).toEqual(['bea', 'ana']);
    expect(db.prepare('SELECT name FROM t WHERE id = 99').get()).toBeUndefined();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    db.close();
  });

  it('binds a lone null or a lone Buffer as one value, and refuses a boolean, an object or a Date with an error instead of ending the process', () => {
    const db = memory();
    const echo = db.prepare<[unknown], unknown>('SELECT ? AS v').pluck();
    expect(echo.get(null)).toBeNull();
    expect(echo.get(Buffer.from('ab'))).toEqual(Buffer.from('ab'));
    expect(echo.get(new Uint8Array([1, 2]))).toEqual(Buffer.from([1, 2]));
    expect(() => echo.get(true)).toThrow(TypeError);
    expect(() => echo.get([1])).toThrow(/only numbers, strings, bigints, buffers and null/);
    expect(() => echo.get(new Date())).toThrow(TypeError);
    expect(() => db.prepare('INSERT INTO t (name) VALUES (@name)').run({ name: false })).toThrow(TypeError);
    expect(names(db)).toEqual([]);
    db.close();
  });

  it('compiles a statement at its first run: its SQL error shows there, once per run, and a table created meanwhile is found', () => {
    const db = memory();
    const wrong = db.prepare('SELECT nme FROM t');
    expect(() => wrong.all()).toThrow(/no such column: nme/);
    expect(() => wrong.get()).toThrow(/no such column: nme/);
    const later = db.prepare<[], string>('SELECT label FROM created_after').pluck();
    db.exec("CREATE TABLE created_after (label TEXT); INSERT INTO created_after VALUES ('found')");
    expect(later.get()).toBe('found');
    // plucked once compiled too
    const count = db.prepare<[], number>('SELECT count(*) FROM t');
    expect(count.get()).toEqual({ 'count(*)': 0 });
    expect(count.pluck().get()).toBe(0);
    db.close();
  });

  it('runs a transaction inside another as a savepoint: the inner one can fail alone, the outer one takes both back', () => {
    const db = memory();
    const inner = insertRefusingBad(db);
    const outer = db.transaction((names: string[], failAtEnd: boolean) => {
      for (const name of names) {
        try {
          inner(name);
        } catch {
          // the inner failure is the caller's to handle; what it wrote is gone
        }
      }
      if (failAtEnd) throw new Error('outer refused');
    });
    outer.immediate(['a', 'bad', 'b'], false);
    expect(names(db)).toEqual(['a', 'b']);
    expect(() => outer(['c'], true)).toThrow('outer refused');
    expect(names(db)).toEqual(['a', 'b']);
    expect(db.inTransaction).toBe(false);
    db.close();
  });

  it('runs transactions nested in withoutSavepoints bare, and fails at its end when one of them failed, even one whose caller went on', () => {
    const db = memory();
    const inner = insertRefusingBad(db);
    expect(() => db.withoutSavepoints(() => inner('outside'))).toThrow('inside a transaction');
    db.transaction(() => db.withoutSavepoints(() => ['a', 'b'].forEach((name) => inner(name)))).immediate();
    expect(names(db)).toEqual(['a', 'b']);
    const goesOn = db.transaction(() =>
      db.withoutSavepoints(() => {
        try {
          inner('bad');
        } catch {
          // without a savepoint 'bad' stays written: withoutSavepoints must still refuse the transaction
        }
        inner('c');
      }),
    );
    expect(() => goesOn.immediate()).toThrow(NestedWithoutSavepointFailed);
    expect(names(db)).toEqual(['a', 'b']);
    expect(db.inTransaction).toBe(false);
    // outside withoutSavepoints, nested transactions have their savepoints again
    db.transaction(() => {
      try {
        inner('bad');
      } catch {
        // rolled back alone
      }
      inner('d');
    }).immediate();
    expect(names(db)).toEqual(['a', 'b', 'd']);
    db.close();
  });

  it('a closed connection is in no transaction, and a transaction begun on it fails as an error (the native side would abort the process)', () => {
    const db = memory();
    const write = db.transaction(() => db.prepare("INSERT INTO t (name) VALUES ('late')").run());
    db.close();
    expect(db.inTransaction).toBe(false);
    expect(() => write.immediate()).toThrow('not open');
    db.close();
  });

  it('a statement of a closed connection neither reads nor writes: the binding would go on with the file until the statement is collected', () => {
    const db = memory();
    const insert = db.prepare<[string]>('INSERT INTO t (name) VALUES (?)');
    const count = db.prepare<[], number>('SELECT count(*) FROM t').pluck();
    insert.run('before');
    db.close();
    expect(() => insert.run('after')).toThrow('The database connection is not open');
    expect(() => count.get()).toThrow('not open');
    expect(() => count.all()).toThrow('not open');
    expect(() => [...count.iterate()]).toThrow('not open');
  });

  it('a loop that stops reading early leaves no read open: the connection still writes after another one commits', async () => {
    const path = join(await tempDir('crm-sqlite-'), 'shared.db');
    const first = openSqlite(path, { timeout: 1000 });
    first.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const second = openSqlite(path, { timeout: 1000 });
    try {
      // libsql fetches 100 rows at a time: stopping at the first of 300 leaves the statement mid-result
      first.transaction(() => {
        for (let i = 0; i < 300; i += 1) first.prepare('INSERT INTO t (name) VALUES (?)').run(`n${i}`);
      })();
      for (const name of first.prepare<[], string>('SELECT name FROM t ORDER BY id').pluck().iterate()) {
        expect(name).toBe('n0');
        break;
      }
      second.prepare('INSERT INTO t (name) VALUES (?)').run('from the second');
      first.transaction(() => first.prepare('INSERT INTO t (name) VALUES (?)').run('from the first')).immediate();
      expect(names(first).slice(-2)).toEqual(['from the second', 'from the first']);
    } finally {
      second.close();
      first.close();
    }
  });

  it('opens a file read-only without being able to write it, and does not create one that is missing', async () => {
    const dir = await tempDir('crm-sqlite-ro-');
    // characters a file URI must escape
    const path = join(dir, 'a b%c#d.db');
    const writer = openSqlite(path);
    writer.exec("CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('kept')");
    writer.close();
    const reader = openSqlite(path, { readonly: true });
    expect(reader.prepare('SELECT name FROM t').pluck().get()).toBe('kept');
    expect(() => reader.exec("INSERT INTO t VALUES ('no')")).toThrow(/readonly/i);
    reader.close();
    const missing = join(dir, 'missing.db');
    expect(() => openSqlite(missing, { readonly: true })).toThrow(expect.objectContaining({ code: 'SQLITE_CANTOPEN' }));
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses a folder where a database file should be, as a file it cannot open (not a damaged one)', async () => {
    const dir = await tempDir('crm-sqlite-dir-');
    mkdirSync(join(dir, 'crm.db'));
    for (const readonly of [false, true]) {
      expect(() => openSqlite(join(dir, 'crm.db'), { readonly })).toThrow(expect.objectContaining({ code: 'SQLITE_CANTOPEN' }));
    }
  });
});
