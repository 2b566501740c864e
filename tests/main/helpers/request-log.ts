// A request log over a real crm.db in a fresh temp folder (or a given one), for tests that need
// the log without a whole core.
import type { ObservedEntry } from '../../../src-main/core/http/sender';
import { RequestLogService, type RequestLogOptions } from '../../../src-main/core/log/request-log';
import { watchDataVersion } from '../../../src-main/core/store/data-version-watch';
import { openDatabase, type SqliteDatabase } from '../../../src-main/core/store/database';
import { RequestLogTable, type RequestLogBounds } from '../../../src-main/core/store/tables/request-log-table';
import { tempDir } from './temp-dir';

export interface TestRequestLog {
  log: RequestLogService;
  table: RequestLogTable;
  db: SqliteDatabase;
  dir: string;
  close(): void;
}

export async function openTestRequestLog(
  options: Partial<Omit<RequestLogOptions, 'table'>> & { dir?: string; bounds?: Partial<RequestLogBounds>; watchMs?: number } = {},
): Promise<TestRequestLog> {
  const { dir: givenDir, bounds, watchMs, ...logOptions } = options;
  const dir = givenDir ?? (await tempDir('crm-request-log-'));
  const db = openDatabase(dir);
  const table = new RequestLogTable(db, bounds);
  const log = new RequestLogService({
    process: 'window',
    watch: (onForeignWrite) => watchDataVersion(db, onForeignWrite, watchMs === undefined ? {} : { intervalMs: watchMs }),
    ...logOptions,
    table,
  });
  return {
    log,
    table,
    db,
    dir,
    close() {
      log.close();
      db.close();
    },
  };
}

/** the `i`th contacts page fetched from `host`: a 200 in a millisecond */
export function observedContactsPage(i: number, host: string, requestHeaders: Record<string, string> = {}): ObservedEntry {
  const at = new Date().toISOString();
  return {
    id: `r${i}`,
    at,
    host,
    method: 'GET',
    path: `/api/v1/contacts?page=${i}`,
    status: 200,
    durationMs: 1,
    requestHeaders,
    errorCode: null,
    attempt: 1,
  };
}

/** the i-th request of a run of contacts pages, as the sender reports it to the log */
export function pageEntry(i: number): ObservedEntry {
  return observedContactsPage(i, 'crm.example');
}
