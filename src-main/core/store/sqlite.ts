// The SQLite binding crm.db is opened with, and the one file that names it.
//
// Why libsql: it is an N-API module (napi-rs) with a prebuilt file per platform in the npm
// registry (@libsql/linux-x64-gnu, @libsql/darwin-arm64, @libsql/win32-x64-msvc...). N-API has
// no per-runtime ABI, so the one node_modules loads in Node 20+ (tests, `crm`, the Chromium host)
// and in the Electron the app ships, with no download at start-up and no rebuild in place. A
// better-sqlite3 build targets one runtime's ABI: Node's build cannot load in Electron, and an
// Electron build (made with Electron's headers) cannot load in Node.
//
// Its API follows better-sqlite3's, which the table owners are written against, with differences
// this file absorbs so that they read as before:
// - get() adds a `_metadata` key to each row, and pluck() plucks in all() but not in get():
//   a plucked statement reads raw rows here and takes their first column;
// - there is no readonly option: a read-only connection opens a `file:` URI with mode=ro;
// - a lone argument that is an object is taken for named parameters, and a boolean or a lone
//   Buffer makes the native side panic, which aborts the whole process: parameters are checked
//   here and always handed over as one array or one plain object;
// - transactions do not nest: a nested one is a SAVEPOINT here, as better-sqlite3 does;
// - a file that cannot be opened fails with an untyped "ConnectionFailed" (code SQLITE_CANTOPEN
//   here), and a folder opened read-only passes for a damaged file (SQLITE_NOTADB), so a path
//   that is not a file is refused before the binding sees it;
// - close() lets go of the file only once every statement of the connection is garbage
//   collected (see releaseClosedFiles);
// - inTransaction on a closed connection makes the native side panic (the process aborts): a
//   closed connection answers false here, and a transaction begun on it fails as exec() does;
// - iterate() stopped early leaves the statement mid-result, holding a read snapshot that makes
//   this connection's next write fail once another connection commits: it is read to the end here;
// - a statement of a closed connection goes on reading and writing the file (the connection
//   lives on until its statements are collected): here it fails, as better-sqlite3's did, so a
//   late write after close is an error its caller sees, never a write nobody expected.
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Libsql from 'libsql';

