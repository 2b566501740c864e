// A listener's replies are indexed for search in a batch a moment after they are stored
// (MessageSearchTable.catchUp), not by a trigger of each insert: the catch-up is a write of its
// own that rides with a later group of posts (GroupCommit.writeWithNext, held about 100 ms), so
// one index write serves the replies of several groups. A search never waits for it: it catches
// up itself first.
import type { DurableWrite } from './write-batch';

/** returns `soon`: asks for one catch-up, unless one is already asked for and has not run yet */
export function searchCatchUpSoon(write: DurableWrite, catchUp: () => void, failed: (err: unknown) => void): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    // cleared when it runs: a reply stored after this catch-up ran asks for the next one
    write(() => {
      asked = false;
      catchUp();
    }).catch((err: unknown) => {
      asked = false;
      failed(err);
    });
  };
}
