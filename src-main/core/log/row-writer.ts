// Where the request log's finished rows go: into crm.db on this thread (the default: `crm` runs a
// command or two and exits), or to a thread of their own (thread/thread-row-writer.ts: the
// window's process, which pages through contacts while the rows of the last pages are written).
import type { RequestLogRow, RequestLogTable } from '../store/tables/request-log-table';

export interface RequestLogRowWriter {
  /** writes the rows in one transaction, now or on the writing thread; written now, a refusal throws */
  write(rows: RequestLogRow[]): void;
  /** returns once every row handed to write() is committed (or given up): a read after it sees them */
  settle(): void;
  /** settles, then lets the database go */
  close(): void;
}

export function writeInThisThread(table: RequestLogTable): RequestLogRowWriter {
  return {
    write: (rows) => table.insert(rows),
    settle: () => undefined,
    close: () => undefined,
  };
}
