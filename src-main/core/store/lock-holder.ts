// Which process holds crm.db's write lock, where the operating system tells. SQLite itself does
// not: in WAL mode the write lock is a POSIX lock on one byte of the `-shm` file, and Linux lists
// every such lock, with the pid that holds it, in /proc/locks. Elsewhere (macOS, Windows) nothing
// readable names the holder, and the answer is null: the caller then says "another process".
//
// The holder's command line is shortened to what names the program (its executable, the script
// node runs, and the command words after it, as in `node crm.mjs profiles add`): options and
// values are left out, so nothing a person typed as a value is repeated in another's terminal.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';

/** the byte of the -shm file SQLite's WAL write lock covers (WALINDEX_LOCK_OFFSET + WAL_WRITE_LOCK) */
const WAL_WRITE_LOCK_BYTE = 120;

export interface LockHolder {
  pid: number;
  /** the program and its command words; null when the process could not be read */
  command: string | null;
}

/** the process holding the write lock of the database at `dbPath`, when the OS says; else null */
export function writeLockHolder(dbPath: string): LockHolder | null {
  if (process.platform !== 'linux') return null;
  try {
    const shm = statSync(`${dbPath}-shm`);
    const pid = writeLockPid(readFileSync('/proc/locks', 'utf8'), Number(shm.ino), deviceOf(shm.dev), process.pid);
    return pid === null ? null : { pid, command: commandOf(pid) };
  } catch {
    return null;
  }
}

/**
 * The pid that holds a write lock covering the WAL write-lock byte of the file (inode, device
 * "major:minor" in hex) in /proc/locks' text, other than `self`; null when none does. A line
 * reads: `1: POSIX  ADVISORY  WRITE 11398 fe:00:2263718 120 120`.
 */
export function writeLockPid(locks: string, inode: number, device: string | null, self: number): number | null {
  for (const line of locks.split('\n')) {
    const fields = line.trim().split(/\s+/);
    // a waiting lock is listed as "-> POSIX ..." under the one it waits for: not a holder
    if (fields[1] !== 'POSIX' && fields[1] !== 'OFDLCK') continue;
    const [, , , type, pidText, where, startText, endText] = fields;
    if (type !== 'WRITE' || !where || !startText || !endText) continue;
    const parts = where.split(':');
    if (Number(parts[2]) !== inode) continue;
    if (device !== null && `${parts[0]}:${parts[1]}` !== device) continue;
    const start = Number(startText);
    const end = endText === 'EOF' ? Infinity : Number(endText);
    const pid = Number(pidText);
    if (start <= WAL_WRITE_LOCK_BYTE && WAL_WRITE_LOCK_BYTE <= end && Number.isInteger(pid) && pid > 0 && pid !== self) return pid;
  }
  return null;
}

/** Linux's dev_t as /proc/locks prints it ("fe:00"), or null when it cannot be told */
function deviceOf(dev: number): string | null {
  if (!Number.isSafeInteger(dev)) return null;
  const big = BigInt(dev);
  const major = ((big >> 8n) & 0xfffn) | ((big >> 32n) & ~0xfffn);
  const minor = (big & 0xffn) | ((big >> 12n) & ~0xffn);
  return `${major.toString(16).padStart(2, '0')}:${minor.toString(16).padStart(2, '0')}`;
}

function commandOf(pid: number): string | null {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((arg) => arg !== '');
    return programOf(argv);
  } catch {
    return null;
  }
}

const COMMAND_WORD = /^[a-z][a-z-]{0,19}$/;
const SCRIPT = /\.(?:[cm]?js|[cm]?ts)$/;

/** `node crm.mjs profiles add` from a process's arguments; null when there are none */
export function programOf(argv: readonly string[]): string | null {
  const [executable, ...rest] = argv;
  if (!executable) return null;
  const words = [basename(executable)];
  let i = 0;
  const script = rest.findIndex((arg) => !arg.startsWith('-') && SCRIPT.test(arg));
  if (script >= 0) {
    words.push(basename(rest[script]!));
    i = script + 1;
  }
  for (; i < rest.length && words.length < (script >= 0 ? 4 : 3); i += 1) {
    if (!COMMAND_WORD.test(rest[i]!)) break;
    words.push(rest[i]!);
  }
  return words.join(' ');
}
