// src-main/electron/process-failures.ts and microphone.ts under a fake 'electron': a renderer or
// GPU process that goes away offers a reload and is logged; main's uncaught errors are logged
// scrubbed and shown in the app's own dialog; macOS's microphone consent is checked, asked
// when never settled, and a refusal answered (app:microphone-access) with where to allow it.
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, fakeApp, fakeDialog, fakeSystemPreferences } from './electron-fake';

let app = fakeApp();
vi.mock('electron', () => ({
  get app() {
    return app;
  },
  dialog: fakeDialog,
  systemPreferences: fakeSystemPreferences,
}));

const { catchMainErrors, watchProcessFailures } = await import('../../../src-main/electron/process-failures');
const { createOsMicrophone } = await import('../../../src-main/electron/microphone');
const { createAppHandlers } = await import('../../../src-main/ipc/app-handlers');
const { createDispatcher } = await import('../../../src-main/ipc/dispatcher');

const SECRET = 'crm_sk_live_secret_value';
const scrub = (t: string) => t.replaceAll(SECRET, '***');
const flush = () => new Promise((ok) => setTimeout(ok, 0));

beforeEach(() => {
  app = fakeApp();
  fakeDialog.showMessageBox.mockReset();
  fakeDialog.showMessageBox.mockResolvedValue({ response: 0 });
  fakeDialog.showErrorBox.mockReset();
});

function watch(options: { quitting?: boolean; window?: boolean } = {}) {
  const win = new FakeBrowserWindow({});
  const lines: string[] = [];
  watchProcessFailures({
    getWindow: () => (options.window === false ? null : (win as never)),
    log: (m) => lines.push(m),
    quitting: () => options.quitting ?? false,
  });
  return { win, lines };
}

describe('a process of the window goes away', () => {
  it('the renderer crashed: logged, and a reload is offered; Reload reloads the page', async () => {
    const { win, lines } = watch();
    app.emit('render-process-gone', {}, win.webContents, { reason: 'crashed', exitCode: 139 });
    await flush();
    expect(lines).toEqual(['the window went away: crashed (exit code 139)']);
    expect(fakeDialog.showMessageBox).toHaveBeenCalledTimes(1);
    const options = fakeDialog.showMessageBox.mock.calls[0]![1] as { buttons: string[]; message: string };
    expect(options.buttons).toEqual(['Reload', 'Quit']);
    expect(options.message).toBe('The window crashed.');
    expect(win.webContents.reload).toHaveBeenCalledTimes(1);
  });

  it('Quit quits; one dialog at a time however many processes go', async () => {
    fakeDialog.showMessageBox.mockResolvedValue({ response: 1 });
    const { win } = watch();
    app.emit('render-process-gone', {}, win.webContents, { reason: 'oom', exitCode: 1 });
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    await flush();
    expect(fakeDialog.showMessageBox).toHaveBeenCalledTimes(1);
    expect(app.quitCalls).toBe(1);
    expect(win.webContents.reload).not.toHaveBeenCalled();
  });

  it('a helper that Chromium restarts by itself, a clean exit or anything while quitting is only logged', async () => {
    const { lines } = watch();
    app.emit('child-process-gone', {}, { type: 'Utility', name: 'Audio Service', reason: 'crashed', exitCode: 1 });
    app.emit('render-process-gone', {}, {}, { reason: 'clean-exit', exitCode: 0 });
    await flush();
    expect(lines).toEqual([
      'a Utility process (Audio Service) went away: crashed (exit code 1)',
      'the window went away: clean-exit (exit code 0)',
    ]);
    expect(fakeDialog.showMessageBox).not.toHaveBeenCalled();

    app = fakeApp();
    watch({ quitting: true });
    app.emit('render-process-gone', {}, {}, { reason: 'killed', exitCode: 15 });
    await flush();
    expect(fakeDialog.showMessageBox).not.toHaveBeenCalled();
  });
});

