// The ONE owner of the request_log table: every process on the data folder appends the requests
// it made; the window lists them all. Rows arrive scrubbed (request-log.ts): no key value is ever
// written here. Bounded by count, by age and by the characters of bodies kept: the oldest rows go
// first, and past the body budget the oldest rows keep their line but lose their bodies
// ("released"), as the in-memory log did. Pruning runs on every Nth insert, not on each.
import type { KeptDetail } from '../../log/log-detail';
import type { LogProcess, LoggedBody, LoggedSend, RequestLogDetail, RequestLogEntry, RequestTiming } from '../../model';
import type { SqliteDatabase } from '../sqlite';

export interface RequestLogBounds {
  /** rows kept at most, across every process */
  maxEntries: number;
  /** rows older than this many days (by their start time) are removed */
  maxDays: number;
  /** characters of bodies, cURLs and send fields kept at most; past it the oldest rows are released */
  bodyChars: number;
  /** prune once per this many inserts of this process (and once when the table opens) */
  pruneEvery: number;
}

export const DEFAULT_REQUEST_LOG_BOUNDS: RequestLogBounds = {
  maxEntries: 10_000,
  maxDays: 7,
  bodyChars: 32 * 1024 * 1024,
  // A trim deletes the oldest rows from four b-trees (the rows, the random-id index and two small
  // ones) and sums the held bodies: per row it costs a third of an insert when done 100 rows at a
  // time, about two thirds of that when done 1,000 at a time (the id index's pages are dirtied
  // once per trim, not once per row), and the sum is paid ten times less often. The table may
  // hold 10% more rows than maxEntries between two trims.
  pruneEvery: 1_000,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** one row to append: the entry, its kept detail (null: recorded without one) and who wrote it */
export interface RequestLogRow {
  entry: RequestLogEntry;
  detail: KeptDetail | null;
  /** the writing log's own token, so a process can tell others' rows from its own */
  writer: string;
  /** characters of bodies, cURL and send fields in `detail` (weightOf) */
  bodyChars: number;
}

/** a row read back with its place in the table */
export interface StoredEntry {
  seq: number;
  writer: string;
  entry: RequestLogEntry;
}

/** Version 1 of the table. Small columns first: a scan reading them never walks a body's overflow pages. */
export function createRequestLogTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE request_log (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      at TEXT NOT NULL,
      at_ms INTEGER NOT NULL,
      process TEXT NOT NULL,
      writer TEXT NOT NULL,
      body_chars INTEGER NOT NULL DEFAULT 0,
      released INTEGER NOT NULL DEFAULT 0,
      host TEXT NOT NULL,
      endpoint TEXT,
      method TEXT NOT NULL,
      status INTEGER,
      duration_ms REAL NOT NULL,
      error_code TEXT,
      attempt INTEGER NOT NULL,
      path TEXT NOT NULL,
      request_headers TEXT NOT NULL,
      status_text TEXT,
      response_headers TEXT,
      bodies TEXT
    );
    CREATE INDEX request_log_age ON request_log (at_ms);
    -- the rows still holding bodies, oldest first, with their weight: the budget's sum and
    -- its release walk read this small index, never the bodies
    CREATE INDEX request_log_held ON request_log (seq, body_chars) WHERE body_chars > 0;
  `);
}

/**
 * Version 2: which profile each request was for. Rows written before it have none: the window
 * shows them without a profile rather than guess one.
 */
export function addRequestLogProfile(db: SqliteDatabase): void {
  db.exec('ALTER TABLE request_log ADD COLUMN profile_id TEXT');
}

/**
 * Version 3: where each request's time went (DNS, connect, TLS, first byte), as JSON: numbers
 * only, read with the row. Rows written before it have none: the window says it was not measured.
 */
export function addRequestLogTiming(db: SqliteDatabase): void {
  db.exec('ALTER TABLE request_log ADD COLUMN timing TEXT');
}

/**
 * Version 20: the response body's text in a column of its own, as it is. Inside the `bodies`
 * JSON it was escaped a second time (a contacts page is 20 KB of JSON, every quote escaped again)
 * on each insert and parsed back on each read: the row cost about 89 us of CPU that way against
 * 51 in a column of its own (docs/performance.md, "The contacts page as the product runs it").
 * `bodies` keeps the rest, the response body's kind, type and cut without its text. Rows written
 * before it keep the text inside `bodies` and read as before.
 */
export function addRequestLogResponseBody(db: SqliteDatabase): void {
  db.exec('ALTER TABLE request_log ADD COLUMN response_body TEXT');
}

const ENTRY_COLUMNS =
  'seq, id, at, process, writer, host, endpoint, profile_id, method, path, status, duration_ms, error_code, attempt, request_headers, timing';

interface EntryRow {
  seq: number;
  id: string;
  at: string;
  process: string;
  writer: string;
  host: string;
  endpoint: string | null;
  profile_id: string | null;
  method: string;
  path: string;
  status: number | null;
  duration_ms: number;
  error_code: string | null;
  attempt: number;
  request_headers: string;
  timing: string | null;
}

interface DetailRow extends EntryRow {
  status_text: string | null;
  response_headers: string | null;
  bodies: string | null;
  response_body: string | null;
  released: number;
}

/** the response body as `bodies` holds it: without its text since version 20 (response_body has it), with it before */
type StoredResponseBody = Omit<LoggedBody, 'text'> & { text?: string };

interface StoredBodies {
  requestBody: LoggedBody | null;
  responseBody: StoredResponseBody | null;
  curl: string | null;
  sent: LoggedSend | null;
}

interface DetailBodies {
  requestBody: LoggedBody | null;
  responseBody: LoggedBody | null;
  curl: string | null;
  sent: LoggedSend | null;
}

const NO_BODIES: DetailBodies = { requestBody: null, responseBody: null, curl: null, sent: null };

export class RequestLogTable {
  readonly bounds: RequestLogBounds;
  private insertsSincePrune = 0;
  private readonly statements;
  private readonly insertBatch: (rows: RequestLogRow[]) => void;

  constructor(
    private readonly db: SqliteDatabase,
    bounds: Partial<RequestLogBounds> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.bounds = { ...DEFAULT_REQUEST_LOG_BOUNDS, ...bounds };
    this.statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO request_log (id, at, at_ms, process, writer, body_chars, released, host, endpoint, profile_id, method,
           status, duration_ms, error_code, attempt, path, request_headers, timing, status_text, response_headers, bodies, response_body)
         VALUES (@id, @at, @at_ms, @process, @writer, @body_chars, @released, @host, @endpoint, @profile_id, @method,
           @status, @duration_ms, @error_code, @attempt, @path, @request_headers, @timing, @status_text, @response_headers, @bodies,
           @response_body)`,
      ),
      newest: db.prepare<[number], EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM request_log ORDER BY seq DESC LIMIT ?`),
      after: db.prepare<[number, number], EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM request_log WHERE seq > ? ORDER BY seq DESC LIMIT ?`),
      lastSeq: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM request_log').pluck(),
      detail: db.prepare<[string], DetailRow>(
        `SELECT ${ENTRY_COLUMNS}, status_text, response_headers, bodies, response_body, released FROM request_log WHERE id = ?`,
      ),
      count: db.prepare<[], number>('SELECT count(*) FROM request_log').pluck(),
      held: db.prepare<[], number>('SELECT coalesce(sum(body_chars), 0) FROM request_log WHERE body_chars > 0').pluck(),
      heldOldestFirst: db.prepare<[], { seq: number; body_chars: number }>(
        'SELECT seq, body_chars FROM request_log WHERE body_chars > 0 ORDER BY seq',
      ),
      release: db.prepare<[number]>(
        'UPDATE request_log SET bodies = NULL, response_body = NULL, body_chars = 0, released = 1 WHERE body_chars > 0 AND seq <= ?',
      ),
      pruneAge: db.prepare<[number]>('DELETE FROM request_log WHERE at_ms < ?'),
      // seq only grows and rows leave from the oldest end, so the newest N are the seqs above
      // max - N (a gap can only make it keep fewer). An OFFSET walk would read every kept row's
      // pages instead: ten times slower at 10,000 rows with bodies.
      pruneCount: db.prepare<[number]>('DELETE FROM request_log WHERE seq <= (SELECT max(seq) FROM request_log) - ?'),
      clear: db.prepare('DELETE FROM request_log'),
      // is any bound passed? (read without the write lock: see prune)
      overBounds: db
        .prepare<[number, number, number], number>(
          `SELECT EXISTS (SELECT 1 FROM request_log WHERE at_ms < ?)
             OR (SELECT coalesce(max(seq) - min(seq), 0) FROM request_log) >= ?
             OR (SELECT coalesce(sum(body_chars), 0) FROM request_log WHERE body_chars > 0) > ?`,
        )
        .pluck(),
    };
    // IMMEDIATE: take the write lock at BEGIN, so a reader turned writer never meets SQLITE_BUSY
    // mid-transaction (busy_timeout only helps a transaction that has not read yet)
    const batch = db.transaction((rows: RequestLogRow[]) => {
      for (const row of rows) this.statements.insert.run(toColumns(row));
      this.insertsSincePrune += rows.length;
      if (this.insertsSincePrune >= this.bounds.pruneEvery) this.pruneNow();
    });
    this.insertBatch = (rows) => batch.immediate(rows);
  }

  /** appends rows in one transaction (pruning when this process's turn comes) */
  insert(rows: RequestLogRow[]): void {
    if (rows.length > 0) this.insertBatch(rows);
  }

  /**
   * Applies every bound now. The write lock is taken only when a bound is passed: this runs at
   * every start, and a command that only reads must start while another process writes.
   */
  prune(): void {
    const { maxDays, maxEntries, bodyChars } = this.bounds;
    if (this.statements.overBounds.get(this.now() - maxDays * DAY_MS, maxEntries, bodyChars) === 0) return;
    this.db.transaction(() => this.pruneNow()).immediate();
  }

  /** the newest `limit` entries, oldest first */
  newest(limit: number): RequestLogEntry[] {
    return this.statements.newest.all(limit).reverse().map(toEntry);
  }

  /** entries after `seq` (at most the newest `limit` of them), oldest first, with who wrote each */
  after(seq: number, limit: number): StoredEntry[] {
    return this.statements.after
      .all(seq, limit)
      .reverse()
      .map((row) => ({ seq: row.seq, writer: row.writer, entry: toEntry(row) }));
  }

  lastSeq(): number {
    return this.statements.lastSeq.get() ?? 0;
  }

  /** the entry with its bodies, response headers and cURL; null when it is not in the log */
  detail(id: string): RequestLogDetail | null {
    const row = this.statements.detail.get(id);
    if (row === undefined) return null;
    const bodies = row.bodies === null ? NO_BODIES : bodiesOf(JSON.parse(row.bodies) as StoredBodies, row.response_body);
    return {
      ...toEntry(row),
      statusText: row.status_text,
      responseHeaders: row.response_headers === null ? null : (JSON.parse(row.response_headers) as Record<string, string>),
      ...bodies,
      released: row.released === 1,
    };
  }

  count(): number {
    return this.statements.count.get() ?? 0;
  }

  /** characters of bodies the table holds now (the body budget's measure) */
  heldChars(): number {
    return this.statements.held.get() ?? 0;
  }

  clear(): void {
    this.statements.clear.run();
  }

  private pruneNow(): void {
    this.insertsSincePrune = 0;
    this.statements.pruneAge.run(this.now() - this.bounds.maxDays * DAY_MS);
    this.statements.pruneCount.run(this.bounds.maxEntries);
    this.releaseOverBudget();
  }

  private releaseOverBudget(): void {
    let excess = (this.statements.held.get() ?? 0) - this.bounds.bodyChars;
    if (excess <= 0) return;
    let upTo = 0;
    for (const row of this.statements.heldOldestFirst.iterate()) {
      upTo = row.seq;
      excess -= row.body_chars;
      if (excess <= 0) break;
    }
    this.statements.release.run(upTo);
  }
}

