// A cross-process mutex on one file of the data folder: the lock file (the outbox journal's
// `<dir>/outbox.lock`, the keychain's `<dir>/keychain.lock`) holds {holder, pid, at, token}.
// It is held for short work only (one batch of journal records read and appended, one keychain
// write or listing), never while a request is in flight.
//
// Taking it: write the content to a private temp file, then link() it to the lock path. link()
// fails with EEXIST when the lock is held, and the lock file is never seen half-written (an
// exclusive create followed by a write could leave an empty file behind a crash).
//
// A holder that died (kill -9, power loss) leaves the file behind. It is stale when its pid is
// not alive (zombies count as dead) or when it is older than `staleMs` (pid reuse, or a hung
// holder). Breaking it: rename it aside, then check that what was renamed is the stale content
// that was judged; if another process had meanwhile replaced it with a fresh lock, put that one
// back. The holder re-reads the lock just before appending (stillHeld), so a lock broken under a
// live holder is noticed before it writes.
//
// What a taker that died leaves beside the lock (its temp file, a stale lock it had moved aside)
// is removed by removeLeftovers(), once the file names say its process is gone.
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CrmError } from '../errors';
import { holderAlive, pidAlive } from './liveness';
import { namesInFolder } from './folder-names';

interface LockInfo {
  holder: string;
  pid: number;
  at: number;
  token: string;
}

type Seen = { kind: 'missing' } | { kind: 'info'; info: LockInfo } | { kind: 'unreadable'; mtimeMs: number };

export interface FileLockOptions {
  /** a lock older than this is stale even if its pid is alive; default 30 s */
  staleMs?: number;
  /** give up waiting after this; default 60 s */
  maxWaitMs?: number;
  log?: (line: string) => void;
  /** what the lock guards, for its messages: 'outbox' (the default, its lock is the journal's) or 'keychain' */
  guards?: 'outbox' | 'keychain';
  /**
   * epoch ms; default Date.now. A lock's time (and a file's mtime) is compared with the clocks of
   * the other processes on this data dir, so outside tests it must be wall time.
   */
  now?: () => number;
}

/** a stale lock moved aside by a taker that died before removing it: gone after this long */
const ASIDE_LEFTOVER_MS = 60_000;

const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

export class FileLock {
  private held: LockInfo | null = null;
  private readonly staleMs: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private useLink = true;
  private readonly guards: 'outbox' | 'keychain';
  /** the outbox's lock is known in its messages as the journal lock */
  private readonly lockName: string;

  constructor(
    private readonly path: string,
    private readonly holder: string,
    private readonly options: FileLockOptions = {},
  ) {
    this.staleMs = options.staleMs ?? 30_000;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.guards = options.guards ?? 'outbox';
    this.lockName = this.guards === 'outbox' ? 'journal' : this.guards;
  }

  async acquire(): Promise<void> {
    if (this.held) throw new Error('FileLock.acquire: already held');
    const info: LockInfo = { holder: this.holder, pid: process.pid, at: this.now(), token: randomBytes(8).toString('hex') };
    const content = JSON.stringify(info);
    const started = this.now();
    let wait = 1;
    for (;;) {
      if (await this.tryCreate(info, content)) {
        this.held = info;
        return;
      }
      const seen = await this.read();
      if (seen.kind === 'missing') continue;
      if (this.isStale(seen)) {
        await this.breakStale(seen);
        continue;
      }
      if (this.now() - started > this.maxWaitMs) {
        const who = seen.kind === 'info' ? `process ${seen.info.pid}` : 'another process';
        throw new CrmError(
          'conflict',
          `The ${this.guards} is locked by ${who}, which has not released it for ${Math.round(this.maxWaitMs / 1000)} s.`,
        );
      }
      await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
      wait = Math.min(wait * 2, 25);
    }
  }

  /** true when the lock file is still ours (nobody broke it) */
  async stillHeld(): Promise<boolean> {
    if (!this.held) return false;
    const seen = await this.read();
    return seen.kind === 'info' && seen.info.token === this.held.token;
  }