describe('the opt-in crash report', () => {
  it("a crashed window's dialog offers it unticked; unticked, nothing is written", async () => {
    const saveCrashReport = vi.fn(async () => '/data/crash-reports/r.txt');
    const win = new FakeBrowserWindow({});
    watchProcessFailures({ getWindow: () => win as never, log: () => {}, quitting: () => false, saveCrashReport });
    app.emit('render-process-gone', {}, win.webContents, { reason: 'crashed', exitCode: 139 });
    await flush();
    const options = fakeDialog.showMessageBox.mock.calls[0]![1] as { checkboxLabel: string; checkboxChecked: boolean };
    expect(options.checkboxLabel).toBe('Save a crash report');
    expect(options.checkboxChecked).toBe(false);
    expect(saveCrashReport).not.toHaveBeenCalled();
    expect(win.webContents.reload).toHaveBeenCalledTimes(1);
  });

  it('ticked: the report is written with what went away, before the window reloads', async () => {
    const order: string[] = [];
    const saveCrashReport = vi.fn(async () => {
      order.push('saved');
      return '/data/crash-reports/r.txt';
    });
    fakeDialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: true } as never);
    const win = new FakeBrowserWindow({});
    win.webContents.reload.mockImplementation(() => order.push('reloaded'));
    watchProcessFailures({ getWindow: () => win as never, log: () => {}, quitting: () => false, saveCrashReport });
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    await flush();
    expect(saveCrashReport).toHaveBeenCalledWith({ kind: 'child', error: 'a GPU process went away: crashed (exit code 1)' });
    expect(order).toEqual(['saved', 'reloaded']);
  });

  it("main's own error dialog offers it too; ticked, the report gets the error with its stack", async () => {
    const saveCrashReport = vi.fn(async () => '/data/crash-reports/r.txt');
    fakeDialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: true } as never);
    const target = new EventEmitter();
    app.ready();
    catchMainErrors({ log: () => {}, logPath: '/data/logs/main.log', scrub, target: target as never, saveCrashReport });
    const err = new Error(`boom ${SECRET}`);
    target.emit('uncaughtException', err);
    await flush();
    expect((fakeDialog.showMessageBox.mock.calls[0]![0] as { checkboxLabel: string }).checkboxLabel).toBe('Save a crash report');
    // scrubbed as it is written (app-shell/crash-report.ts), never shown raw
    expect(saveCrashReport).toHaveBeenCalledWith({ kind: 'uncaughtException', error: err.stack });
  });

  it('without a reporter the dialogs offer none', async () => {
    const { win } = watch();
    app.emit('render-process-gone', {}, win.webContents, { reason: 'crashed', exitCode: 139 });
    await flush();
    expect(fakeDialog.showMessageBox.mock.calls[0]![1]).not.toHaveProperty('checkboxLabel');
  });
});

describe('an error nothing in main caught', () => {
  function caught(ready: boolean) {
    const target = new EventEmitter();
    const lines: string[] = [];
    if (ready) app.ready();
    catchMainErrors({ log: (m) => lines.push(m), logPath: '/data/logs/main.log', scrub, target: target as never });
    return { target, lines };
  }

  it("is logged with its stack and shown scrubbed in the app's own dialog, not Electron's", async () => {
    const { target, lines } = caught(true);
    target.emit('uncaughtException', new Error(`request failed: Authorization: Bearer ${SECRET}\nsecond line`));
    await flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^main process uncaughtException: Error: request failed/);
    expect(lines[0]).not.toContain(SECRET);
    expect(fakeDialog.showMessageBox).toHaveBeenCalledTimes(1);
    const options = fakeDialog.showMessageBox.mock.calls[0]![0] as { detail: string; message: string };
    expect(options.message).toBe('Something went wrong inside CRM Console.');
    expect(options.detail).toContain('request failed: Authorization: Bearer ***');
    expect(options.detail).not.toContain(SECRET);
    expect(options.detail).not.toContain('second line');
    expect(options.detail).toContain('/data/logs/main.log');
  });

  it('an unhandled rejection of any value too; a second one while the dialog is open is only logged', async () => {
    let close!: () => void;
    fakeDialog.showMessageBox.mockImplementation(
      () =>
        new Promise((ok) => {
          close = () => ok({ response: 0 });
        }),
    );
    const { target, lines } = caught(true);
    target.emit('unhandledRejection', `token ${SECRET} refused`);
    target.emit('unhandledRejection', new Error('again'));
    await flush();
    expect(lines.map((l) => l.split(':')[0])).toEqual(['main process unhandledRejection', 'main process unhandledRejection']);
    expect(lines[0]).toBe('main process unhandledRejection: token *** refused');
    expect(fakeDialog.showMessageBox).toHaveBeenCalledTimes(1);
    close();
    await flush();
    target.emit('uncaughtException', new Error('later'));
    await flush();
    expect(fakeDialog.showMessageBox).toHaveBeenCalledTimes(2);
  });

  it('before Electron is ready, the one dialog it can show then', () => {
    const { target } = caught(false);
    target.emit('uncaughtException', new Error(`boom ${SECRET}`));
    expect(fakeDialog.showErrorBox).toHaveBeenCalledTimes(1);
    expect(String(fakeDialog.showErrorBox.mock.calls[0]![1])).toContain('boom ***');
  });
});

