// The owner's side of the request log's writing thread (request-log-thread.ts). The thread starts
// with the first rows, so a process that logs nothing never starts it. A read of the log settles
// first: it waits, blocking, until the thread has committed every batch handed to it, so a list
// always holds every request this process finished, as when the rows were written here. If the
// thread cannot start or dies, the batches it had not confirmed are written on this thread and so
// is every later one: the table ignores a row id it already holds, so none is stored twice.
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { BUSY_TIMEOUT_MS } from '../../store/database';
import type { RequestLogBounds, RequestLogRow } from '../../store/tables/request-log-table';
import type { RequestLogRowWriter } from '../row-writer';
import { CLOSED, DONE_SEQ, PROGRESS_SLOTS, type LogThreadData, type LogThreadProblem, type ToLogThread } from './log-thread-protocol';

/** starts request-log-thread.ts with this data: the host knows where its build put the file */
export type StartLogThread = (data: LogThreadData) => Worker;

export interface ThreadRowWriterOptions {
  start: StartLogThread;
  dataDir: string;
  bounds?: Partial<RequestLogBounds>;
  /** where rows go when the thread cannot take them */
  here: RequestLogRowWriter;
  /** diagnostics (never a key value) */
  report: (message: string) => void;
  /** how long a read waits for the thread at most (it waits out another process's lock); default BUSY_TIMEOUT_MS */
  settleMs?: number;
}

interface Batch {
  seq: number;
  rows: RequestLogRow[];
}

export class ThreadRowWriter implements RequestLogRowWriter {
  private worker: Worker | null = null;
  /** the thread failed or was closed: rows are written here from now on */
  private done = false;
  private posted = 0;
  private readonly progress = new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  /** batches handed over and not yet confirmed, kept to be written here if the thread dies */
  private unconfirmed: Batch[] = [];
  private readonly settleMs: number;

  constructor(private readonly options: ThreadRowWriterOptions) {
    this.settleMs = options.settleMs ?? BUSY_TIMEOUT_MS;
  }

  write(rows: RequestLogRow[]): void {
    const worker = this.done ? null : (this.worker ?? this.startThread());
    if (worker === null) {
      this.options.here.write(rows);
      return;
    }
    this.forgetConfirmed();
    const batch: Batch = { seq: ++this.posted, rows };
    this.unconfirmed.push(batch);
    worker.postMessage({ type: 'rows', seq: batch.seq, rows } satisfies ToLogThread);
  }

  settle(): void {
    if (this.worker === null) return;
    this.waitFor(DONE_SEQ, this.posted);
    this.forgetConfirmed();
  }

  close(): void {
    const worker = this.worker;
    if (worker === null) return;
    this.settle();
    this.worker = null;
    this.done = true;
    worker.postMessage({ type: 'close' } satisfies ToLogThread);
    // the thread closes its connection before the owner closes the file's last one
    this.waitFor(CLOSED, 1);
    void worker.terminate();
  }

  /** blocks until progress[slot] reaches `target` or settleMs passed */
  private waitFor(slot: number, target: number): void {
    const deadline = performance.now() + this.settleMs;
    for (;;) {
      const now = Atomics.load(this.progress, slot);
      const left = deadline - performance.now();
      if (now >= target || left <= 0) return;
      Atomics.wait(this.progress, slot, now, left);
    }
  }

  private forgetConfirmed(): void {
    const done = Atomics.load(this.progress, DONE_SEQ);
    if (this.unconfirmed.length > 0 && this.unconfirmed[0]!.seq <= done) this.unconfirmed = this.unconfirmed.filter((b) => b.seq > done);
  }

  private startThread(): Worker | null {
    try {
      const worker = this.options.start({
        dataDir: this.options.dataDir,
        bounds: this.options.bounds ?? {},
        progress: this.progress.buffer as SharedArrayBuffer,
      });
      // the log never keeps a process alive: close() settles what is queued
      worker.unref();
      worker.on('message', (message: LogThreadProblem) => this.options.report(message.message));
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => {
        if (this.worker === worker) this.fail(new Error(`the request log's thread stopped (exit code ${code})`));
      });
      this.worker = worker;
      return worker;
    } catch (err) {
      this.fail(err);
      return null;
    }
  }

  /** the thread is gone: what it had not confirmed, and everything after, is written here */
  private fail(err: unknown): void {
    if (this.done) return;
    this.done = true;
    const why = err instanceof Error ? err.message : 'unknown error';
    this.options.report(`the request log's thread failed, its rows are written by the process itself: ${why}`);
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) void worker.terminate();
    this.forgetConfirmed();
    const left = this.unconfirmed;
    this.unconfirmed = [];
    for (const batch of left) {
      try {
        this.options.here.write(batch.rows);
      } catch (writeErr) {
        this.options.report(`could not write to the request log: ${writeErr instanceof Error ? writeErr.message : 'unknown error'}`);
      }
    }
  }
}
