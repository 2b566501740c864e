// "The database is busy": what a process is told when another one has held crm.db's write lock
// for longer than a write waits (BUSY_TIMEOUT_MS). Writes are milliseconds, so this means a
// process stuck mid-transaction; the person can only wait for it or end it, and so is told which
// one it is when the operating system says (lock-holder.ts).
import { join } from 'node:path';
import { CrmError } from '../errors';
import { writeLockHolder, type LockHolder } from './lock-holder';

/** SQLite's answer when the wait for another connection's lock ran out */
export function isDatabaseBusy(err: unknown): boolean {
  if (err instanceof DatabaseBusyError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** a write refused because another process holds the lock; the message names it when known */
export class DatabaseBusyError extends CrmError {
  constructor(message = busyMessage(null)) {
    super('conflict', message);
  }
}

export function busyMessage(holder: LockHolder | null): string {
  const who =
    holder === null
      ? 'another CRM Console process'
      : `another process: PID ${holder.pid}${holder.command === null ? '' : `, ${holder.command}`}`;
  return `the database is busy (held by ${who}) — try again`;
}

/** the busy error for crm.db in `dataDir`, naming the holder when the OS tells */
export function databaseBusyIn(dataDir: string): DatabaseBusyError {
  // the file's name is database.ts's DATABASE_FILE, not imported: this module stays light for the CLI's error path
  return new DatabaseBusyError(busyMessage(writeLockHolder(join(dataDir, 'crm.db'))));
}
