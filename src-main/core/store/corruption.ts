// A damaged crm.db is set aside, never repaired in place or silently deleted: the person keeps
// the file (someone may want to recover it) and the app starts a fresh one. Only SQLite's own
// verdicts count as damage: a locked, busy or unreadable (permissions) file is not damaged, and
// moving it would lose good data.
import { existsSync, renameSync, rmSync } from 'node:fs';

const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** true when SQLite says the file is not a database or its pages are damaged */
export function isDamagedDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // extended codes (SQLITE_CORRUPT_INDEX, SQLITE_CORRUPT_VTAB...) start with the primary one
  return typeof code === 'string' && [...DAMAGED].some((primary) => code === primary || code.startsWith(`${primary}_`));
}

/** a file-name-safe UTC stamp: 20260314T091502Z (no colons, which Windows refuses) */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Moves `path` to `<path>.broken-<stamp>`, its write-ahead log with it (the pair belongs
 * together), and drops the shared-memory index (rebuilt from the files, never data).
 * Returns where the file went.
 */
export function moveDamagedAside(path: string, at: Date): string {
  let aside = `${path}.broken-${stamp(at)}`;
  for (let n = 2; existsSync(aside); n += 1) aside = `${path}.broken-${stamp(at)}-${n}`;
  renameSync(path, aside);
  if (existsSync(`${path}-wal`)) renameSync(`${path}-wal`, `${aside}-wal`);
  rmSync(`${path}-shm`, { force: true });
  return aside;
}
