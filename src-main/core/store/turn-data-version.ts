// A connection's `PRAGMA data_version`, read at most once per turn of the event loop and shared
// by every document on that connection (table-doc.ts). A contacts page reads the keys twice and
// the profiles once, each read asking SQLite whether another connection committed (a read
// transaction of its own, about 8 us); one answer serves them all until the turn ends.
//
// What it keeps:
// - another process's commit is seen at the next turn at the latest: the answer is forgotten in
//   the event loop's check phase (setImmediate), after the I/O callbacks of the turn that read it
//   and the microtasks they queued;
// - a commit made in this process, on any connection, is seen at once: every commit moves the
//   process's commit count (sqlite.ts), and an answer read before the count moved is read again.
//   That covers two cores of one process on one data folder (tests, the window with a `crm`
//   command run in the same process), which a plain per-turn answer would leave a turn behind;
// - a document's own change reads the version under the write lock (table-doc.ts) and leaves it
//   here for the rest of the turn, so the next read asks nothing.
import { localCommitCount, type SqliteDatabase, type SqliteStatement } from './sqlite';

// taken when the module loads: a test's fake timers must never keep a turn from ending
const atTurnEnd = setImmediate;

export class TurnDataVersion {
  private value = 0;
  /** the process's commit count when `value` was read; -1 once the turn that read it ended */
  private readAtCommit = -1;
  private endScheduled = false;
  private readonly statement: SqliteStatement<[], number>;
  private readonly endTurn = (): void => {
    this.endScheduled = false;
    this.readAtCommit = -1;
  };

  constructor(db: SqliteDatabase) {
    this.statement = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /** the connection's data_version: asked of SQLite once a turn, and again after any commit of this process */
  get(): number {
    const commits = localCommitCount();
    if (this.readAtCommit === commits) return this.value;
    return this.remember(this.readNow(), commits);
  }

  /** asks SQLite now, ignoring this turn's answer (a change reads it under the write lock) */
  readNow(): number {
    return this.statement.get() as number;
  }

  /** `value`, read just now with no commit of another connection possible since, answers for the rest of the turn */
  remember(value: number, commits = localCommitCount()): number {
    this.value = value;
    this.readAtCommit = commits;
    if (!this.endScheduled) {
      this.endScheduled = true;
      // unref'd: a turn's end to mark never keeps a `crm` command alive
      atTurnEnd(this.endTurn).unref();
    }
    return value;
  }
}

const perConnection = new WeakMap<SqliteDatabase, TurnDataVersion>();

/** the one per-turn data_version of `db`, shared by every document on it */
export function turnDataVersionOf(db: SqliteDatabase): TurnDataVersion {
  let version = perConnection.get(db);
  if (version === undefined) {
    version = new TurnDataVersion(db);
    perConnection.set(db, version);
  }
  return version;
}
