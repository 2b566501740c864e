// The listener's profile read shared within one turn of the event loop: asks made together share
// one read, and an ask in a later turn reads again (a change another process made is seen).
import { describe, expect, it } from 'vitest';
import { oncePerTurn } from '../../../../src-main/core/events/webhooks/once-per-turn';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('oncePerTurn', () => {
  it('asks in one turn share a read; a later turn reads again', async () => {
    let reads = 0;
    const read = oncePerTurn(() => Promise.resolve((reads += 1)));
    expect(await Promise.all([read(), read(), read().then(() => read())])).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
    await nextTurn();
    expect(await read()).toBe(2);
  });

  it('a failed read fails the asks of its turn only', async () => {
    let fail = true;
    const read = oncePerTurn(() => (fail ? Promise.reject(new Error('the file is busy')) : Promise.resolve('read')));
    await expect(read()).rejects.toThrow('the file is busy');
    fail = false;
    await nextTurn();
    expect(await read()).toBe('read');
  });
});
