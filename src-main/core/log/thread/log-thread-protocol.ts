// What the request log's writing thread (request-log-thread.ts) and the process that owns it
// (thread-row-writer.ts) hand each other. Rows cross scrubbed and cut, as they are stored: no key
// value ever reaches the thread.
import type { RequestLogBounds, RequestLogRow } from '../../store/tables/request-log-table';

/** the thread's start */
export interface LogThreadData {
  /** the data folder whose crm.db the thread opens (already migrated by the owner) */
  dataDir: string;
  bounds: Partial<RequestLogBounds>;
  /** an Int32Array of PROGRESS_SLOTS over it, written by the thread, waited on by the owner */
  progress: SharedArrayBuffer;
}

/** progress[DONE_SEQ]: the last batch committed or given up; progress[CLOSED]: 1 once the thread let the file go */
export const DONE_SEQ = 0;
export const CLOSED = 1;
export const PROGRESS_SLOTS = 2;

export type ToLogThread = { type: 'rows'; seq: number; rows: RequestLogRow[] } | { type: 'close' };

/** a write that failed (the message carries no row content) */
export interface LogThreadProblem {
  type: 'problem';
  message: string;
}
