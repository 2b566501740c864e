// Quitting waits for the app to put its things away (the outbox's journal, the sandbox's delayed
// write, staged files, the window's size) but never hangs: after `timeoutMs` it quits anyway and
// says what was left. Electron's before-quit does not wait for promises, hence the gate: the
// first quit is held (preventDefault), cleanup runs once, then the host exits for real.
//
// An installer that replaces the app (restart to update) needs the same clean-up BEFORE it takes
// over, and then quits the app itself: closeDown() runs the one clean-up without exiting, and the
// quit that follows passes straight through.

export interface QuitEvent {
  preventDefault(): void;
}

export interface QuitGateOptions {
  cleanup: () => Promise<void>;
  /** ends the process without another before-quit (Electron: app.exit) */
  exit: (code: number) => void;
  timeoutMs: number;
  log: (message: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

export interface QuitGate {
  /** before-quit's listener */
  (event: QuitEvent): void;
  /**
   * Puts everything away as a quit does, but leaves ending the process to the caller (an
   * installer quitting the app). Resolves when clean-up finished, failed or timed out; never rejects.
   */
  closeDown(): Promise<void>;
}

export function createQuitGate(options: QuitGateOptions): QuitGate {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  // open -> cleaning (a quit, which exits when clean-up ends) or handing-over (closeDown) -> done
  let state: 'open' | 'cleaning' | 'handing-over' | 'done' = 'open';
  let started = false;
  let result: number | null = null;
  const waiting: ((code: number) => void)[] = [];

  /**
   * Runs the one clean-up, shared by a quit and a hand-over, and calls `then` with the exit code
   * it earned, synchronously when it ends (a timeout exits at once, not a turn later).
   */
  const afterCleanup = (then: (code: number) => void): void => {
    if (result !== null) return then(result);
    waiting.push(then);
    if (started) return;
    started = true;
    const settle = (code: number): void => {
      if (result !== null) return;
      result = code;
      for (const fn of waiting.splice(0)) fn(code);
    };
    setTimer(() => {
      if (result !== null) return;
      options.log(`quitting before clean-up finished (${options.timeoutMs} ms): pending writes may be lost`);
      settle(0);
    }, options.timeoutMs);
    options.cleanup().then(
      () => settle(0),
      (err: unknown) => {
        options.log(`clean-up failed while quitting: ${err instanceof Error ? err.message : String(err)}`);
        settle(1);
      },
    );
  };

  const gate = ((event: QuitEvent) => {
    if (state === 'done') return;
    event.preventDefault();
    // a second Quit while cleaning, or any quit while an installer is taking over, waits for that
    if (state !== 'open') return;
    state = 'cleaning';
    afterCleanup((code) => {
      // a hand-over that started meanwhile ends the app its own way
      if (state !== 'cleaning') return;
      state = 'done';
      options.exit(code);
    });
  }) as QuitGate;

  gate.closeDown = async () => {
    if (state === 'done') return;
    state = 'handing-over';
    await new Promise<number>((resolve) => afterCleanup(resolve));
    state = 'done';
  };
  return gate;
}
