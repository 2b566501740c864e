// When the window's place is written: at once on every announced way out, a moment after the
// last move or resize otherwise, and always in the order asked.
import { describe, expect, it, vi } from 'vitest';
import { createWindowMemory } from '../../../src-main/app-shell/window-memory';
import type { WindowState } from '../../../src-main/app-shell/window-state';

const at = (x: number): WindowState => ({ bounds: { x, y: 0, width: 900, height: 600 }, maximized: false });

function setup(read: () => WindowState | null, save: (s: WindowState) => Promise<void> = async () => {}) {
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const log = vi.fn();
  const saveSpy = vi.fn(save);
  const memory = createWindowMemory({
    read,
    save: saveSpy,
    log,
    delayMs: 1000,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  const fire = () =>
    timers
      .filter((t) => !t.cleared)
      .forEach((t) => {
        t.cleared = true;
        t.fn();
      });
  return { memory, save: saveSpy, log, timers, fire };
}

describe('window memory', () => {
  it("a way out (close, quit, log-off) writes the window's state at once", async () => {
    const { memory, save } = setup(() => at(5));
    await memory.now();
    expect(save).toHaveBeenCalledWith(at(5));
  });

  it('moving or resizing writes once, after the window has been still for the delay', async () => {
    let x = 1;
    const { memory, save, timers, fire } = setup(() => at(x));
    memory.soon();
    x = 2;
    memory.soon();
    x = 3;
    memory.soon();
    expect(timers.filter((t) => !t.cleared)).toHaveLength(1);
    expect(timers[0]!.ms).toBe(1000);
    expect(save).not.toHaveBeenCalled();
    fire();
    await memory.settled();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(at(3));
  });

  it('a way out during the quiet time writes now and drops the pending write', async () => {
    const { memory, save, timers } = setup(() => at(7));
    memory.soon();
    await memory.now();
    expect(timers[0]!.cleared).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('writes land in the order asked: a slow first write cannot overwrite a later one', async () => {
    const landed: number[] = [];
    let release!: () => void;
    const slow = new Promise<void>((ok) => {
      release = ok;
    });
    let x = 1;
    const { memory } = setup(
      () => at(x),
      async (s) => {
        if (s.bounds!.x === 1) await slow;
        landed.push(s.bounds!.x);
      },
    );
    void memory.now();
    x = 2;
    const second = memory.now();
    release();
    await second;
    expect(landed).toEqual([1, 2]);
  });

  it('no window: nothing is written; a failed write is logged and later writes still happen', async () => {
    const none = setup(() => null);
    await none.memory.now();
    expect(none.save).not.toHaveBeenCalled();
    let fail = true;
    const { memory, save, log } = setup(
      () => at(1),
      async () => {
        if (fail) throw new Error('EROFS: read-only file system');
      },
    );
    await memory.now();
    expect(log).toHaveBeenCalledWith('window state not saved: EROFS: read-only file system');
    fail = false;
    await memory.now();
    expect(save).toHaveBeenCalledTimes(2);
  });
});
