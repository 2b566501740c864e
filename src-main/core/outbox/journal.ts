// The durable store of the outbox: `<dir>/outbox.journal`, an append-only file of checksummed
// JSON lines (format in records.ts), shared by every process that uses the same data dir.
//
// Why a journal and not one file per operation: a state change costs one append + one fdatasync
// (a file per operation needs write + fsync + rename + a directory fsync), and group commit
// makes many changes share that one fsync. A journal can tear, which is why each line carries a
// CRC and why the reader sets damage aside instead of trusting it.
//
// Rules that make it safe:
// - Every read and every append happens under the cross-process lock (file-lock.ts), after
//   catching up with what other processes appended. So the file order is the order of changes,
//   and a check made inside a transaction (is it still pending? is it the head of its group?)
//   holds when its record is written.
// - A transaction's records are written and fdatasync'ed BEFORE the transaction resolves: a
//   caller never acts on, or reports, a state that is not on disk.
// - A line that fails its checksum, or a last line without its '\n' (a writer killed mid-write:
//   a large write() is not atomic under SIGKILL), is copied to `outbox.journal.damaged-<time>`
//   (fsynced), a clear message is logged and kept (damageReports()), and the journal is
//   rewritten without it. Every other operation keeps its last good snapshot and syncs.
//   A torn end was never acted on (records are fsynced before anyone acts), so its operation
//   simply resumes. A damaged line inside the file is real damage to a record that WAS acted on:
//   when it was an operation's latest record and what survives says 'pending', the lost record
//   may have been the person's cancel, so the operation is held as failed (retry or cancel)
//   instead of being sent on its own.
// - The journal is compacted (one line per operation, finished sends pruned after a while) when it
//   grows, atomically: temp file + fsync + rename + directory fsync. Other processes notice the
//   new inode under the lock and reload. An open descriptor keeps the old inode alive, so an
//   unchanged inode number always means the same file.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';
import { FileLock } from '../storage/file-lock';
import { pidAlive } from '../storage/liveness';
import type { DamagedPart, ParsedJournal } from './journal-parse';
import { parseJournal } from './journal-parse';
import type { PayloadRules, StoredOp } from './records';
import { encodeLine, isTerminal } from './records';
import { namesInFolder } from '../storage/folder-names';

export type { DamagedPart } from './journal-parse';

export const JOURNAL_FILE = 'outbox.journal';
/** longest continuous hold of the lock while transactions keep coming */
const HOLD_MS = 100;
/** re-check that the lock is still ours before writing when held this long (stale time is 30 s) */
const VERIFY_AFTER_MS = 5_000;

class LockLost extends Error {}
export const LOCK_FILE = 'outbox.lock';

export interface DamageReport {
  at: string;
  setAsideTo: string;
  parts: DamagedPart[];
  message: string;
}

export interface JournalOptions {
  /** what the kinds say of their records: how each payload is checked, which are never pruned */
  payloads: PayloadRules;
  log?: (line: string) => void;
  now: () => number;
  /** compact when the file has more lines than this and 4x the live operations; default 4000 */
  compactAfterLines?: number;
  /** finished (sent/cancelled) operations are dropped at compaction after this (unless kept for good); default 7 days */
  retentionMs?: number;
  lockStaleMs?: number;
}

/** A view of the state inside one transaction. Records are immutable: put a new object. */
export class Tx {
  constructor(
    private readonly base: Map<string, StoredOp>,
    private readonly batch: Map<string, StoredOp>,
    readonly local: Map<string, StoredOp>,
    private readonly orderFrom: () => number,
  ) {}

  get(id: string): StoredOp | undefined {
    return this.local.get(id) ?? this.batch.get(id) ?? this.base.get(id);
  }

  /** every operation as this transaction sees it (no copy of the state is made) */
  *values(): IterableIterator<StoredOp> {
    for (const r of this.local.values()) yield r;
    for (const [id, r] of this.batch) if (!this.local.has(id)) yield r;
    for (const [id, r] of this.base) if (!this.local.has(id) && !this.batch.has(id)) yield r;
  }

