// The last 10_000 requests, for tests to compare with what a client meant to send. To keep
// memory bounded, a body over 64 KiB is kept only up to there in `rawBody`, and its parsed
// `json` has top-level strings over 1 KiB (base64 uploads) replaced by a short note.
import type { SandboxRequestRecord } from './types';

export const JOURNAL_SIZE = 10_000;
const RAW_BODY_KEPT = 64 * 1024;
const LONG_STRING = 1024;

export class RequestJournal {
  private readonly buffer: SandboxRequestRecord[] = [];
  private next = 0;

  add(record: SandboxRequestRecord): void {
    if (this.buffer.length < JOURNAL_SIZE) this.buffer.push(record);
    else this.buffer[this.next] = record;
    this.next = (this.next + 1) % JOURNAL_SIZE;
  }

  /** Copies, oldest first. */
  list(): SandboxRequestRecord[] {
    const ordered = this.buffer.length < JOURNAL_SIZE ? this.buffer : [...this.buffer.slice(this.next), ...this.buffer.slice(0, this.next)];
    return ordered.map((r) => ({ ...r, query: { ...r.query }, headers: { ...r.headers } }));
  }
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
