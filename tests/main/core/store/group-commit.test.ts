// Group commit on a real crm.db file, read back through a second connection (which sees only what
// was committed): writes asked for together go in one transaction, each is answered only once it
// is on disk, and a write that throws fails alone, its own partial writes rolled back.
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../../src-main/core/store/database';
import { GroupCommit } from '../../../../src-main/core/store/group-commit';
import { closeScratchDbs, scratchDb } from '../../helpers/scratch-db';

afterEach(closeScratchDbs);

const twoConnections = (): Promise<{ writer: SqliteDatabase; reader: SqliteDatabase }> =>
  scratchDb('group-commit', 'CREATE TABLE scratch (id TEXT PRIMARY KEY, part INTEGER NOT NULL DEFAULT 0)');

const committed = (reader: SqliteDatabase, id: string): boolean =>
  reader.prepare<[string], number>('SELECT count(*) FROM scratch WHERE id = ?').pluck().get(id) === 1;

/** a group commit of at most `limit` writes, in a window that never ends by itself; the sizes of its groups; an insert into scratch */
function groupsOf(writer: SqliteDatabase, limit: number) {
  const groups: number[] = [];
  const commit = new GroupCommit(writer, { windowMs: 60_000, limit, onGroup: (size) => groups.push(size) });
  const insert = writer.prepare<[string]>('INSERT INTO scratch (id) VALUES (?)');
  return { groups, commit, insert };
}

