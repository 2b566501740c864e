// The last requests, for tests to compare with what a client meant to send. The sandbox runs
// inside the app, so the journal must never balloon it: it keeps only requests that carried a
// valid key (or met an injected fault: handle-request.ts decides), at most JOURNAL_SIZE of them
// and at most JOURNAL_BYTES (64 MiB) of them together (oldest dropped first). A body over 64 KiB is kept
// only up to there in `rawBody`, and its parsed `json` has top-level strings over 1 KiB (base64
// uploads) replaced by a short note.
import type { SandboxRequestRecord } from './types';

export const JOURNAL_SIZE = 10_000;
/** the journal's memory bound, as estimated by recordBytes() */
export const JOURNAL_BYTES = 64 * 1024 * 1024;
const RAW_BODY_KEPT = 64 * 1024;
const LONG_STRING = 1024;
/** an object, its arrays and its fixed fields, roughly */
const RECORD_OVERHEAD = 256;

export class RequestJournal {
  private records: SandboxRequestRecord[] = [];
  /** index of the oldest record still kept */
  private head = 0;
  private readonly sizes = new WeakMap<SandboxRequestRecord, number>();
  private bytes = 0;

  constructor(
    private readonly maxRecords = JOURNAL_SIZE,
    private readonly maxBytes = JOURNAL_BYTES,
  ) {}

  add(record: SandboxRequestRecord): void {
    this.records.push(record);
    this.account(record);
    this.trim();
  }

  /** a kept request's body arrived: keep (a bounded part of) it, and count it */
  attachBody(record: SandboxRequestRecord, bytes: Buffer, parsed: unknown): void {
    Object.assign(record, journalBody(bytes, parsed));
    if (this.sizes.has(record)) {
      this.account(record);
      this.trim();
    }
  }

  /** Copies, oldest first. */
  list(): SandboxRequestRecord[] {
    return this.records.slice(this.head).map((r) => ({ ...r, query: { ...r.query }, headers: { ...r.headers } }));
  }

  /** what the kept records weigh, as estimated (for tests and the bench) */
  get size(): { records: number; bytes: number } {
    return { records: this.records.length - this.head, bytes: this.bytes };
  }

  private account(record: SandboxRequestRecord): void {
    const before = this.sizes.get(record) ?? 0;
    const now = recordBytes(record);
    this.sizes.set(record, now);
    this.bytes += now - before;
  }

  private trim(): void {
    // the newest record always stays, whatever it weighs (its body is already cut to 64 KiB)
    while (this.records.length - this.head > 1 && (this.records.length - this.head > this.maxRecords || this.bytes > this.maxBytes)) {
      const oldest = this.records[this.head]!;
      this.bytes -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.records.length) {
      this.records = this.records.slice(this.head);
      this.head = 0;
    }
  }
}

/** A record's memory, roughly: UTF-16 strings count twice their length. */
export function recordBytes(record: SandboxRequestRecord): number {
  let chars = record.method.length + record.path.length + record.rawBody.length;
  for (const [name, value] of Object.entries(record.headers)) chars += name.length + value.length;
  for (const [name, value] of Object.entries(record.query)) chars += name.length + value.length;
  // the parsed body is about as large as the text it came from (long strings are elided)
  const json = record.json === undefined ? 0 : Math.min(record.rawBody.length, RAW_BODY_KEPT);
  return RECORD_OVERHEAD + 2 * (chars + json);
}

export function journalBody(bytes: Buffer, parsed: unknown): { rawBody: string; json: unknown } {
  if (bytes.length <= RAW_BODY_KEPT) return { rawBody: bytes.toString('utf8'), json: parsed };
  let json = parsed;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    json = Object.fromEntries(
      Object.entries(parsed).map(([name, value]) =>
        typeof value === 'string' && value.length > LONG_STRING ? [name, `[${value.length} characters not kept]`] : [name, value],
      ),
    );
  }
  return { rawBody: bytes.subarray(0, RAW_BODY_KEPT).toString('utf8'), json };
}

export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export function firstValues(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of query) if (!(name in out)) out[name] = value;
  return out;
}