  find(predicate: (r: StoredOp) => boolean): StoredOp | undefined {
    for (const r of this.values()) if (predicate(r)) return r;
    return undefined;
  }

  put(record: StoredOp): void {
    this.local.set(record.item.id, record);
  }

  /** the enqueue order for a new operation */
  nextOrder(): number {
    let max = this.orderFrom();
    for (const r of this.batch.values()) max = Math.max(max, r.order);
    for (const r of this.local.values()) max = Math.max(max, r.order);
    return max + 1;
  }
}

interface Queued {
  fn: (tx: Tx) => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export class Journal {
  readonly state = new Map<string, StoredOp>();
  readonly path: string;
  private readonly lock: FileLock;
  private fd: FileHandle | null = null;
  private fdIno = -1;
  private offset = 0;
  private lineCount = 0;
  private seq = 0;
  private maxOrder = 0;
  private queue: Queued[] = [];
  private draining: Promise<void> | null = null;
  private closed = false;
  private readonly reports: DamageReport[] = [];
  private readonly compactAfter: number;
  private readonly retentionMs: number;
  /** called after every batch that changed the state (ours or another process's records) */
  onChange: (() => void) | null = null;

  constructor(
    private readonly dir: string,
    holder: string,
    private readonly options: JournalOptions,
  ) {
    this.path = join(dir, JOURNAL_FILE);
    this.lock = new FileLock(join(dir, LOCK_FILE), holder, { log: options.log, staleMs: options.lockStaleMs, now: options.now });
    this.compactAfter = options.compactAfterLines ?? 4000;
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  }

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.transact(() => undefined);
    await this.removeLeftovers();
    await this.lock.removeLeftovers();
  }

