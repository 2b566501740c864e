// Updating the installed app: what electron-updater's events become for the window (a pure
// state machine), and the service that drives an updater: when it checks, what it tells the
// window, what it logs (scrubbed), and that a restart installs only a downloaded update.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { nextUpdateState, updateMessage, type UpdateSignal } from '../../../src-main/app-shell/update-machine';
import { startUpdateService, type AutoUpdaterLike } from '../../../src-main/app-shell/update-service';
import { createAppHandlers } from '../../../src-main/ipc/app-handlers';
import type { UpdateState } from '../../../src-main/shared/ipc-types';

const KEY = 'crm_sk_live_0123456789abcdef';
const scrub = (t: string): string => t.replaceAll(KEY, '***');
const run = (signals: UpdateSignal[], from: UpdateState = { phase: 'idle' }): UpdateState =>
  signals.reduce((s, signal) => nextUpdateState(s, signal, scrub), from);

describe('the update state machine', () => {
  it('checking, available with its version, download progress in whole percent, downloaded: ready to restart', () => {
    expect(run([{ kind: 'checking' }])).toEqual({ phase: 'checking' });
    expect(run([{ kind: 'checking' }, { kind: 'available', version: '0.2.0' }])).toEqual({ phase: 'available', version: '0.2.0' });
    expect(run([{ kind: 'checking' }, { kind: 'available', version: '0.2.0' }, { kind: 'progress', percent: 42.7 }])).toEqual({
      phase: 'downloading',
      version: '0.2.0',
      percent: 42,
    });
    expect(
      run([
        { kind: 'available', version: '0.2.0' },
        { kind: 'progress', percent: 99 },
        { kind: 'downloaded', version: '0.2.0' },
      ]),
    ).toEqual({ phase: 'ready', version: '0.2.0' });
  });

  it('nothing new: back to idle', () => {
    expect(run([{ kind: 'checking' }, { kind: 'not-available' }])).toEqual({ phase: 'idle' });
  });

  it('progress is kept within 0 to 100, and ignored when no download was announced', () => {
    expect(
      run([
        { kind: 'available', version: '1' },
        { kind: 'progress', percent: 140 },
      ]),
    ).toMatchObject({ percent: 100 });
    expect(
      run([
        { kind: 'available', version: '1' },
        { kind: 'progress', percent: -3 },
      ]),
    ).toMatchObject({ percent: 0 });
    expect(
      run([
        { kind: 'available', version: '1' },
        { kind: 'progress', percent: Number.NaN },
      ]),
    ).toMatchObject({ percent: 0 });
    expect(run([{ kind: 'progress', percent: 50 }])).toEqual({ phase: 'idle' });
  });

  it('the same state again is the same object, so the window is not told twice', () => {
    const downloading = run([
      { kind: 'available', version: '1' },
      { kind: 'progress', percent: 10.2 },
    ]);
    expect(nextUpdateState(downloading, { kind: 'progress', percent: 10.9 }, scrub)).toBe(downloading);
    expect(nextUpdateState(downloading, { kind: 'checking' }, scrub)).toBe(downloading);
    expect(nextUpdateState(downloading, { kind: 'available', version: '1' }, scrub)).toBe(downloading);
    const failed = run([{ kind: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }]);
    expect(nextUpdateState(failed, { kind: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }, scrub)).toBe(failed);
  });

  it('a downloaded update stays offered through later checks and errors; only a newer one replaces it', () => {
    const ready: UpdateState = { phase: 'ready', version: '0.2.0' };
    for (const signal of [
      { kind: 'checking' },
      { kind: 'not-available' },
      { kind: 'error', message: 'offline' },
      { kind: 'available', version: '0.2.0' },
      { kind: 'progress', percent: 5 },
    ] as UpdateSignal[]) {
      expect(nextUpdateState(ready, signal, scrub)).toBe(ready);
    }
    expect(nextUpdateState(ready, { kind: 'available', version: '0.3.0' }, scrub)).toEqual({ phase: 'available', version: '0.3.0' });
    expect(nextUpdateState(ready, { kind: 'downloaded', version: '0.3.0' }, scrub)).toEqual({ phase: 'ready', version: '0.3.0' });
  });

  it('off stays off', () => {
    expect(run([{ kind: 'checking' }, { kind: 'downloaded', version: '9' }], { phase: 'off' })).toEqual({ phase: 'off' });
  });

  it("an error reaches the window scrubbed: key values, a URL's password and query, one line, cut", () => {
    const state = run([
      {
        kind: 'error',
        message: `Cannot download "https://bob:hunter2@feed.example.com/latest.yml?token=${KEY}" with ${KEY}\n    at stack (file.js:1:1)`,
      },
    ]);
    expect(state).toEqual({ phase: 'failed', message: 'Cannot download "https://***@feed.example.com/latest.yml" with ***' });
    expect(updateMessage('x'.repeat(500), scrub)).toHaveLength(201);
    expect(updateMessage('\n\n', scrub)).toBe('The update could not be fetched.');
  });
});

/** an updater like electron-updater's: an event emitter with the fields the service sets */
function fakeUpdater() {
  const emitter = new EventEmitter();
  const updater = Object.assign(emitter, {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    logger: null as AutoUpdaterLike['logger'],
    checkForUpdates: vi.fn(async () => null as unknown),
    quitAndInstall: vi.fn(),
  });
  return updater;
}

