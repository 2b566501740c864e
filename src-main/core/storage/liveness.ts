// Is the process that holds a lock or a claim still there? Used for both the journal lock and
// the per-operation send claims, so a crashed (kill -9) holder is taken over at once instead of
// after its lease runs out.
import { readFileSync } from 'node:fs';

/** holder ids of the outbox instances alive in THIS process (several may share one pid in tests) */
const liveHolders = new Set<string>();

export function registerHolder(holder: string): void {
  liveHolders.add(holder);
}

export function unregisterHolder(holder: string): void {
  liveHolders.delete(holder);
}

export function pidAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed child its parent has not reaped yet is a zombie: it answers kill(0) but is dead.
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'Z' || state === 'X') return false;
    } catch {
      return false; // gone between the two checks
    }
  }
  return true;
}

/**
 * A holder is alive when its process is. Within our own pid, only holders registered here are
 * alive (a pid reused by us, or an instance of ours that was dropped without close()).
 */
export function holderAlive(holder: string, pid: number): boolean {
  if (pid === process.pid) return liveHolders.has(holder);
  return pidAlive(pid);
}
