// When the window's place is written down. Every way out that Electron announces (closing the
// window, Quit, Cmd+Q, app.quit, logging off) writes it at once; moving or resizing writes it a
// moment after the person stops, so an end nobody announces (a crash, kill -9, power loss) still
// finds the last place on disk. Writes run one after another, so a slow early write can never
// land after, and overwrite, a later one.
import type { WindowState } from './window-state';

export interface WindowMemoryOptions {
  /** the window's state now, or null when there is no window to remember */
  read: () => WindowState | null;
  save: (state: WindowState) => Promise<void>;
  log: (message: string) => void;
  /** quiet time after the last move or resize before it is written */
  delayMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface WindowMemory {
  /** moved or resized: written once the window has been still for `delayMs` */
  soon(): void;
  /** a way out: written now (read synchronously, before the window is gone) */
  now(): Promise<void>;
  /** every write asked for so far has finished */
  settled(): Promise<void>;
}

export function createWindowMemory(options: WindowMemoryOptions): WindowMemory {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let writes: Promise<void> = Promise.resolve();

  const now = (): Promise<void> => {
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    const state = options.read();
    if (state === null) return writes;
    writes = writes
      .then(() => options.save(state))
      .catch((err: unknown) => options.log(`window state not saved: ${err instanceof Error ? err.message : String(err)}`));
    return writes;
  };
  return {
    soon() {
      if (timer !== null) clearTimer(timer);
      timer = setTimer(() => {
        timer = null;
        void now();
      }, options.delayMs);
    },
    now,
    settled: () => writes,
  };
}
