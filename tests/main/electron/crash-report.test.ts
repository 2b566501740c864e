// src-main/electron/crash-report.ts under a fake 'electron': a report the person opted into is
// written to the crash-reports folder (no key in it), shown in the file manager, and sent only
// when the packager set an address and the person chose Send.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApp, fakeDialog } from './electron-fake';
import { tempDir } from '../helpers';

const app = fakeApp();
const shell = { showItemInFolder: vi.fn() };
vi.mock('electron', () => ({ app, dialog: fakeDialog, shell }));

const { createCrashReporter } = await import('../../../src-main/electron/crash-report');

const KEY = 'crm_sk_live_secret_value_1234';
const scrub = (t: string) => t.replaceAll(KEY, '***');

let received: string[] = [];
let server: ReturnType<typeof createServer> | null = null;
async function reportServer(): Promise<string> {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`;
}

async function setUp(uploadUrl?: string) {
  const data = await tempDir('crm-crash-');
  const logPath = join(data, 'main.log');
  await writeFile(logPath, `2026-11-26T17:00:00.000Z keys: saved ${KEY}\n2026-11-26T17:00:01.000Z window opened\n`);
  const lines: string[] = [];
  const save = createCrashReporter({
    dir: join(data, 'crash-reports'),
    logPath,
    scrub,
    log: (m) => lines.push(m),
    uploadUrl: () => uploadUrl,
    now: () => new Date('2026-11-26T17:30:00.000Z'),
  });
  return { data, save, lines };
}

beforeEach(() => {
  received = [];
  shell.showItemInFolder.mockClear();
  fakeDialog.showMessageBox.mockReset();
  fakeDialog.showMessageBox.mockResolvedValue({ response: 0 });
});
afterEach(async () => {
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
  server = null;
});

describe('saving a crash report', () => {
  it("names Electron's crash dumps folder, where a native crash left its minidump", async () => {
    app.paths.set('userData', '/home/ana/.config/crm-console');
    const { save } = await setUp();
    const path = await save({ kind: 'renderer', error: 'crashed (exit code 139)' });
    expect(await readFile(path!, 'utf8')).toContain('are kept on this computer in: /home/ana/.config/crm-console/Crashpad');
  });

  it("writes it to the data folder's crash-reports folder, scrubbed, and shows it", async () => {
    const { data, save, lines } = await setUp();
    const path = await save({ kind: 'uncaughtException', error: `Error: refused ${KEY}\n    at x (main.js:1:1)` });
    expect(path).toBe(join(data, 'crash-reports', 'crash-2026-11-26T17-30-00-000Z.txt'));
    const text = await readFile(path!, 'utf8');
    expect(text).toContain('App: 0.0.0-test (development)');
    expect(text).toContain(`Electron: ${process.versions.electron ?? 'unknown'}`);
    expect(text).toContain('Error: refused ***');
    expect(text).toContain('keys: saved ***');
    expect(text).toContain('window opened');
    expect(text).not.toContain(KEY);
    if (process.platform !== 'win32') expect((await stat(path!)).mode & 0o777).toBe(0o600);
    expect(shell.showItemInFolder).toHaveBeenCalledWith(path);
    expect(lines).toEqual([`crash report saved: ${path}`]);
  });

  it('with no address from the packager nothing is offered or sent', async () => {
    const { save } = await setUp(undefined);
    await save({ kind: 'renderer', error: 'the window went away: crashed (exit code 139)' });
    expect(fakeDialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('with an address, sending is asked first; "Keep it here" sends nothing', async () => {
    const url = await reportServer();
    const { save } = await setUp(url);
    await save({ kind: 'renderer', error: 'gone' });
    expect(fakeDialog.showMessageBox).toHaveBeenCalledTimes(1);
    const options = fakeDialog.showMessageBox.mock.calls[0]![0] as { message: string; buttons: string[] };
    expect(options.message).toMatch(/^Send this crash report to 127\.0\.0\.1:\d+\?$/);
    expect(options.buttons).toEqual(['Keep it here', 'Send']);
    expect(received).toEqual([]);
  });

  it('"Send" posts the same scrubbed text that was saved', async () => {
    fakeDialog.showMessageBox.mockResolvedValue({ response: 1 });
    const url = await reportServer();
    const { save, lines } = await setUp(url);
    const path = await save({ kind: 'child', error: `GPU crashed ${KEY}` });
    expect(received).toEqual([await readFile(path!, 'utf8')]);
    expect(received[0]).not.toContain(KEY);
    expect(lines.at(-1)).toBe('crash report sent: HTTP 200');
  });

  it('a folder that cannot be written is logged, not thrown', async () => {
    const { data, lines } = await setUp();
    await writeFile(join(data, 'blocked'), 'a file where the folder should be');
    const save = createCrashReporter({
      dir: join(data, 'blocked', 'crash-reports'),
      logPath: join(data, 'main.log'),
      scrub,
      log: (m) => lines.push(m),
      uploadUrl: () => undefined,
    });
    expect(await save({ kind: 'renderer', error: 'gone' })).toBeNull();
    expect(lines.at(-1)).toMatch(/^crash report could not be saved: /);
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
    expect(await readdir(data)).not.toContain('crash-reports');
  });
});