  async release(): Promise<void> {
    const held = this.held;
    this.held = null;
    if (!held) return;
    const seen = await this.read();
    if (seen.kind === 'info' && seen.info.token === held.token) {
      await unlink(this.path).catch(() => undefined);
    } else {
      this.options.log?.(
        `${this.guards}: the ${this.lockName} lock was taken from this process while it held it (it was considered stale)`,
      );
    }
  }

  /**
   * Removes what takers that died left beside the lock: their temp files (named with their pid,
   * so only those of processes no longer running) and stale locks they moved aside but never
   * removed (a live taker removes its own at once).
   */
  async removeLeftovers(): Promise<void> {
    const dir = dirname(this.path);
    const name = basename(this.path);
    const names = await namesInFolder(dir);
    for (const entry of names) {
      if (!entry.startsWith(`${name}.`)) continue;
      const temp = /^\.(\d+)\.[0-9a-f]+\.tmp$/.exec(entry.slice(name.length));
      let leftover = temp !== null && !pidAlive(Number(temp[1]));
      if (/^\.stale-[0-9a-f]+$/.test(entry.slice(name.length))) {
        const st = await stat(join(dir, entry)).catch(() => null);
        leftover = st !== null && this.now() - st.mtimeMs > ASIDE_LEFTOVER_MS;
      }
      if (leftover) await rm(join(dir, entry), { force: true }).catch(() => undefined);
    }
  }

  private async tryCreate(info: LockInfo, content: string): Promise<boolean> {
    if (this.useLink) {
      const tmp = `${this.path}.${process.pid}.${info.token}.tmp`;
      await writeFile(tmp, content, { mode: 0o600 });
      try {
        await link(tmp, this.path);
        return true;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (code === 'EEXIST') return false;
        if (!LINK_UNSUPPORTED.has(code)) throw err;
        this.useLink = false; // a file system without hard links: exclusive create instead
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
    }
    let handle;
    try {
      handle = await open(this.path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    return true;
  }

  private async read(path = this.path): Promise<Seen> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw err;
    }
    try {
      const v = JSON.parse(text) as Partial<LockInfo>;
      if (typeof v.holder === 'string' && typeof v.pid === 'number' && typeof v.at === 'number' && typeof v.token === 'string') {
        return { kind: 'info', info: v as LockInfo };
      }
    } catch {
      // fall through
    }
    try {
      return { kind: 'unreadable', mtimeMs: (await stat(path)).mtimeMs };
    } catch {
      return { kind: 'missing' };
    }
  }

  private isStale(seen: Exclude<Seen, { kind: 'missing' }>): boolean {
    if (seen.kind === 'unreadable') return this.now() - seen.mtimeMs > 5_000;
    return !holderAlive(seen.info.holder, seen.info.pid) || this.now() - seen.info.at > this.staleMs;
  }

  private async breakStale(judged: Exclude<Seen, { kind: 'missing' }>): Promise<void> {
    const aside = `${this.path}.stale-${randomBytes(6).toString('hex')}`;
    try {
      await rename(this.path, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const moved = await this.read(aside);
    const same =
      (moved.kind === 'info' && judged.kind === 'info' && moved.info.token === judged.info.token) ||
      (moved.kind === 'unreadable' && judged.kind === 'unreadable');
    if (!same) {
      // We moved a fresh lock that replaced the stale one after we looked: give it back.
      try {
        await link(aside, this.path);
      } catch {
        // someone took the path in between; the displaced holder notices in stillHeld()
      }
    } else if (judged.kind === 'info') {
      this.options.log?.(
        `${this.guards}: took over the ${this.lockName} lock left by process ${judged.info.pid} ` +
          `(${holderAlive(judged.info.holder, judged.info.pid) ? 'expired' : 'no longer running'})`,
      );
    }
    await rm(aside, { force: true });
  }
}
