// "Restart to update" makes way for the installer in order: the quit's clean-up (window place,
// runtime shutdown) has finished, then the single-instance lock is released, then the updater's
// quitAndInstall runs; the quit it causes passes the quit gate without a second clean-up. Built
// from the real quit gate and update service, with a recording updater and app.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createQuitGate } from '../../../src-main/app-shell/quit-gate';
import { createUpdateInstaller } from '../../../src-main/app-shell/update-restart';
import { startUpdateService, type AutoUpdaterLike } from '../../../src-main/app-shell/update-service';

const settle = () => new Promise((ok) => setTimeout(ok, 0));

function scene() {
  const steps: string[] = [];
  let finishCleanup!: () => void;
  const cleanup = vi.fn(() => {
    steps.push('cleanup started');
    return new Promise<void>((ok) => {
      finishCleanup = () => {
        steps.push('cleanup finished');
        ok();
      };
    });
  });
  const exit = vi.fn((code: number) => steps.push(`exit ${code}`));
  const gate = createQuitGate({ cleanup, exit, timeoutMs: 5000, log: () => {}, setTimer: () => undefined });
  const app = {
    /** Electron's app.quit: before-quit, and the process ends unless a listener held it */
    quit: vi.fn(() => {
      let held = false;
      gate({
        preventDefault: () => {
          held = true;
        },
      });
      steps.push(held ? 'quit held' : 'quit went through');
    }),
  };
  const updater = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    logger: null as AutoUpdaterLike['logger'],
    checkForUpdates: vi.fn(async () => null),
    // electron-updater: starts the installer, then quits the app on the next turn
    quitAndInstall: vi.fn(() => {
      steps.push('quitAndInstall');
      setImmediate(() => app.quit());
    }),
  });
  const timers: { fn: () => void; ms: number }[] = [];
  const installer = createUpdateInstaller({
    closeDown: () => gate.closeDown(),
    releaseSingleInstanceLock: () => steps.push('lock released'),
    exit,
    log: (m) => steps.push(`log: ${m}`),
    stuckAfterMs: 30_000,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
  });
  const service = startUpdateService({
    load: async () => updater as unknown as AutoUpdaterLike,
    emit: () => {},
    log: () => {},
    scrub: (t) => t,
    firstCheckAfterMs: 10_000,
    checkEveryMs: 3_600_000,
    setTimer: () => undefined,
    setRepeat: () => undefined,
    installer,
  });
  return { steps, cleanup, finishCleanup: () => finishCleanup(), exit, gate, app, updater, service, timers };
}

/** a scene whose updater has started and has an update downloaded, ready for "Restart to update" */
async function downloadedScene(): Promise<ReturnType<typeof scene>> {
  const s = scene();
  await settle();
  s.updater.emit('update-downloaded', { version: '0.2.0' });
  return s;
}

type Scene = ReturnType<typeof scene>;

/** a downloaded scene after `presses` (in that order) and the clean-up they started finished */
async function afterCleanup(...presses: ((s: Scene) => unknown)[]): Promise<Scene> {
  const s = await downloadedScene();
  for (const press of presses) press(s);
  s.finishCleanup();
  await settle();
  return s;
}
const restart = (s: Scene) => s.service.restart();
const quit = (s: Scene) => s.app.quit();

describe('restart to update', () => {
  it("cleans up as a quit does, then releases the single-instance lock, then installs; the installer's quit goes through", async () => {
    const s = await downloadedScene();
    expect(s.service.restart()).toBe(true);
    await settle();
    // nothing is handed over while the runtime is still shutting down
    expect(s.steps).toEqual(['cleanup started']);
    expect(s.updater.quitAndInstall).not.toHaveBeenCalled();
    s.finishCleanup();
    await settle();
    expect(s.steps).toEqual(['cleanup started', 'cleanup finished', 'lock released', 'quitAndInstall', 'quit went through']);
    // one clean-up, and the gate did not end the process itself before the installer's quit
    expect(s.cleanup).toHaveBeenCalledTimes(1);
    expect(s.exit).not.toHaveBeenCalled();
  });

  it("a Quit pressed while the restart is cleaning up waits for it and does not exit in the installer's way", async () => {
    const s = await afterCleanup(restart, quit);
    expect(s.steps).toEqual(['cleanup started', 'quit held', 'cleanup finished', 'lock released', 'quitAndInstall', 'quit went through']);
    expect(s.exit).not.toHaveBeenCalled();
  });

  it('"Restart to update" during a quit\'s clean-up shares that clean-up, and the installer ends the app instead of the quit', async () => {
    const s = await afterCleanup(quit, restart);
    expect(s.steps).toEqual(['cleanup started', 'quit held', 'cleanup finished', 'lock released', 'quitAndInstall', 'quit went through']);
    expect(s.cleanup).toHaveBeenCalledTimes(1);
    expect(s.exit).not.toHaveBeenCalled();
  });

  it('a second "Restart to update" does not start a second hand-over', async () => {
    const s = await afterCleanup(restart, restart);
    expect(s.updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('an install that never quits the app ends it after a while, with a line in the log', async () => {
    const failQuietly = (s: Scene) =>
      s.updater.quitAndInstall.mockImplementation(() => {
        s.steps.push('quitAndInstall failed quietly');
      });
    const s = await afterCleanup(failQuietly, restart);
    expect(s.timers.map((t) => t.ms)).toEqual([30_000]);
    s.timers[0]!.fn();
    expect(s.exit).toHaveBeenCalledWith(1);
    expect(s.steps).toContain('log: the installer did not take over within 30000 ms: quitting; start CRM Console again');
  });

  it('an ordinary quit still cleans up once and exits', async () => {
    const s = scene();
    s.app.quit();
    s.finishCleanup();
    await settle();
    expect(s.steps).toEqual(['cleanup started', 'quit held', 'cleanup finished', 'exit 0']);
  });
});
