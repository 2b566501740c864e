// The request log service: every request the sender made (one entry per attempt), kept in the
// data folder's database (store/request-log-table.ts) so it lasts across restarts and the window
// lists what `crm` sent too. The sender already redacts Authorization; this is the second line:
// no header value that carries a bearer token or a key held in memory is ever stored, and each
// entry's detail (bodies, response headers, cURL) is scrubbed of every key the vault holds, THEN
// cut (log-detail.ts). All of that is off the request's path: an entry is announced at once,
// and its row is built (the exchange observed, scrubbed, cut) and written at most
// REQUEST_LOG_BATCH_MS later, with every other request finished by then, in one transaction.
// A caller paging through contacts finishes a request every millisecond or two; a contacts
// page's row written in a transaction of its own cost a third more CPU than in a batch
// (docs/performance.md, "What costs what"), so the window batches a run of calls. Reads flush the queue
// first, so a list always holds every request this process finished; other processes see the
// rows at their own watch's poll (well within the second of docs/ARCHITECTURE.md, rule 7).
// Where the batch is written is the `rows` writer's: on this thread (`crm`), or on a thread of its
// own in the window's process (thread/thread-row-writer.ts), whose reads wait for it.
import { randomUUID } from 'node:crypto';
import type { ObservedExchange } from '../http/observed-exchange';
import { REDACTED_AUTHORIZATION } from '../http/scrub/redact';
import { scrubbedOf } from '../http/scrub/scrubbed-for';
import type { ObservedEntry, RequestObserver } from '../http/sender';
import { DEFAULT_DETAIL_LIMITS, keptDetail, weightOf, type DetailLimits } from './log-detail';
import type { LogProcess, RequestLogDetail, RequestLogEntry } from '../model';
import { Emitter } from '../emitter';
import type { LoggedRequest, RequestLog } from '../services';
import type { DataVersionWatch } from '../store/data-version-watch';
import type { RequestLogRow, RequestLogTable } from '../store/tables/request-log-table';
import { writeInThisThread, type RequestLogRowWriter } from './row-writer';

/** entries log:list gives the window (the newest); the table keeps more (its bounds) */
export const REQUEST_LOG_SIZE = 500;

/** rows waiting for the database at most; past it (the database failing for long) the oldest are dropped */
const MAX_PENDING = 10_000;
const RETRY_MS = 250;
/**
 * how long a finished request's row waits at most: the caller's next requests go out first, and
 * the rows of every request finished meanwhile share one transaction. A process killed outright
 * loses at most the rows of this window (the requests themselves are unaffected).
 */
export const REQUEST_LOG_BATCH_MS = 100;
/**
 * a batch this long is written at once, not at the end of its window: a stream of fast calls
 * would otherwise hold thousands of exchanges (bodies and all) in memory, and pay for it in
 * garbage collection more than one transaction saves (scripts/bench-request-log.ts)
 */
export const REQUEST_LOG_BATCH_ROWS = 128;
const REDACTED = '***';

export interface RequestLogOptions {
  /** where the log is read (and, without `rows`, written) */
  table: RequestLogTable;
  /** where finished rows are written; default: the table, on this thread (row-writer.ts) */
  rows?: RequestLogRowWriter;
  /** what kind of process this is, stamped on every entry it makes */
  process: LogProcess;
  /** true when a text holds a key value the process knows (KeyVault.containsSecret) */
  containsSecret?: (text: string) => boolean;
  /**
   * `text` without any run of a key value the process knows (KeyVault.scrubSecrets);
   * `scrubbedOf`: a key the text is already scrubbed of (http/scrubbed-for.ts)
   */
  scrub?: (text: string, scrubbedOf?: string) => string;
  limits?: Partial<DetailLimits>;
  /** how many entries list() gives */
  listSize?: number;
  /**
   * calls back when ANOTHER process wrote to the database (store/data-version-watch.ts); started
   * while anyone subscribes. Absent: entries of other processes show at the next list() only.
   */
  watch?: (onForeignWrite: () => void) => DataVersionWatch;
  /** diagnostics (never a key value) */
  log?: (message: string) => void;
  /** told after each batch of rows is committed (store/idle-checkpoint.ts) */
  onWritten?: () => void;
}

interface Pending {
  entry: RequestLogEntry;
  /** the entry's bodies and headers, observed when its row is built (RequestObserver) */
  observe: (() => ObservedExchange) | undefined;
}

export class RequestLogService implements RequestLog {
  // the watch of other processes' rows runs only while someone listens
  private readonly appended = new Emitter<LoggedRequest>({
    onFirstListener: () => this.startWatch(),
    onLastListenerRemoved: () => this.stopWatch(),
  });
  /** each request as it is logged, this process's (own) and, through the database, the others' */
  readonly onDidAppend = this.appended.event;
  private readonly table: RequestLogTable;
  private readonly rows: RequestLogRowWriter;
  private readonly process: LogProcess;
  private readonly containsSecret: (text: string) => boolean;
  private readonly scrub: (text: string, scrubbedOf?: string) => string;
  private readonly limits: DetailLimits;
  private readonly listSize: number;
  /** marks this log's rows, so the watch announces only other processes' */
  private readonly writer = randomUUID();
  private pending: Pending[] = [];
  /** the write scheduled for the queue */
  private scheduled: NodeJS.Timeout | null = null;
  private watch: DataVersionWatch | null = null;
  /** the last row the watch has seen */
  private seenSeq = 0;
  private lastProblem = '';
  private closed = false;

