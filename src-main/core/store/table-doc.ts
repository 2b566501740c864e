// A document view over rows of crm.db: the services read and change "the profiles" or "the keys"
// as one value, while the database keeps one row per profile or key, shared by every process.
//
// Why this shape: the profile and key rules read the whole set (is this name taken? is this value
// saved twice? which key is active?) and change a few rows. Each change therefore runs inside one
// IMMEDIATE transaction that reads the CURRENT rows (another process may have written a moment
// ago), applies the change and writes back only the rows that differ. Two processes changing
// different rows keep both changes; nothing is rewritten from a stale copy.
//
// Reads are answered from a copy kept while `PRAGMA data_version` (which moves when ANOTHER
// connection commits) and this view's own writes say nothing changed: a send reads its profile
// without parsing every row again. The copy is frozen and handed out as it is, not cloned per
// read (a contacts page reads the profiles twice and the keys once): a reader that tried to
// change it would throw, so changes go through update() only. The documents on a connection ask
// for `data_version` once per turn of the event loop between them (turn-data-version.ts): another
// process's commit shows at the next turn, one of this process at once.
import { CrmError } from '../errors';
import { DatabaseBusyError, isDatabaseBusy } from './busy';
import type { SqliteDatabase } from './sqlite';
import { turnDataVersionOf, type TurnDataVersion } from './turn-data-version';

/** how a document is read from and written to its tables (the table owner supplies it) */
export interface TableCodec<T> {
  load(): T;
  /** writes what differs between `before` and `after` (inside the caller's transaction) */
  save(before: T, after: T): void;
}

/** the read/change surface the services use; the same for any backing */
export interface DocStore<T> {
  read(): Promise<T>;
  /**
   * Applies `mutate` to a copy of the current document and saves what changed, atomically.
   * `mutate` may throw (a CrmError) to refuse the change: nothing is written then.
   */
  update<R>(mutate: (doc: T) => R): Promise<R>;
  /** resolves when every change asked for so far is saved */
  flush(): Promise<void>;
}

export class TableDoc<T> implements DocStore<T> {
  private cached: { version: number; doc: T } | null = null;
  private readonly dataVersion: TurnDataVersion;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly codec: TableCodec<T>,
    /** names the document in an error a person reads ("the profiles") */
    private readonly what: string,
  ) {
    this.dataVersion = turnDataVersionOf(db);
  }

  read(): Promise<T> {
    try {
      return Promise.resolve(this.current());
    } catch (err) {
      return Promise.reject(this.failure('read', err));
    }
  }

  update<R>(mutate: (doc: T) => R): Promise<R> {
    try {
      const change = this.db.transaction((): { doc: T; result: R; version: number } => {
        // read under the write lock, before our commit (which leaves data_version as it is): read
        // after the commit, it could already count another process's later commit, and the
        // copy would pass for current while missing that change
        const version = this.dataVersion.readNow();
        const before = this.codec.load();
        const after = structuredClone(before);
        const result = mutate(after);
        this.codec.save(before, after);
        return { doc: after, result, version };
      });
      const { doc, result, version } = change.immediate();
      // still the connection's version after our commit, which leaves data_version as it is
      this.dataVersion.remember(version);
      this.cached = { version, doc: deepFreeze(doc) };
      return Promise.resolve(result);
    } catch (err) {
      this.cached = null;
      if (err instanceof CrmError) return Promise.reject(err);
      return Promise.reject(this.failure('save', err));
    }
  }

  flush(): Promise<void> {
    // every change is committed before update() resolves
    return Promise.resolve();
  }

  private current(): T {
    const version = this.dataVersion.get();
    if (this.cached && this.cached.version === version) return this.cached.doc;
    const doc = deepFreeze(this.codec.load());
    this.cached = { version, doc };
    return doc;
  }

  private failure(verb: 'read' | 'save', err: unknown): CrmError {
    // another process holds the write lock: the caller says so, and who, rather than "could not save"
    if (isDatabaseBusy(err)) return new DatabaseBusyError();
    const code = (err as { code?: unknown } | null)?.code;
    const why = typeof code === 'string' ? code : err instanceof Error ? err.message : 'unknown error';
    const hint = code === 'SQLITE_FULL' ? ' The disk is full: free some space and try again; nothing saved before was lost.' : '';
    return new CrmError('internal', `Could not ${verb} ${this.what} in crm.db (${why}).${hint}`);
  }
}

/** `value` and everything under it made read-only; returned for chaining */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
