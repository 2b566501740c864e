// Group commit: writes asked for at about the same time go into ONE transaction, and each is
// answered only once that transaction has committed. A commit is what a stream of small writes
// waits on (the lock, the WAL append, the triggers' counters, the checkpoints), so sharing it is
// how a listener keeps up with a service posting thousands of events a second.
// A group's writes first run one after the other with no savepoint between them (a savepoint's
// statements cost about a tenth of a stored event). When one of them throws, the group's
// transaction is rolled back whole and its writes run again, each in a savepoint of its own: the
// one that throws is rolled back alone and fails alone, the others of its group commit. When the
// group's own transaction fails (another process held the lock past the busy wait, the disk
// refused the commit), each write is tried again alone, in a transaction of its own, so no write
// is lost or failed for another's sake. A write may therefore run more than once before its
// commit: only its last run's writes are on disk, and it must do nothing else that cannot be run
// again.
import { NestedWithoutSavepointFailed, type SqliteDatabase } from './sqlite';

/** how long the first write of a group waits for others to join it */
export const GROUP_WINDOW_MS = 2;
/** a group holds at most this many writes; more wait for the next */
export const GROUP_LIMIT = 256;
/**
 * how long a write that rides with the next group (writeWithNext) waits for one at most: under a
 * stream the next post comes sooner, and the write shares its commit instead of paying its own
 */
export const WITH_NEXT_MS = 25;
/**
 * how long a write with the next group is held before it looks for one: a listener's inspector
 * rows are batched by their caller until their write runs (write-batch.ts), so held this long a
 * batch holds the rows of several groups' posts, and its pages (the table's, its indexes') are
 * appended to the WAL once for all of them instead of once per group
 */
export const HOLD_MS = 100;

interface Pending<T> {
  work: () => T;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  windowMs?: number;
  /** WITH_NEXT_MS */
  withNextMs?: number;
  /** HOLD_MS; 0: a write with the next group looks for one at once */
  holdMs?: number;
  limit?: number;
  /** told of each group written (its size), for a log or a test */
  onGroup?: (size: number) => void;
  /** wraps the writes of a group inside its transaction (tidying done once per group: ConversationTables.trimmingOnceAfter) */
  around?: <T>(writes: () => T) => T;
}

export class GroupCommit {
  private queue: Pending<unknown>[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** when the timer fires (performance.now()) */
  private timerDue = 0;
  /** writes with the next group during their hold (writeWithNext) */
  private held: Pending<unknown>[] = [];
  private holdTimer: NodeJS.Timeout | null = null;
  private readonly windowMs: number;
  private readonly withNextMs: number;
  private readonly holdMs: number;
  private readonly limit: number;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: GroupCommitOptions = {},
  ) {
    this.windowMs = options.windowMs ?? GROUP_WINDOW_MS;
    this.withNextMs = options.withNextMs ?? WITH_NEXT_MS;
    this.holdMs = options.holdMs ?? HOLD_MS;
    this.limit = options.limit ?? GROUP_LIMIT;
  }

  /** runs `work` (synchronous SQLite writes) in the next group; resolves once that group committed */
  write<T>(work: () => T): Promise<T> {
    return this.queued(work, this.windowMs);
  }

  /**
   * runs `work`, after HOLD_MS, in the group the next write() starts, or in one of its own when
   * none starts within WITH_NEXT_MS: for what may come a moment later (a post's inspector row,
   * written after its answer). drain() ends the hold at once.
   */
  writeWithNext<T>(work: () => T): Promise<T> {
    if (this.holdMs <= 0) return this.queued(work, this.withNextMs);
    return new Promise<T>((resolve, reject) => {
      this.held.push({ work, resolve, reject } as Pending<unknown>);
      this.holdTimer ??= setTimeout(() => this.releaseHeld(), this.holdMs);
    });
  }

  private queued<T>(work: () => T, waitMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => this.enqueue({ work, resolve, reject } as Pending<unknown>, waitMs));
  }

  private enqueue(pending: Pending<unknown>, waitMs: number): void {
    this.queue.push(pending);
    if (this.queue.length >= this.limit) this.flushNow();
    else this.flushWithin(waitMs);
  }

  /** the held writes look for their group now */
  private releaseHeld(): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    for (const pending of this.held.splice(0)) this.enqueue(pending, this.withNextMs);
  }

  /** the group is written at the latest in `waitMs`: a write never waits longer than it asked, nor moves a group later */
  private flushWithin(waitMs: number): void {
    const due = performance.now() + waitMs;
    if (this.timer !== null && this.timerDue <= due) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => this.flushNow(), waitMs);
  }

  /** writes what is queued now (close calls it so nothing waits on a timer) */
  flushNow(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, this.limit);
      this.writeGroup(group);
    }
  }

  /**
   * writes what is queued or held, and what the answers to it queue in turn (a post's inspector
   * row, write-batch.ts), until nothing is left: close waits for it before the file closes
   */
  async drain(): Promise<void> {
    do {
      this.releaseHeld();
      this.flushNow();
      // the writes just answered run their continuations (microtasks) before this resumes
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.queue.length > 0 || this.held.length > 0);
  }

  private writeGroup(group: Pending<unknown>[]): void {
    let outcomes: Outcome[];
    const around = this.options.around ?? (<T>(writes: () => T): T => writes());
    const aWriteFailed = { value: false };
    try {
      outcomes = this.db.transaction(() => around(() => this.db.withoutSavepoints(() => this.allOrNone(group, aWriteFailed)))).immediate();
    } catch (err) {
      // a write threw (or failed a transaction of its own and went on): its partial writes went back with the group's
      const redo = aWriteFailed.value || err instanceof NestedWithoutSavepointFailed;
      outcomes = redo ? this.oneByOne(group, around) : group.map((pending) => this.alone(pending.work));
    }
    this.options.onGroup?.(group.length);
    group.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }

  /** every write of the group, with no savepoint: the first that throws takes the whole transaction back (marked in `failed`) */
  private allOrNone(group: Pending<unknown>[], failed: { value: boolean }): Outcome[] {
    return group.map((pending) => {
      // as in inSavepoint: SQLite may have rolled the transaction back under a write that went on
      if (!this.db.inTransaction) throw new Error('the group transaction was rolled back');
      try {
        return { ok: true, value: pending.work() };
      } catch (err) {
        failed.value = true;
        throw err;
      }
    });
  }

  /** the group again after one of its writes threw: each in a savepoint, so that one fails alone */
  private oneByOne(group: Pending<unknown>[], around: <T>(writes: () => T) => T): Outcome[] {
    try {
      return this.db.transaction(() => around(() => group.map((pending) => this.inSavepoint(pending.work)))).immediate();
    } catch {
      // the group's transaction itself failed: nothing of it is on disk, so each goes alone
      return group.map((pending) => this.alone(pending.work));
    }
  }

  private inSavepoint(work: () => unknown): Outcome {
    // SQLite rolls the whole transaction back on some errors (a full disk): what follows would
    // run outside it, so the group stops here and each of its writes goes alone
    if (!this.db.inTransaction) throw new Error('the group transaction was rolled back');
    try {
      // inside the group's transaction, a transaction is a savepoint (sqlite.ts)
      return { ok: true, value: this.db.transaction(work)() };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private alone(work: () => unknown): Outcome {
    try {
      return { ok: true, value: this.db.transaction(work).immediate() };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
