// Optional data file: keys (hashes, never values), messages and idempotency records. Writes are
// atomic (temp file beside the target, fsync, rename, fsync the directory), debounced shortly
// after a change and flushed on close. A data file that does not parse is reported, never
// silently replaced. (core/storage/atomic-file.ts does the same for the client; the sandbox
// may not import core/, so it keeps its own copy of these few lines.)
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { IdempotencyRecord } from './idempotency';
import type { StoredKey } from './keys';
import type { Message } from './messages';

export interface Snapshot {
  version: 1;
  keys: StoredKey[];
  messages: Message[];
  idempotency: IdempotencyRecord[];
}

const DEBOUNCE_MS = 100;

async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // some platforms cannot fsync a directory; the rename is still atomic there
  } finally {
    await handle?.close();
  }
}

export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
    await handle.close();
    await rename(tmp, path);
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dir);
}

function isSnapshot(value: unknown): value is Snapshot {
  const v = value as Partial<Snapshot> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.version === 1 &&
    Array.isArray(v.keys) &&
    Array.isArray(v.messages) &&
    Array.isArray(v.idempotency)
  );
}

/** The saved state, or null when the file does not exist yet. */
export async function loadSnapshot(path: string): Promise<Snapshot | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  if (!isSnapshot(value))
    throw new Error(`sandbox data file ${path} is not a sandbox state file (version 1); move it away or choose another file`);
  return value;
}

/** Debounced, serialised writer: at most one write at a time, the latest state always wins. */
export class Persister {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => Snapshot,
    private readonly onError: (err: Error) => void,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((err: Error) => this.onError(err));
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing.catch(() => {});
    if (!this.dirty) return;
    this.dirty = false;
    const text = JSON.stringify(this.snapshot());
    this.writing = writeFileAtomic(this.path, text)
      .catch((err: unknown) => {
        this.dirty = true;
        throw err;
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }
}
