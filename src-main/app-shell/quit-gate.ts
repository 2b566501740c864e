// Quitting waits for the app to put its things away (the outbox's journal, the sandbox's delayed
// write, staged files, the window's size) but never hangs: after `timeoutMs` it quits anyway and
// says what was left. Electron's before-quit does not wait for promises, hence the gate: the
// first quit is held (preventDefault), cleanup runs once, then the host exits for real.

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

export function createQuitGate(options: QuitGateOptions): (event: QuitEvent) => void {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  let state: 'open' | 'cleaning' | 'done' = 'open';
  return (event) => {
    if (state === 'done') return;
    event.preventDefault();
    if (state === 'cleaning') return;
    state = 'cleaning';
    const finish = (code: number): void => {
      if (state === 'done') return;
      state = 'done';
      options.exit(code);
    };
    setTimer(() => {
      options.log(`quitting before clean-up finished (${options.timeoutMs} ms): pending writes may be lost`);
      finish(0);
    }, options.timeoutMs);
    options.cleanup().then(
      () => finish(0),
      (err: unknown) => {
        options.log(`clean-up failed while quitting: ${err instanceof Error ? err.message : String(err)}`);
        finish(1);
      },
    );
  };
}
