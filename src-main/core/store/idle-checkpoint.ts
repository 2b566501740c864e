// The WAL's checkpoint (committed pages copied into crm.db, then an fsync) once the process has
// gone quiet, instead of inside whichever commit passes SQLite's threshold. At SQLite's default
// the request log's rows of a run of contacts pages set one off every 150 pages or so, on the
// thread reading the next page: 200 to 250 us of blocked time per page on average, pauses past
// 100 ms on a busy disk (docs/performance.md, "What costs what"). A process that never goes
// quiet still checkpoints inside a commit, at four times SQLite's threshold: the WAL stays bounded.
// Only when: what is committed is durable in the WAL either way (docs/ARCHITECTURE.md, rule 7).
import type { SqliteDatabase } from './sqlite';

/** pages (4 KiB) the WAL may hold before a commit checkpoints it anyway; SQLite's default is 1,000 */
export const WAL_CHECKPOINT_PAGES = 4000;
/** how long after this process's last write the quiet checkpoint runs */
export const IDLE_CHECKPOINT_MS = 1000;

export class IdleCheckpoint {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly idleMs = IDLE_CHECKPOINT_MS,
    /** a checkpoint that failed (another process holding the file busy): the next write tries again */
    private readonly report: (err: unknown) => void = () => undefined,
  ) {
    db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  }

  /** a write was committed: the checkpoint waits for the next quiet moment */
  noteWrite(): void {
    if (this.timer !== null) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => this.run(), this.idleMs);
    // a quiet checkpoint never keeps a process alive: closing the last connection checkpoints too
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    this.timer = null;
    try {
      // PASSIVE: copies what no reader still needs, never waits for another process's lock
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      this.report(err);
    }
  }
}
