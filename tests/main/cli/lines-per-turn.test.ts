// The listener's lines: those of one turn of the event loop go out in one write, in order, each
// ended by a newline; a later turn's lines in a write of their own.
import { describe, expect, it } from 'vitest';
import { linesPerTurn } from '../../../src-main/cli/lines-per-turn';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('linesPerTurn', () => {
  it("one write per turn, in order, nothing held past the turn's end", async () => {
    const writes: string[] = [];
    const print = linesPerTurn({ write: (text) => writes.push(text) });
    print('first');
    print('second');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['first\nsecond\n']);
    print('third');
    await nextTurn();
    expect(writes).toEqual(['first\nsecond\n', 'third\n']);
  });
});
