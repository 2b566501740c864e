// The documents on one connection ask SQLite for `data_version` once per turn of the event loop
// between them: a page's reads of the profiles and the keys share one answer. Another process's
// commit (a real process here) shows at the next turn; a commit of another connection of this
// process shows at once, in the same turn.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import { DATABASE_FILE, openDatabase } from '../../../../src-main/core/store/database';
import type { SqliteDatabase } from '../../../../src-main/core/store/sqlite';
import { profileRow } from '../../helpers/meta-rows';
import { tempDir } from '../../helpers/temp-dir';

/** resolves after the current turn's setImmediate callbacks: the next turn of the event loop */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `db` with every run of `PRAGMA data_version` counted */
function countingVersionReads(db: SqliteDatabase): { db: SqliteDatabase; reads: () => number } {
  let reads = 0;
  const counted: SqliteDatabase = {
    prepare: <P extends unknown[] | object = unknown[], R = unknown>(sql: string) => {
      const statement = db.prepare<P, R>(sql);
      if (!/data_version/i.test(sql)) return statement;
      const get = statement.get.bind(statement);
      statement.get = (...params) => {
        reads += 1;
        return get(...params);
      };
      return statement;
    },
    exec: (sql) => db.exec(sql),
    pragma: (source, options) => db.pragma(source, options),
    transaction: (fn) => db.transaction(fn),
    withoutSavepoints: (fn) => db.withoutSavepoints(fn),
    get inTransaction() {
      return db.inTransaction;
    },
    close: () => db.close(),
  };
  return { db: counted, reads: () => reads };
}

/** a profile renamed by another process: a node of its own writing the file with the SQLite module alone */
function renameInAnotherProcess(dir: string, name: string): void {
  const script = `
    const Database = require('libsql');
    const db = new Database(process.env.CRM_DB, { timeout: 5000 });
    db.prepare('UPDATE profiles SET name = ?').run(process.env.CRM_NAME);
    db.close();`;
  const child = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, CRM_DB: join(dir, DATABASE_FILE), CRM_NAME: name },
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
}

async function oneProfile(prefix: string) {
  const dir = await tempDir(prefix);
  const counting = countingVersionReads(openDatabase(dir));
  const meta = createMetaStores(counting.db);
  await meta.profiles.update((doc) => {
    doc.profiles.push({ ...profileRow(1), name: 'Shop' });
  });
  return { dir, meta, db: counting.db, reads: counting.reads };
}

describe("the documents' data_version, once a turn", () => {
  it('the profiles and keys read several times in one turn ask SQLite once; the next turn asks again', async () => {
    const { db, meta, reads } = await oneProfile('crm-turn-version-');
    try {
      await nextTurn();
      const before = reads();
      await meta.profiles.read();
      await meta.keys.read();
      await meta.keys.read();
      await meta.profiles.read();
      expect(reads() - before).toBe(1);
      await nextTurn();
      await meta.keys.read();
      await meta.profiles.read();
      expect(reads() - before).toBe(2);
    } finally {
      db.close();
    }
  });

  it("a change's own version, read under the write lock, serves the reads after it in the turn", async () => {
    const { db, meta, reads } = await oneProfile('crm-turn-version-');
    try {
      await nextTurn();
      const before = reads();
      await meta.keys.update((doc) => {
        doc.valueTags = {};
      });
      expect((await meta.profiles.read()).profiles.map((p) => p.name)).toEqual(['Shop']);
      await meta.keys.read();
      expect(reads() - before).toBe(1);
    } finally {
      db.close();
    }
  });

  it("another process's commit between two turns is seen at the next turn", async () => {
    const { dir, db, meta, reads } = await oneProfile('crm-turn-version-');
    try {
      await nextTurn();
      expect((await meta.profiles.read()).profiles.map((p) => p.name)).toEqual(['Shop']);
      const before = reads();
      // the other process writes while this turn runs (spawnSync holds the turn)
      renameInAnotherProcess(dir, 'Renamed elsewhere');
      await meta.keys.read();
      expect(reads() - before).toBe(0);
      await nextTurn();
      expect((await meta.profiles.read()).profiles.map((p) => p.name)).toEqual(['Renamed elsewhere']);
    } finally {
      db.close();
    }
  });

  it('a commit of another connection of this process is seen at once, in the same turn', async () => {
    const { dir, db, meta } = await oneProfile('crm-turn-version-');
    const other = openDatabase(dir);
    const otherMeta = createMetaStores(other);
    try {
      await nextTurn();
      expect((await meta.profiles.read()).profiles.map((p) => p.name)).toEqual(['Shop']);
      // a plain statement of the other connection (autocommit)
      other.prepare("UPDATE profiles SET name = 'Renamed by a statement'").run();
      expect((await meta.profiles.read()).profiles.map((p) => p.name)).toEqual(['Renamed by a statement']);
      // a change through the other connection's document (a transaction)
      await otherMeta.profiles.update((doc) => {
        doc.profiles[0]!.name = 'Renamed by a document';
      });
      expect((await meta.profiles.read()).profiles.map((p) => p.name)).toEqual(['Renamed by a document']);
    } finally {
      other.close();
      db.close();
    }
  });
});
