// "Restart to update": the order in which the app makes way for the new version. The installer
// must find the app already put away and its single-instance lock free:
// - the quit's own clean-up first (window place saved, runtime shut down), as a Quit would do it;
//   the NSIS installer otherwise kills the app part-way through it;
// - then the single-instance lock released: a new AppImage started while this process still
//   held it would see "already running", hand over to us and quit, and the app never came back;
// - only then the updater's quitAndInstall, which starts the installer and quits the app.
// If the app is still running long after that (the install failed and nothing quit), it exits:
// its runtime is shut down, so the window could no longer do anything.

export interface UpdateInstallerDeps {
  /** the quit gate's closeDown: the clean-up a quit runs, without exiting */
  closeDown: () => Promise<void>;
  releaseSingleInstanceLock: () => void;
  exit: (code: number) => void;
  log: (message: string) => void;
  /** how long the installer may take to quit the app before the app exits by itself */
  stuckAfterMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Hands the updater's quitAndInstall to the app's shutdown order; only the first call counts. */
export function createUpdateInstaller(deps: UpdateInstallerDeps): (quitAndInstall: () => void) => void {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref());
  let started = false;
  return (quitAndInstall) => {
    if (started) return;
    started = true;
    void deps.closeDown().then(() => {
      deps.releaseSingleInstanceLock();
      try {
        quitAndInstall();
      } catch (err) {
        deps.log(`the update could not be installed: ${err instanceof Error ? err.message : String(err)}`);
      }
      setTimer(() => {
        deps.log(`the installer did not take over within ${deps.stuckAfterMs} ms: quitting; start CRM Console again`);
        deps.exit(1);
      }, deps.stuckAfterMs);
    });
  };
}
