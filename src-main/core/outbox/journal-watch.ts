// Notices, without any timer, that another process (the app, `crm`) wrote the journal: a file
// watch on the data dir, then a cheap size check, then a catch-up (which reports the changes
// through the journal's onChange). Where file watching is unavailable, other processes' work is
// seen at this process's next pass instead.
import { watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Journal } from './journal';
import { JOURNAL_FILE } from './journal';

/** returns a function that stops watching */
export function watchJournal(dir: string, journal: Journal): () => void {
  let pending = false;
  let stopped = false;
  const touched = (): void => {
    if (pending || stopped) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      if (stopped) return;
      void (async () => {
        const known = journal.knownSize();
        const st = await stat(journal.path).catch(() => null);
        if (st && st.ino === known.ino && st.size === known.size) return; // our own write
        await journal.transact(() => undefined);
      })().catch(() => undefined);
    });
  };
  let watcher: ReturnType<typeof watch> | null = null;
  try {
    // not persistent: the watch never keeps a process alive
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      if (name === JOURNAL_FILE || name === null) touched();
    });
    watcher.on('error', () => {
      watcher?.close();
      watcher = null;
    });
  } catch {
    watcher = null;
  }
  return () => {
    stopped = true;
    watcher?.close();
    watcher = null;
  };
}