  /**
   * Temp files of compactions whose process died mid-write: only those whose pid is not running,
   * so a live writer keeps its own. (The lock cleans up after its own takers.)
   */
  private async removeLeftovers(): Promise<void> {
    const names = await namesInFolder(this.dir);
    for (const name of names) {
      const m = /^\.outbox\.journal\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name);
      if (m && !pidAlive(Number(m[1]))) await rm(join(this.dir, name), { force: true }).catch(() => undefined);
    }
  }

  damageReports(): DamageReport[] {
    return [...this.reports];
  }

  /** the size the journal had after our last read or write (for cheap "did anyone write?" checks) */
  knownSize(): { ino: number; size: number } {
    return { ino: this.fdIno, size: this.offset };
  }

  /**
   * Runs `fn` on the current state (caught up with other processes) under the lock; whatever it
   * put() is appended and fdatasync'ed before the returned promise resolves. If `fn` throws,
   * nothing of it is written. Transactions queued meanwhile share one append and one fsync.
   */
  transact<T>(fn: (tx: Tx) => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The outbox journal is closed.'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      this.draining ??= this.drain().finally(() => {
        this.draining = null;
      });
    });
  }

  /** waits for queued transactions */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.fd?.close().catch(() => undefined);
    this.fd = null;
  }

  /**
   * Runs queued transactions in batches. The lock is taken once for a run of batches and given
   * up when the queue is empty or after HOLD_MS, so another process waits at most that long.
   * (Taking it per batch costs file creations and deletions, which on ext4 queue behind every
   * fsync's journal commit.)
   */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      let acquired: number;
      try {
        await this.lock.acquire();
        acquired = this.options.now();
      } catch (err) {
        for (const q of this.queue.splice(0)) q.reject(err);
        return;
      }
      try {
        while (this.queue.length > 0 && this.options.now() - acquired < HOLD_MS) {
          const batch = this.queue.splice(0);
          let changed = false;
          try {
            changed = await this.runBatch(batch, acquired);
          } catch (err) {
            for (const q of batch) q.reject(err);
            if (err instanceof LockLost) break;
          }
          if (changed) {
            try {
              this.onChange?.();
            } catch (err) {
              this.options.log?.(`outbox: change listener failed: ${String(err)}`);
            }
          }
          // let the callers of this batch run (and queue more) before the next one
          await new Promise<void>((r) => setImmediate(r));
        }
      } finally {
        await this.lock.release();
      }
    }
  }

  /** One batch under the lock: catch up, run the transactions, append their records, fsync. */
  private async runBatch(batch: Queued[], acquired: number): Promise<boolean> {
    const external = await this.catchUp();
    const overlay = new Map<string, StoredOp>();
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    for (const q of batch) {
      const tx = new Tx(this.state, overlay, new Map(), () => this.maxOrder);
      try {
        const value = q.fn(tx);
        for (const [id, r] of tx.local) overlay.set(id, r);
        results.push({ ok: true, value });
      } catch (error) {
        results.push({ ok: false, error });
      }
    }
    if (overlay.size > 0) {
      // Only a holder stalled for longer than the lock's stale time can have lost it.
      if (this.options.now() - acquired > VERIFY_AFTER_MS && !(await this.lock.stillHeld())) {
        throw new LockLost('The outbox journal lock was taken over while this process stalled; the change was not written.');
      }
      await this.append([...overlay.values()]);
    }
    await this.maybeCompact();
    batch.forEach((q, i) => {
      const r = results[i]!;
      if (r.ok) q.resolve(r.value);
      else q.reject(r.error);
    });
    return external || overlay.size > 0;
  }

  private async append(records: StoredOp[]): Promise<void> {
    const fd = this.fd!;
    const text = records.map((r) => encodeLine({ s: ++this.seq, r })).join('');
    const buf = Buffer.from(text, 'utf8');
    try {
      let written = 0;
      while (written < buf.length) {
        const { bytesWritten } = await fd.write(buf, written, buf.length - written);
        written += bytesWritten;
      }
      await fd.datasync();
    } catch (err) {
      // Nothing of this batch counts: cut the partial write off (if that fails too, the next
      // reader sets the torn tail aside).
      await fd.truncate(this.offset).catch(() => undefined);
      throw err;
    }
    this.offset += buf.length;
    this.lineCount += records.length;
    for (const r of records) this.apply(r);
  }

  private apply(r: StoredOp): void {
    this.state.set(r.item.id, r);
    this.maxOrder = Math.max(this.maxOrder, r.order);
  }

  /** Brings the state up to the file. Returns true when anything changed. Under the lock. */
  private async catchUp(): Promise<boolean> {
    let st;
    try {
      st = await stat(this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      st = null;
    }
    if (st === null) {
      if (this.fd !== null) this.options.log?.(`outbox: ${this.path} disappeared; writing it again from memory`);
      await this.rewrite();
      return false;
    }
    if (this.fd === null || st.ino !== this.fdIno || st.size < this.offset) return this.reload();
    if (st.size === this.offset) return false;
    const buf = await readRange(this.fd, this.offset, st.size);
    const parsed = parseJournal(buf, this.lineCount, this.options.payloads);
    this.offset += buf.length;
    this.lineCount = parsed.lines;
    for (const e of parsed.entries) {
      this.seq = Math.max(this.seq, e.s);
      this.apply(e.r);
    }
    if (parsed.damaged.length > 0) await this.setAside(parsed.damaged, parsed.lastLineOf);
    return true;
  }

  private async reload(): Promise<boolean> {
    await this.fd?.close().catch(() => undefined);
    this.fd = await open(this.path, 'a+', 0o600);
    this.fdIno = (await this.fd.stat()).ino;
    const size = (await this.fd.stat()).size;
    const buf = await readRange(this.fd, 0, size);
    const parsed = parseJournal(buf, 0, this.options.payloads);
    this.state.clear();
    this.seq = 0;
    this.maxOrder = 0;
    for (const e of parsed.entries) {
      this.seq = Math.max(this.seq, e.s);
      this.apply(e.r);
    }
    this.offset = buf.length;
    this.lineCount = parsed.lines;
    if (parsed.damaged.length > 0) await this.setAside(parsed.damaged, parsed.lastLineOf);
    return true;
  }

  private async setAside(damaged: ParsedJournal['damaged'], lastLineOf: Map<string, number>): Promise<void> {
    const at = new Date(this.options.now()).toISOString();
    const stamp = at.replace(/[:.]/g, '-');
    const aside = `${this.path}.damaged-${stamp}-${randomBytes(3).toString('hex')}`;
    await writeFileAtomic(aside, Buffer.concat(damaged.flatMap((d) => [d.raw, Buffer.from('\n')])));
    const held: string[] = [];
    for (const d of damaged) {
      if (d.line === null || d.opId === null) continue; // a torn end was never acted on
      const r = this.state.get(d.opId);
      if (!r || r.item.state !== 'pending' || (lastLineOf.get(d.opId) ?? 0) > d.line) continue;
      this.state.set(d.opId, holdForReview(r, at, aside));
      held.push(d.opId);
    }
    await this.rewrite(); // durable before anyone reads the state: the held operations included
    const parts = damaged.map(({ line, bytes, reason, opId }) => ({ line, bytes, reason, opId }));
    const described = parts
      .map(
        (p) =>
          `${p.line === null ? 'end of file' : `line ${p.line}`}: ${p.reason}, ${p.bytes} bytes${p.opId ? `, operation ${p.opId}` : ''}`,
      )
      .join('; ');
    const message =
      `Outbox journal ${this.path} had ${parts.length} damaged record(s) (${described}). ` +
      `They were set aside in ${aside}; an operation whose only record was damaged is not in the outbox any more. ` +
      (held.length > 0
        ? `${held.length} operation(s) whose latest record was damaged (${held.join(', ')}) are held as failed until you retry or cancel them. `
        : '') +
      'Every other operation is intact and keeps syncing.';
    this.options.log?.(`outbox: ${message}`);
    this.reports.push({ at: new Date(this.options.now()).toISOString(), setAsideTo: aside, parts, message });
  }

  private async maybeCompact(): Promise<void> {
    if (this.lineCount <= this.compactAfter || this.lineCount <= 4 * this.state.size) return;
    const cutoff = this.options.now() - this.retentionMs;
    for (const [id, r] of this.state) {
      // an operation its kind keeps for good (the only record of something) is never pruned
      const done = isTerminal(r.item.state) && !this.options.payloads.keptForever(r.payload);
      if (done && Date.parse(r.item.updatedAt) < cutoff) this.state.delete(id);
    }
    await this.rewrite();
  }

  /** Writes the whole state as a new file generation (atomic replace). Under the lock. */
  private async rewrite(): Promise<void> {
    const records = [...this.state.values()].sort((a, b) => a.order - b.order);
    const text = encodeLine({ h: 1, gen: randomBytes(8).toString('hex') }) + records.map((r) => encodeLine({ s: ++this.seq, r })).join('');
    await writeFileAtomic(this.path, text);
    await this.fd?.close().catch(() => undefined);
    this.fd = await open(this.path, 'a+', 0o600);
    const st = await this.fd.stat();
    this.fdIno = st.ino;
    this.offset = st.size;
    this.lineCount = records.length + 1;
  }
}

async function readRange(fd: FileHandle, start: number, end: number): Promise<Buffer> {
  const buf = Buffer.alloc(end - start);
  let done = 0;
  while (done < buf.length) {
    const { bytesRead } = await fd.read(buf, done, buf.length - done, start + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buf.subarray(0, done);
}

/**
 * The latest record of `r` was lost and it may have been a cancel: failed, so that only the
 * person sends it (retry keeps the Idempotency-Key, so a resend cannot create a second message).
 */
function holdForReview(r: StoredOp, at: string, aside: string): StoredOp {
  return {
    ...r,
    claim: null,
    item: {
      ...r.item,
      state: 'failed',
      pendingReason: null,
      nextAttemptAt: null,
      updatedAt: at,
      lastError: {
        code: 'conflict',
        message:
          `Held: the latest outbox record of this operation was damaged on disk (set aside in ${aside}), so it may have ` +
          `been cancelled since. Retry to send it, or cancel it.`,
      },
    },
  };
}