describe('the OS side of the microphone', () => {
  beforeEach(() => {
    fakeSystemPreferences.getMediaAccessStatus.mockClear();
    fakeSystemPreferences.askForMediaAccess.mockClear();
  });

  it("Linux and Windows do not gate it: granted, and Chromium's own prompt path decides", async () => {
    expect(await createOsMicrophone('linux', () => {})()).toEqual({ access: 'granted' });
    expect(await createOsMicrophone('win32', () => {})()).toEqual({ access: 'granted' });
    expect(fakeSystemPreferences.getMediaAccessStatus).not.toHaveBeenCalled();
  });

  it('macOS granted: goes through without asking', async () => {
    fakeSystemPreferences.status = 'granted';
    expect(await createOsMicrophone('darwin', () => {})()).toEqual({ access: 'granted' });
    expect(fakeSystemPreferences.getMediaAccessStatus).toHaveBeenCalledWith('microphone');
    expect(fakeSystemPreferences.askForMediaAccess).not.toHaveBeenCalled();
  });

  it('macOS not determined: asks the person through the system prompt and follows the answer', async () => {
    fakeSystemPreferences.status = 'not-determined';
    fakeSystemPreferences.answer = true;
    expect(await createOsMicrophone('darwin', () => {})()).toEqual({ access: 'granted' });
    expect(fakeSystemPreferences.askForMediaAccess).toHaveBeenCalledWith('microphone');
    fakeSystemPreferences.answer = false;
    expect(await createOsMicrophone('darwin', () => {})()).toEqual({
      access: 'denied',
      where: 'System Settings › Privacy & Security › Microphone',
    });
  });

  it('macOS denied (or restricted): not asked again, logged, answered with where to allow it', async () => {
    const lines: string[] = [];
    const mic = createOsMicrophone('darwin', (m) => lines.push(m));
    for (const status of ['denied', 'restricted']) {
      fakeSystemPreferences.status = status;
      expect(await mic()).toEqual({ access: 'denied', where: 'System Settings › Privacy & Security › Microphone' });
    }
    expect(fakeSystemPreferences.askForMediaAccess).not.toHaveBeenCalled();
    expect(lines).toEqual(['microphone: macOS denied access', 'microphone: macOS denied access']);
    // the Send Audio panel says it; no dialog of main's on top of it
    expect(fakeDialog.showMessageBox).not.toHaveBeenCalled();
  });
});

describe('app:microphone-access', () => {
  const handlersWith = (platform: object) => createAppHandlers({} as never, platform as never, () => ({}) as never, undefined) as never;

  it("answers the platform's consent; with none to ask (Chromium host, harness) it is granted", async () => {
    fakeSystemPreferences.status = 'denied';
    const mac = createDispatcher(handlersWith({ microphoneAccess: createOsMicrophone('darwin', () => {}) }));
    expect(await mac('app:microphone-access', {})).toEqual({
      ok: true,
      value: { access: 'denied', where: 'System Settings › Privacy & Security › Microphone' },
    });
    const elsewhere = createDispatcher(handlersWith({}));
    expect(await elsewhere('app:microphone-access', {})).toEqual({ ok: true, value: { access: 'granted' } });
  });

  it('a payload with anything in it is refused before the OS is asked', async () => {
    const ask = vi.fn();
    const dispatch = createDispatcher(handlersWith({ microphoneAccess: ask }));
    expect(await dispatch('app:microphone-access', { status: 'granted' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(ask).not.toHaveBeenCalled();
  });
});