/** the detail's bodies from `bodies` and, for a row written since version 20, the response body's own column */
function bodiesOf(stored: StoredBodies, responseText: string | null): DetailBodies {
  const { responseBody } = stored;
  if (responseBody === null || responseText === null) return stored as DetailBodies;
  return { ...stored, responseBody: { ...responseBody, text: responseText } };
}

/** what `bodies` keeps of a response body since version 20: every field but its text (response_body has it) */
function withoutText({ text: _text, ...rest }: LoggedBody): StoredResponseBody {
  return rest;
}

function toColumns(row: RequestLogRow): Record<string, string | number | null> {
  const { entry, detail } = row;
  const kept = detail !== null && !detail.released;
  const response = kept ? detail.responseBody : null;
  const bodies: StoredBodies | null = kept
    ? {
        requestBody: detail.requestBody,
        responseBody: response === null ? null : withoutText(response),
        curl: detail.curl,
        sent: detail.sent,
      }
    : null;
  return {
    id: entry.id,
    at: entry.at,
    at_ms: timeOf(entry.at),
    process: entry.process,
    writer: row.writer,
    body_chars: bodies === null ? 0 : row.bodyChars,
    released: detail?.released ? 1 : 0,
    host: entry.host,
    endpoint: entry.endpoint ?? null,
    profile_id: entry.profileId ?? null,
    method: entry.method,
    status: entry.status,
    duration_ms: entry.durationMs,
    error_code: entry.errorCode,
    attempt: entry.attempt,
    path: entry.path,
    request_headers: JSON.stringify(entry.requestHeaders),
    timing: entry.timing === undefined ? null : JSON.stringify(entry.timing),
    status_text: detail?.statusText ?? null,
    response_headers: detail?.responseHeaders ? JSON.stringify(detail.responseHeaders) : null,
    bodies: bodies === null ? null : JSON.stringify(bodies),
    response_body: response === null ? null : response.text,
  };
}

/** an unreadable start time counts as now: such a row ages out with the rows written with it */
function timeOf(at: string): number {
  const ms = Date.parse(at);
  return Number.isFinite(ms) ? ms : Date.now();
}

function toEntry(row: EntryRow): RequestLogEntry {
  return {
    id: row.id,
    at: row.at,
    process: row.process as LogProcess,
    host: row.host,
    ...(row.endpoint === null ? {} : { endpoint: row.endpoint as RequestLogEntry['endpoint'] & string }),
    ...(row.profile_id === null ? {} : { profileId: row.profile_id }),
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.duration_ms,
    requestHeaders: JSON.parse(row.request_headers) as Record<string, string>,
    errorCode: row.error_code as RequestLogEntry['errorCode'],
    attempt: row.attempt,
    ...(row.timing === null ? {} : { timing: JSON.parse(row.timing) as RequestTiming }),
  };
}
