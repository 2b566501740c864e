// Timers the events run on, kept together so close() can clear every one: none of them may
// keep the process (or a test run) alive, so each is unref'd, and each forgets itself once run.
export class TimerSet {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly wakers = new Set<() => void>();
  private closed = false;

  after(ms: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** resolves after `ms`, or at once when the set is cleared (the caller then sees `stopped`) */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.wakers.delete(wake);
        resolve();
      }, ms);
      timer.unref();
      const wake = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.timers.add(timer);
      this.wakers.add(wake);
    });
  }

  get stopped(): boolean {
    return this.closed;
  }

  get size(): number {
    return this.timers.size;
  }

  clear(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of this.wakers) wake();
    this.wakers.clear();
  }
}