function start(updater = fakeUpdater(), load?: () => Promise<AutoUpdaterLike>) {
  const timers: { fn: () => void; ms: number; repeat: boolean }[] = [];
  const emitted: UpdateState[] = [];
  const log = vi.fn();
  const service = startUpdateService({
    load: load ?? (async () => updater as unknown as AutoUpdaterLike),
    emit: (s) => emitted.push(s),
    log,
    scrub,
    firstCheckAfterMs: 10_000,
    checkEveryMs: 3_600_000,
    setTimer: (fn, ms) => timers.push({ fn, ms, repeat: false }),
    setRepeat: (fn, ms) => timers.push({ fn, ms, repeat: true }),
  });
  return { service, updater, timers, emitted, log };
}

const settle = () => new Promise((ok) => setTimeout(ok, 0));

describe('the update service', () => {
  it('checks once shortly after start and then on a timer, downloading by itself and installing on quit', async () => {
    const { updater, timers } = start();
    expect(timers.map(({ ms, repeat }) => ({ ms, repeat }))).toEqual([
      { ms: 10_000, repeat: false },
      { ms: 3_600_000, repeat: true },
    ]);
    await settle();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    timers[0]!.fn();
    await settle();
    timers[1]!.fn();
    await settle();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it("leaves electron-updater's checks of what it installs as they are (hash, publisher, signature): it sets only when to download and install", async () => {
    const updater = fakeUpdater();
    const before = new Set(Object.keys(updater));
    start(updater);
    await settle();
    const set = Object.keys(updater).filter((k) => !before.has(k) && !k.startsWith('_'));
    expect(set).toEqual([]);
    // a property an updater's setter would take: none of them is ever written
    for (const guard of ['verifyUpdateCodeSignature', 'forceDevUpdateConfig', 'allowDowngrade', 'disableWebInstaller'])
      expect(updater, guard).not.toHaveProperty(guard);
  });

  it("turns the updater's events into app:update states, each once", async () => {
    const { updater, emitted, service } = start();
    await settle();
    updater.emit('checking-for-update');
    updater.emit('update-available', { version: '0.2.0', files: [] });
    updater.emit('download-progress', { percent: 12.5, bytesPerSecond: 1, total: 8, transferred: 1 });
    updater.emit('download-progress', { percent: 12.9 });
    updater.emit('update-downloaded', { version: '0.2.0', downloadedFile: '/tmp/x' });
    expect(emitted).toEqual([
      { phase: 'checking' },
      { phase: 'available', version: '0.2.0' },
      { phase: 'downloading', version: '0.2.0', percent: 12 },
      { phase: 'ready', version: '0.2.0' },
    ]);
    expect(service.state()).toEqual({ phase: 'ready', version: '0.2.0' });
  });

  it('restart installs only a downloaded update', async () => {
    const { updater, service } = start();
    await settle();
    expect(service.restart()).toBe(false);
    updater.emit('update-available', { version: '0.2.0' });
    expect(service.restart()).toBe(false);
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(service.restart()).toBe(true);
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('an error event and a failed check are said once, scrubbed, in the window and the log', async () => {
    const { updater, timers, emitted, log } = start();
    await settle();
    const err = new Error(`HttpError: 404 for https://feed.example.com/latest.yml?key=${KEY}`);
    updater.checkForUpdates.mockImplementation(async () => {
      updater.emit('error', err);
      throw err;
    });
    timers[0]!.fn();
    await settle();
    expect(emitted).toEqual([{ phase: 'failed', message: 'HttpError: 404 for https://feed.example.com/latest.yml' }]);
    expect(log.mock.calls.flat().join('\n')).not.toContain(KEY);
  });

  it("electron-updater's own log lines go to the app's log, scrubbed", async () => {
    const { updater, log } = start();
    await settle();
    updater.logger!.info(`Checking for update with ${KEY}`);
    updater.logger!.error(new Error('boom'));
    expect(log).toHaveBeenCalledWith('updater info: Checking for update with ***');
    expect(log).toHaveBeenCalledWith('updater error: Error: boom');
  });

  it('an updater that cannot be loaded is a failed state, not a crash', async () => {
    const { timers, emitted, service } = start(undefined, () => Promise.reject(new Error('Cannot find module electron-updater')));
    timers[0]!.fn();
    await settle();
    expect(emitted).toEqual([{ phase: 'failed', message: 'Cannot find module electron-updater' }]);
    expect(service.restart()).toBe(false);
  });
});

describe('the update channels', () => {
  const handlersWith = (updates?: { state: () => UpdateState; restart: () => boolean }) =>
    createAppHandlers({} as never, {} as never, () => ({}) as never, undefined, updates);

  it('a copy that does not update itself says off, and refuses to restart', async () => {
    const handlers = handlersWith();
    expect(await handlers['app:update-state']({})).toEqual({ phase: 'off' });
    await expect(handlers['app:restart-to-update']({})).rejects.toMatchObject({
      code: 'validation',
      message: 'No update is ready to install yet.',
    });
  });

  it("otherwise answers the service's state, and restarts only when an update is ready", async () => {
    const restart = vi.fn(() => true);
    const handlers = handlersWith({ state: () => ({ phase: 'ready', version: '0.2.0' }), restart });
    expect(await handlers['app:update-state']({})).toEqual({ phase: 'ready', version: '0.2.0' });
    expect(await handlers['app:restart-to-update']({})).toBeNull();
    expect(restart).toHaveBeenCalledTimes(1);
  });
});
