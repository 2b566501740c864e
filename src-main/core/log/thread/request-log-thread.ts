// The request log's writing thread: the rows of finished requests are committed here, on a
// connection of its own, so that the process's own thread goes on with the next request instead
// of spending the insert and the commit (most of a contacts page's row: docs/performance.md,
// "The request log's rows written on a thread of their own"). Batches are written in the order
// they came; a batch the database is too busy for is tried again, the ones after it wait.
import { parentPort, workerData } from 'node:worker_threads';
import { isDatabaseBusy } from '../../store/busy';
import { openOpenedDatabase } from '../../store/database';
import { IdleCheckpoint } from '../../store/idle-checkpoint';
import { RequestLogTable, type RequestLogRow } from '../../store/tables/request-log-table';
import { CLOSED, DONE_SEQ, type LogThreadData, type LogThreadProblem, type ToLogThread } from './log-thread-protocol';

const RETRY_MS = 250;
/** rows waiting at most while the database refuses them; past it the oldest batches are given up */
const MAX_WAITING_ROWS = 10_000;

interface Batch {
  seq: number;
  rows: RequestLogRow[];
}

function run(port: NonNullable<typeof parentPort>, data: LogThreadData): void {
  const progress = new Int32Array(data.progress);
  const db = openOpenedDatabase(data.dataDir);
  const table = new RequestLogTable(db, data.bounds);
  const checkpoint = new IdleCheckpoint(db, undefined, (err) => report('could not checkpoint the database', err));
  const queue: Batch[] = [];
  let waitingRows = 0;
  let retry: NodeJS.Timeout | null = null;
  let lastProblem = '';

  function report(what: string, err: unknown): void {
    const message = `${what}: ${err instanceof Error ? err.message : 'unknown error'}`;
    if (message === lastProblem) return;
    lastProblem = message;
    port.postMessage({ type: 'problem', message } satisfies LogThreadProblem);
  }

  function finish(batch: Batch): void {
    waitingRows -= batch.rows.length;
    Atomics.store(progress, DONE_SEQ, batch.seq);
    Atomics.notify(progress, DONE_SEQ);
  }

  /** writes the queue in order; false when the database was busy and the rest waits */
  function drain(): boolean {
    while (queue.length > 0) {
      const batch = queue[0]!;
      try {
        table.insert(batch.rows);
        checkpoint.noteWrite();
      } catch (err) {
        report('could not write to the request log', err);
        if (isDatabaseBusy(err)) return false;
      }
      queue.shift();
      finish(batch);
    }
    return true;
  }

  function drainOrRetry(): void {
    if (drain() || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      drainOrRetry();
    }, RETRY_MS);
  }

  port.on('message', (message: ToLogThread) => {
    if (message.type === 'rows') {
      queue.push({ seq: message.seq, rows: message.rows });
      waitingRows += message.rows.length;
      while (waitingRows > MAX_WAITING_ROWS && queue.length > 1) finish(queue.shift()!);
      if (retry === null) drainOrRetry();
      return;
    }
    // closing: the queue is tried once more, then the file is let go
    if (retry !== null) clearTimeout(retry);
    drain();
    checkpoint.stop();
    db.close();
    Atomics.store(progress, CLOSED, 1);
    Atomics.notify(progress, CLOSED);
    port.close();
  });
}

if (parentPort === null) throw new Error('request-log-thread runs as a worker thread');
run(parentPort, workerData as LogThreadData);
