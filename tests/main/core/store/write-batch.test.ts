// Batched writes on a real crm.db file, read back through a second connection (which sees only what
// was committed): items queued while their write waits go to disk in one write, each answered only
// once it is committed; a group commit whose transaction failed runs the batch again alone, and
// each item is then written once, none lost; a batch that fails fails each of its items, and what
// is queued after it is written all the same; settled() and drain() leave nothing behind.
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../../src-main/core/store/database';
import { GroupCommit } from '../../../../src-main/core/store/group-commit';
import { WriteBatch } from '../../../../src-main/core/store/write-batch';
import { closeScratchDbs, scratchDb } from '../../helpers/scratch-db';

afterEach(closeScratchDbs);

const twoConnections = (): Promise<{ writer: SqliteDatabase; reader: SqliteDatabase }> =>
  scratchDb('write-batch', 'CREATE TABLE scratch (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL)');

const idsIn = (reader: SqliteDatabase): string[] => reader.prepare<[], string>('SELECT id FROM scratch ORDER BY seq').pluck().all();

/** a batch of scratch rows: each item's result is the seq it was given; `sizes` gets each batch's size */
function scratchBatch(writer: SqliteDatabase, commit: GroupCommit, sizes: number[]): WriteBatch<string, number> {
  const insert = writer.prepare<[string]>('INSERT INTO scratch (id) VALUES (?)');
  return new WriteBatch(
    (work) => commit.write(work),
    (ids) => {
      sizes.push(ids.length);
      return ids.map((id) => {
        if (id === 'bad') throw new Error('this batch failed');
        return Number(insert.run(id).lastInsertRowid);
      });
    },
  );
}

describe('write batch', () => {
  it('items queued while their write waits go in one write, each answered only once it is committed', async () => {
    const { writer, reader } = await twoConnections();
    const commit = new GroupCommit(writer, { windowMs: 60_000 });
    const sizes: number[] = [];
    const batch = scratchBatch(writer, commit, sizes);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const seenAtAnswer: boolean[] = [];
    const answers = ids.map((id) => batch.add(id).then((seq) => (seenAtAnswer.push(idsIn(reader).includes(id)), seq)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idsIn(reader)).toEqual([]);
    expect(batch.busy).toBe(true);
    commit.flushNow();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([5]);
    expect(seenAtAnswer).toEqual(ids.map(() => true));
    expect(batch.busy).toBe(false);
  });

  it('a group whose transaction failed runs the batch again alone: each item written once, none lost', async () => {
    const { writer, reader } = await twoConnections();
    let refuse = true;
    const commit = new GroupCommit(writer, {
      windowMs: 60_000,
      around: (writes) => {
        const result = writes();
        // as a commit refused by the disk: the whole group's transaction rolls back
        if (refuse) {
          refuse = false;
          throw new Error('the commit was refused');
        }
        return result;
      },
    });
    const sizes: number[] = [];
    const batch = scratchBatch(writer, commit, sizes);
    const answers = ['a', 'b', 'c'].map((id) => batch.add(id));
    commit.flushNow();
    expect(await Promise.all(answers)).toHaveLength(3);
    expect(sizes).toEqual([3, 3]);
    expect(idsIn(reader)).toEqual(['a', 'b', 'c']);
  });

  it('a batch that fails fails each of its items; what is queued after it is written', async () => {
    const { writer, reader } = await twoConnections();
    const commit = new GroupCommit(writer, { windowMs: 60_000 });
    const sizes: number[] = [];
    const batch = scratchBatch(writer, commit, sizes);
    const failed = await Promise.allSettled(['a', 'bad', 'c'].map((id) => batch.add(id)).concat(commit.drain().then(() => 0)));
    expect(failed.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'fulfilled']);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'this batch failed' });
    expect(idsIn(reader)).toEqual([]);
    const later = batch.add('d');
    await commit.drain();
    expect(await later).toBeGreaterThan(0);
    expect(idsIn(reader)).toEqual(['d']);
  });

  it('drain writes what the answers to a group queue in turn, and settled() waits for it', async () => {
    const { writer, reader } = await twoConnections();
    const commit = new GroupCommit(writer, { windowMs: 60_000 });
    const sizes: number[] = [];
    const batch = scratchBatch(writer, commit, sizes);
    const insert = writer.prepare<[string]>('INSERT INTO scratch (id) VALUES (?)');
    // as a listener: each post's own row first, its follow-up row queued once that committed
    const posts = ['p1', 'p2', 'p3'].map((id) => commit.write(() => insert.run(id)).then(() => void batch.add(`${id}-row`)));
    const settled = Promise.all(posts).then(() => batch.settled());
    await commit.drain();
    await settled;
    expect(idsIn(reader)).toEqual(['p1', 'p2', 'p3', 'p1-row', 'p2-row', 'p3-row']);
    expect(sizes).toEqual([3]);
  });
});
