// A closing process's last writes (the keys' last use, their metadata, the request log's rows,
// the webhook posts still grouped) each waited for crm.db's write lock up to the busy timeout.
// Behind a process stuck mid-transaction that was 5 s each, one after the other: `crm contacts`
// printed its answer at once and then took more than 10 s to exit. Closing, the waits now share
// one budget of the busy timeout: the first write that finds the lock held spends what it needs
// of it, and the ones after wait only for what is left, then give up as a busy write always has.
// Each still waits a moment at least, so another process's ordinary write (milliseconds) never
// costs a closing one its row.
import type { SqliteDatabase } from './sqlite';

/** the least a closing write waits for the lock, however little of the budget is left */
export const CLOSING_WRITE_MIN_WAIT_MS = 250;

export class ClosingWrites {
  private readonly until: number;

  constructor(
    private readonly db: SqliteDatabase,
    budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.until = now() + budgetMs;
  }

  /** runs the next closing write, the connection waiting for the lock what is left of the budget */
  async next(write: () => unknown): Promise<void> {
    const left = Math.max(CLOSING_WRITE_MIN_WAIT_MS, Math.ceil(this.until - this.now()));
    this.db.pragma(`busy_timeout = ${left}`);
    await write();
  }
}
