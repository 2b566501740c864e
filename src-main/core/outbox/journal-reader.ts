// The journal as a process that does not run the outbox reads it (a `crm` command that only
// lists what is queued): no lock and no writes. What it cannot read is left out, not set aside: a
// torn last line is an append in progress or one a crash cut off, and the next outbox to open the
// journal deals with real damage. An atomic compaction swaps the whole file, so a read sees one
// generation or the other.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOURNAL_FILE } from './journal';
import { parseJournal } from './journal-parse';
import type { PayloadRules, StoredOp } from './records';

/** the latest intact snapshot of every operation in `<dir>/outbox.journal`; none when it does not exist */
export async function readJournal(dir: string, payloads: PayloadRules): Promise<StoredOp[]> {
  let buf: Buffer;
  try {
    buf = await readFile(join(dir, JOURNAL_FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const latest = new Map<string, StoredOp>();
  for (const entry of parseJournal(buf, 0, payloads).entries) latest.set(entry.r.item.id, entry.r);
  return [...latest.values()];
}