describe('group commit', () => {
  it('writes asked for together go in one transaction, each answered only once it is committed', async () => {
    const { writer, reader } = await twoConnections();
    const { groups, commit, insert } = groupsOf(writer, 20);
    const seenAtAnswer: boolean[] = [];
    const answers = Array.from({ length: 20 }, (_, i) =>
      commit
        .write(() => {
          insert.run(`w${i}`);
          return i;
        })
        .then((value) => {
          seenAtAnswer.push(committed(reader, `w${value}`));
          return value;
        }),
    );
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(groups).toEqual([20]);
    expect(seenAtAnswer).toEqual(Array.from({ length: 20 }, () => true));
  });

  it('nothing is written, nor answered, before the group is', async () => {
    const { writer, reader } = await twoConnections();
    const commit = new GroupCommit(writer, { windowMs: 60_000 });
    let answered = false;
    const answer = commit.write(() => writer.prepare("INSERT INTO scratch (id) VALUES ('late')").run()).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    expect(committed(reader, 'late')).toBe(false);
    commit.flushNow();
    await answer;
    expect(committed(reader, 'late')).toBe(true);
  });

  it('a write that throws fails alone: its own writes are rolled back, the others of its group committed', async () => {
    const { writer, reader } = await twoConnections();
    const { groups, commit, insert } = groupsOf(writer, 5);
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'bad', 'c', 'd'].map((id) =>
        commit.write(() => {
          insert.run(id);
          if (id === 'bad') throw new Error('its effects failed');
          return id;
        }),
      ),
    );
    expect(groups).toEqual([5]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'its effects failed' });
    expect(['a', 'b', 'c', 'd'].map((id) => committed(reader, id))).toEqual([true, true, true, true]);
    expect(committed(reader, 'bad')).toBe(false);
  });

  it('a group whose writes all succeed runs each once; after one throws, the others run again and commit, the thrower alone fails', async () => {
    const { writer, reader } = await twoConnections();
    const { groups, commit, insert } = groupsOf(writer, 3);
    const runs = new Map<string, number>();
    const counted = (id: string, fails: boolean) => () => {
      runs.set(id, (runs.get(id) ?? 0) + 1);
      insert.run(id);
      if (fails) throw new Error(`${id} refused`);
    };
    await Promise.all(['p', 'q', 'r'].map((id) => commit.write(counted(id, false))));
    expect([...runs.values()]).toEqual([1, 1, 1]);
    const outcomes = await Promise.allSettled(['s', 'bad', 't'].map((id) => commit.write(counted(id, id === 'bad'))));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([3, 3]);
    expect(['p', 'q', 'r', 's', 't', 'bad'].map((id) => committed(reader, id))).toEqual([true, true, true, true, true, false]);
    // 'bad' threw before 't' ran: 's' and 'bad' ran twice, 't' once, and no row twice
    expect([runs.get('s'), runs.get('bad'), runs.get('t')]).toEqual([2, 2, 1]);
    expect(reader.prepare('SELECT count(*) FROM scratch').pluck().get()).toBe(5);
  });

  it("a write that catches its own transaction's failure and goes on still fails alone, its writes rolled back", async () => {
    const { writer, reader } = await twoConnections();
    const { commit, insert } = groupsOf(writer, 3);
    const refusing = writer.transaction((id: string) => {
      insert.run(id);
      throw new Error('refused inside');
    });
    const goesOn = (): string => {
      try {
        refusing('half-written');
      } catch {
        // handled here: the group must still not commit 'half-written'
      }
      insert.run('after-the-catch');
      return 'went on';
    };
    const outcomes = await Promise.allSettled([
      commit.write(() => insert.run('x')),
      commit.write(goesOn),
      commit.write(() => insert.run('y')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(['x', 'y', 'after-the-catch', 'half-written'].map((id) => committed(reader, id))).toEqual([true, true, true, false]);
  });

  it('more writes than a group holds go in several groups, none lost', async () => {
    const { writer, reader } = await twoConnections();
    const { groups, commit, insert } = groupsOf(writer, 4);
    const answers = Array.from({ length: 10 }, (_, i) => commit.write(() => insert.run(`n${i}`)));
    commit.flushNow();
    await Promise.all(answers);
    expect(groups).toEqual([4, 4, 2]);
    expect(reader.prepare('SELECT count(*) FROM scratch').pluck().get()).toBe(10);
  });

  it('a write with the next group joins the group the next write starts, and goes alone when none starts', async () => {
    const { writer, reader } = await twoConnections();
    const groups: number[] = [];
    const commit = new GroupCommit(writer, { windowMs: 5, withNextMs: 60_000, holdMs: 0, onGroup: (size) => groups.push(size) });
    const insert = writer.prepare<[string]>('INSERT INTO scratch (id) VALUES (?)');
    const later = commit.writeWithNext(() => insert.run('row-of-an-answered-post'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // nothing started a group: it waits (a minute here)
    expect(committed(reader, 'row-of-an-answered-post')).toBe(false);
    // the next post's write starts a group within its own window, and the waiting write goes with it
    await Promise.all([commit.write(() => insert.run('next-post')), later]);
    expect(groups).toEqual([2]);
    const alone = new GroupCommit(writer, { windowMs: 60_000, withNextMs: 5, holdMs: 0, onGroup: (size) => groups.push(size) });
    await alone.writeWithNext(() => insert.run('a-quiet-moment'));
    expect(groups).toEqual([2, 1]);
    expect(['next-post', 'a-quiet-moment'].map((id) => committed(reader, id))).toEqual([true, true]);
  });

  it('a write with the next group is held first: the groups started during its hold go without it', async () => {
    const { writer, reader } = await twoConnections();
    const groups: number[] = [];
    const commit = new GroupCommit(writer, { windowMs: 1, withNextMs: 60_000, holdMs: 60_000, onGroup: (size) => groups.push(size) });
    const insert = writer.prepare<[string]>('INSERT INTO scratch (id) VALUES (?)');
    const held = commit.writeWithNext(() => insert.run('rows-of-answered-posts'));
    await commit.write(() => insert.run('a-post'));
    await commit.write(() => insert.run('another-post'));
    expect(groups).toEqual([1, 1]);
    expect(committed(reader, 'rows-of-answered-posts')).toBe(false);
    // closing ends the hold: nothing waits on its timer
    await commit.drain();
    await held;
    expect(groups).toEqual([1, 1, 1]);
    expect(committed(reader, 'rows-of-answered-posts')).toBe(true);
  });

  it('a held write joins the group the next write starts once its hold ends', async () => {
    const { writer, reader } = await twoConnections();
    const groups: number[] = [];
    const commit = new GroupCommit(writer, { windowMs: 5, withNextMs: 60_000, holdMs: 5, onGroup: (size) => groups.push(size) });
    const insert = writer.prepare<[string]>('INSERT INTO scratch (id) VALUES (?)');
    const held = commit.writeWithNext(() => insert.run('rows-of-answered-posts'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // its hold ended, and no group started since: it waits for one (a minute here)
    expect(committed(reader, 'rows-of-answered-posts')).toBe(false);
    await Promise.all([commit.write(() => insert.run('next-post')), held]);
    expect(groups).toEqual([2]);
  });
});