export interface SqliteRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqliteStatement<P extends unknown[] = unknown[], R = unknown> {
  get(...params: P): R | undefined;
  all(...params: P): R[];
  iterate(...params: P): IterableIterator<R>;
  run(...params: P): SqliteRunResult;
  /** answers with the first column's value instead of a row object */
  pluck(): this;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as better-sqlite3's own typing: any function may be wrapped
type AnyFunction = (...args: any[]) => any;

export interface SqliteTransaction<F extends AnyFunction> {
  (...args: Parameters<F>): ReturnType<F>;
  deferred(...args: Parameters<F>): ReturnType<F>;
  immediate(...args: Parameters<F>): ReturnType<F>;
  exclusive(...args: Parameters<F>): ReturnType<F>;
}

export interface SqliteDatabase {
  prepare<P extends unknown[] | object = unknown[], R = unknown>(sql: string): SqliteStatement<P extends unknown[] ? P : [P], R>;
  exec(sql: string): void;
  /** `PRAGMA <source>`: its rows, or with `simple` the first column of the first row */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** `fn` inside BEGIN…COMMIT (ROLLBACK when it throws); inside another transaction, a savepoint */
  transaction<F extends AnyFunction>(fn: F): SqliteTransaction<F>;
  /**
   * runs `fn` inside the open transaction with the transactions nested in it run without their
   * savepoints (a savepoint's statements cost a group commit a tenth of a stored event): throws,
   * after `fn` returns, when one of them failed, so the caller rolls the whole transaction back
   * (its partial writes were not) and does its work again with savepoints (group-commit.ts)
   */
  withoutSavepoints<T>(fn: () => T): T;
  readonly inTransaction: boolean;
  close(): void;
}

export interface OpenSqliteOptions {
  /** milliseconds a statement waits for another connection's lock before SQLITE_BUSY */
  timeout?: number;
  /** opens an existing file that this connection can never write (fails when there is none) */
  readonly?: boolean;
}

type Bindable = null | undefined | number | bigint | string | Uint8Array;
type NativeStatement = Libsql.Statement<unknown[]>;

/** an error that says why, with SQLite's code, as the table owners and corruption.ts read it */
class CannotOpenError extends Error {
  readonly code = 'SQLITE_CANTOPEN';
}

export function openSqlite(path: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  if (path === ':memory:') return new Connection(new Libsql(path, { timeout: options.timeout ?? 0 }));
  const kind = statSync(path, { throwIfNoEntry: false });
  if (kind && !kind.isFile()) throw new CannotOpenError(`cannot open ${path}: it is not a file`);
  const location = options.readonly ? `${pathToFileURL(path).href}?mode=ro` : path;
  try {
    return new Connection(new Libsql(location, { timeout: options.timeout ?? 0 }));
  } catch (err) {
    if (typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code !== '') throw err;
    throw new CannotOpenError(`cannot open ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Lets go of the files of connections already closed. A closed connection keeps its file open
 * until its statements are garbage collected, and Windows refuses to rename a file that is open:
 * the one place that renames crm.db (setting a damaged file aside) calls this first. A collection
 * forced on that rare path, never on a request's.
 */
export function releaseClosedFiles(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // a runtime without the flag: the rename then says why it failed
  }
}

function isBindable(value: unknown): value is Bindable {
  const type = typeof value;
  return (
    value === null || value === undefined || type === 'number' || type === 'bigint' || type === 'string' || value instanceof Uint8Array
  );
}

function refuse(value: unknown): never {
  throw new TypeError(`SQLite can bind only numbers, strings, bigints, buffers and null, not ${value === null ? 'null' : typeof value}`);
}

/** a plain object of named parameters ({ name: 'Ana' }), not a Date, Buffer, array or class instance */
function isNamed(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** the statement's parameters as the native side takes them safely: one array, or one plain object */
function bound(params: unknown[]): unknown[] | Record<string, unknown> {
  if (params.length === 1 && isNamed(params[0])) {
    for (const value of Object.values(params[0])) if (!isBindable(value)) refuse(value);
    return params[0];
  }
  for (const value of params) if (!isBindable(value)) refuse(value);
  return params;
}

/**
 * The rest of a result a loop stopped reading. libsql's iterator has no return(): a statement
 * left mid-result keeps this connection's read snapshot open, and once another connection
 * commits, every write of this one fails with SQLITE_BUSY_SNAPSHOT until that statement runs again.
 */
function readToEnd(rows: Iterator<unknown>): void {
  try {
    while (rows.next().done !== true);
  } catch {
    // the connection closed or failed meanwhile: nothing is left open to release
  }
}

/**
 * Writes and commits made by any connection of this process so far: a reader that kept a
 * connection's data_version for the turn (turn-data-version.ts) asks again once this moved, since
 * data_version tells one connection of another's commits only when it is asked.
 */
let localCommits = 0;

/** how many writes and commits this process's connections have made (it only grows) */
export function localCommitCount(): number {
  return localCommits;
}

const notOpen = (): never => {
  throw new TypeError('The database connection is not open');
};

class Statement<P extends unknown[], R> implements SqliteStatement<P, R> {
  private plucked = false;
  private compiled: NativeStatement | undefined;

  constructor(
    private readonly sql: string,
    private readonly connection: Libsql.Database,
  ) {}

  /**
   * SQLite compiles the statement when it first runs, not when it is prepared: opening the core
   * prepares every table's statements (about 130), and a command runs a few of them (`crm
   * contacts` about 10), so each start compiled a hundred it never used. An error in the SQL
   * therefore shows at the statement's first run, not when its table opens.
   */
  private get native(): NativeStatement {
    if (this.compiled === undefined) {
      this.compiled = this.connection.prepare(this.sql) as NativeStatement;
      if (this.plucked) this.compiled.raw(true);
    }
    return this.compiled;
  }

  pluck(): this {
    this.plucked = true;
    this.compiled?.raw(true);
    return this;
  }

  get(...params: P): R | undefined {
    if (!this.connection.open) notOpen();
    const row = this.native.get(bound(params)) as Record<string, unknown> | unknown[] | undefined;
    if (row === undefined) return undefined;
    if (this.plucked) return (row as unknown[])[0] as R;
    // the last key added, so V8 keeps the row's fast shape when it goes
    delete (row as Record<string, unknown>)._metadata;
    return row as R;
  }

  all(...params: P): R[] {
    if (!this.connection.open) notOpen();
    const rows = this.native.all(bound(params));
    return (this.plucked ? rows.map((row) => (row as unknown[])[0]) : rows) as R[];
  }

  *iterate(...params: P): IterableIterator<R> {
    if (!this.connection.open) notOpen();
    const rows = this.native.iterate(bound(params));
    let finished = false;
    try {
      for (const row of rows) yield (this.plucked ? (row as unknown[])[0] : row) as R;
      finished = true;
    } finally {
      if (!finished) readToEnd(rows);
    }
  }

  run(...params: P): SqliteRunResult {
    if (!this.connection.open) notOpen();
    try {
      const { changes, lastInsertRowid } = this.native.run(bound(params)) as SqliteRunResult;
      return { changes, lastInsertRowid };
    } finally {
      localCommits += 1;
    }
  }
}

/** a transaction nested in withoutSavepoints failed: its partial writes are in the open transaction, which must be rolled back */
export class NestedWithoutSavepointFailed extends Error {
  constructor() {
    super('a nested transaction failed without a savepoint to roll it back');
    this.name = 'NestedWithoutSavepointFailed';
  }
}

class Connection implements SqliteDatabase {
  private savepoints = 0;
  /** inside withoutSavepoints: nested transactions run bare, and a failure of one is noted here */
  private flat: { failed: boolean } | null = null;

  constructor(private readonly native: Libsql.Database) {}

  get inTransaction(): boolean {
    return this.native.open && this.native.inTransaction;
  }

  prepare<P extends unknown[] | object = unknown[], R = unknown>(sql: string): SqliteStatement<P extends unknown[] ? P : [P], R> {
    return new Statement<P extends unknown[] ? P : [P], R>(sql, this.native);
  }

  exec(sql: string): void {
    try {
      this.native.exec(sql);
    } finally {
      localCommits += 1;
    }
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const statement = this.prepare(`PRAGMA ${source}`);
    return options.simple ? statement.pluck().get() : statement.all();
  }

  transaction<F extends AnyFunction>(fn: F): SqliteTransaction<F> {
    const wrap =
      (mode: string) =>
      (...args: Parameters<F>): ReturnType<F> =>
        this.inTransaction ? this.nested(fn, args) : this.inTransactionOf(mode, fn, args);
    return Object.assign(wrap(''), { deferred: wrap('DEFERRED'), immediate: wrap('IMMEDIATE'), exclusive: wrap('EXCLUSIVE') });
  }

  withoutSavepoints<T>(fn: () => T): T {
    if (!this.inTransaction) throw new Error('withoutSavepoints runs inside a transaction');
    const outer = this.flat;
    const flat = { failed: false };
    this.flat = flat;
    try {
      const result = fn();
      if (flat.failed) throw new NestedWithoutSavepointFailed();
      return result;
    } finally {
      this.flat = outer;
      if (outer !== null && flat.failed) outer.failed = true;
    }
  }

  close(): void {
    if (this.native.open) this.native.close();
  }

  private nested<F extends AnyFunction>(fn: F, args: Parameters<F>): ReturnType<F> {
    const flat = this.flat;
    if (flat === null) return this.inSavepoint(fn, args);
    try {
      return fn(...args) as ReturnType<F>;
    } catch (err) {
      // a caller may catch this and go on: the whole transaction is rolled back all the same
      flat.failed = true;
      throw err;
    }
  }

  private inTransactionOf<F extends AnyFunction>(mode: string, fn: F, args: Parameters<F>): ReturnType<F> {
    this.native.exec(`BEGIN ${mode}`);
    let result: ReturnType<F>;
    try {
      result = fn(...args) as ReturnType<F>;
    } catch (err) {
      // a failed COMMIT or an error SQLite already rolled back for leaves no transaction open
      if (this.inTransaction) this.native.exec('ROLLBACK');
      throw err;
    }
    try {
      this.native.exec('COMMIT');
    } catch (err) {
      if (this.inTransaction) this.native.exec('ROLLBACK');
      throw err;
    } finally {
      localCommits += 1;
    }
    return result;
  }

  private inSavepoint<F extends AnyFunction>(fn: F, args: Parameters<F>): ReturnType<F> {
    const name = `nested_${(this.savepoints += 1)}`;
    this.native.exec(`SAVEPOINT ${name}`);
    try {
      const result = fn(...args) as ReturnType<F>;
      this.native.exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      if (this.inTransaction) this.native.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw err;
    } finally {
      this.savepoints -= 1;
    }
  }
}
