// A listener asks for a search catch-up after each reply it stores: one is asked for at a time,
// replies stored before it runs ride with it, one stored after it ran asks for the next, and a
// catch-up whose write failed is told and does not keep later ones from being asked for.
import { describe, expect, it } from 'vitest';
import { searchCatchUpSoon } from '../../../../src-main/core/store/search-catch-up';

/** a durable write that runs its work only when the test says, like a group commit's */
function heldWrites(): { write: <T>(work: () => T) => Promise<T>; runAll: (fail?: Error) => Promise<void>; waiting: () => number } {
  let queued: { run: () => void; fail: (err: Error) => void }[] = [];
  return {
    write: <T>(work: () => T) =>
      new Promise<T>((resolve, reject) => queued.push({ run: () => resolve(work()), fail: (err) => reject(err) })),
    runAll: async (fail) => {
      const now = queued;
      queued = [];
      for (const write of now) {
        if (fail) write.fail(fail);
        else write.run();
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
    waiting: () => queued.length,
  };
}

describe('the search catch-up asked for by a listener', () => {
  it('asks for one catch-up for the replies stored before it runs, and another for those stored after', async () => {
    const writes = heldWrites();
    let catchUps = 0;
    const soon = searchCatchUpSoon(
      writes.write,
      () => (catchUps += 1),
      () => undefined,
    );
    soon();
    soon();
    soon();
    expect(writes.waiting()).toBe(1);
    await writes.runAll();
    expect(catchUps).toBe(1);
    soon();
    expect(writes.waiting()).toBe(1);
    await writes.runAll();
    expect(catchUps).toBe(2);
  });

  it('a catch-up whose write failed is told, and the next reply asks for another', async () => {
    const writes = heldWrites();
    const failures: unknown[] = [];
    let catchUps = 0;
    const soon = searchCatchUpSoon(
      writes.write,
      () => (catchUps += 1),
      (err) => failures.push(err),
    );
    soon();
    await writes.runAll(new Error('the disk is full'));
    expect(failures).toEqual([new Error('the disk is full')]);
    soon();
    expect(writes.waiting()).toBe(1);
    await writes.runAll();
    expect(catchUps).toBe(1);
  });
});