  constructor(private readonly options: RequestLogOptions) {
    this.table = options.table;
    this.rows = options.rows ?? writeInThisThread(options.table);
    this.process = options.process;
    this.containsSecret = options.containsSecret ?? (() => false);
    this.scrub = options.scrub ?? ((text) => text);
    this.limits = { ...DEFAULT_DETAIL_LIMITS, ...options.limits };
    this.listSize = options.listSize ?? REQUEST_LOG_SIZE;
  }

  /** the observer to give the sender */
  readonly observer: RequestObserver = (entry, observe) => this.record(entry, observe);

  record(entry: ObservedEntry, observe?: () => ObservedExchange): void {
    const safe: RequestLogEntry = {
      ...entry,
      process: this.process,
      host: this.scrub(entry.host),
      path: this.scrub(entry.path),
      requestHeaders: this.redact(entry.requestHeaders),
    };
    if (!this.closed) {
      this.pending.push({ entry: safe, observe });
      if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
      this.schedule(false);
    }
    this.announce(safe, true);
  }

  /** the newest entries of every process, oldest first */
  list(limit = this.listSize): RequestLogEntry[] {
    this.settle();
    return this.read(() => this.table.newest(limit), []);
  }

  /** the entry with its bodies, response headers and cURL; null once it left the log */
  detail(id: string): RequestLogDetail | null {
    this.settle();
    return this.read(() => this.table.detail(id), null);
  }

  /** how many characters of bodies and cURLs the log holds now (the body budget's measure) */
  heldChars(): number {
    this.settle();
    return this.read(() => this.table.heldChars(), 0);
  }

  /** empties the log of every process */
  clear(): void {
    this.pending = [];
    // rows already handed to the writing thread land before the table is emptied, not after
    this.rows.settle();
    this.read(() => this.table.clear(), undefined);
  }

  /** writes every queued entry now, in one transaction */
  flush(): void {
    if (this.scheduled !== null) {
      clearTimeout(this.scheduled);
      this.scheduled = null;
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      this.rows.write(batch.map((p) => this.rowOf(p)));
      this.options.onWritten?.();
    } catch (err) {
      this.report('could not write to the request log', err);
      // busy past the timeout (another process stuck mid-write): try these again shortly
      if (isBusy(err) && !this.closed) {
        this.pending = [...batch, ...this.pending].slice(-MAX_PENDING);
        this.schedule(true);
      }
    }
  }

  /** writes what is queued and stops watching; the database is closed by its owner afterwards */
  close(): void {
    this.flush();
    this.rows.close();
    this.closed = true;
    this.stopWatch();
  }

  /** every finished request's row committed: written now, and waited for on the writing thread */
  private settle(): void {
    this.flush();
    this.rows.settle();
  }

  private rowOf(p: Pending): RequestLogRow {
    const exchange = observed(p.observe);
    // a batch the database refused stays queued: observed once, it is not observed again
    p.observe = exchange === undefined ? undefined : () => exchange;
    if (exchange === undefined) return { entry: p.entry, detail: null, writer: this.writer, bodyChars: 0 };
    // the sender scrubbed the exchange of the key it used: the scan here is for the other keys
    const done = scrubbedOf(exchange);
    const detail = keptDetail(exchange, (text) => this.scrub(text, done), this.limits);
    return { entry: p.entry, detail, writer: this.writer, bodyChars: weightOf(detail) };
  }

  private schedule(later: boolean): void {
    const full = !later && this.pending.length >= REQUEST_LOG_BATCH_ROWS;
    if (this.scheduled !== null) {
      if (!full) return;
      clearTimeout(this.scheduled);
    }
    const run = (): void => {
      this.scheduled = null;
      this.flush();
    };
    // still off the caller's path when full: the write waits for the next turn of the event loop
    this.scheduled = setTimeout(run, later ? RETRY_MS : full ? 0 : REQUEST_LOG_BATCH_MS);
  }

  private startWatch(): void {
    if (this.watch !== null || this.closed || this.options.watch === undefined) return;
    this.seenSeq = this.read(() => this.table.lastSeq(), 0);
    this.watch = this.options.watch(() => this.announceForeign());
  }

  private stopWatch(): void {
    this.watch?.stop();
    this.watch = null;
  }

  /** another process committed: announce the rows it added since the last look */
  private announceForeign(): void {
    const rows = this.read(() => this.table.after(this.seenSeq, this.listSize), []);
    for (const row of rows) {
      this.seenSeq = Math.max(this.seenSeq, row.seq);
      if (row.writer !== this.writer) this.announce(row.entry, false);
    }
  }

  private announce(entry: RequestLogEntry, own: boolean): void {
    // a failing subscriber is dropped silently by the emitter: it must not stop the request
    this.appended.fire({ entry, own });
  }

  /** a read that fails (the database damaged or gone) is reported and answers `fallback` */
  private read<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      this.report('could not read the request log', err);
      return fallback;
    }
  }

  /** each distinct problem once in the diagnostics, not once per request */
  private report(what: string, err: unknown): void {
    const message = `${what}: ${err instanceof Error ? err.message : 'unknown error'}`;
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.options.log?.(this.scrub(message));
  }

  private redact(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') {
        out[name] = REDACTED_AUTHORIZATION;
      } else if (/\bbearer\s+\S{8,}/i.test(value) || this.containsSecret(value)) {
        out[this.scrub(name)] = REDACTED;
      } else {
        out[this.scrub(name)] = value;
      }
    }
    return out;
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** the exchange, or none when observing it failed: one entry's odd exchange must not cost the batch its rows */
function observed(observe: (() => ObservedExchange) | undefined): ObservedExchange | undefined {
  try {
    return observe?.();
  } catch {
    return undefined;
  }
}
