// Items queued while a write is pending go to disk together, in ONE write: a listener's inspector
// rows, many a millisecond, each written alone paid a savepoint and a trim of the table. The write
// is handed to the group commit (group-commit.ts), so a batch shares the next group's transaction
// and commit. Each item's promise settles with its own result once its batch committed.
/** runs synchronous writes durably, resolving after their commit (GroupCommit.write) */
export type DurableWrite = <T>(work: () => T) => Promise<T>;

interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class WriteBatch<T, R> {
  private queue: Queued<T, R>[] = [];
  private writing = 0;
  private settledWaiters: (() => void)[] = [];

  constructor(
    private readonly write: DurableWrite,
    /** writes a batch's items (synchronous SQLite writes), one result per item in order */
    private readonly writeAll: (items: T[]) => R[],
  ) {}

  /** resolves with the item's result once its batch committed; rejects when the batch failed */
  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // the first of a batch asks for the write; the others ride with it until it runs
      if (this.queue.length === 1) this.writeQueued();
    });
  }

  /** whether items wait for their batch or a batch is being written */
  get busy(): boolean {
    return this.queue.length > 0 || this.writing > 0;
  }

  /** resolves once nothing is queued or being written */
  settled(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private writeQueued(): void {
    this.writing += 1;
    let batch: Queued<T, R>[] | null = null;
    // taken when the write runs (what queued until then goes with it), and once only: a group
    // commit whose transaction failed runs its writes again, each alone
    const take = (): Queued<T, R>[] => (batch ??= this.queue.splice(0));
    void this.write(() => this.writeAll(take().map((queued) => queued.item)))
      .then(
        (results) => take().forEach((queued, i) => queued.resolve(results[i]!)),
        (err: unknown) => take().forEach((queued) => queued.reject(err)),
      )
      .finally(() => {
        this.writing -= 1;
        if (!this.busy) for (const done of this.settledWaiters.splice(0)) done();
      });
  }
}
