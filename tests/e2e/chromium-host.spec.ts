// `npm start` where no Electron can be had: the Chromium host process, driven like a person
// would, on a real X server (Xvfb) with real keystrokes (xdotool): the window appears with the
// title saying it runs without Electron, Ctrl+2 opens Send with the recipient field focused, a
// text is typed and sent with Ctrl+Enter, Ctrl+W closes the window, and the process ends by
// itself, cleanly, with the message delivered once and saved by the sandbox (nothing lost).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { hasProgram, startXvfb } from '../harness/xvfb';

const HOST = ['--import', 'tsx', 'src-main/chromium-host/main.ts'];
const TITLE = 'CRM Console (in Chromium, without Electron)';
const missing = ['Xvfb', 'xdotool'].filter((p) => !hasProgram(p));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exited(child: ChildProcess, output: { stdout: string; stderr: string }): Promise<Ran> {
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, ...output })));
}

function collect(child: ChildProcess): { stdout: string; stderr: string } {
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output.stderr += d.toString()));
  return output;
}

function xdotool(display: string, ...args: string[]): string {
  const run = spawnSync('xdotool', args, { env: { ...process.env, DISPLAY: display }, encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`xdotool ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout.trim();
}

/**
 * The ids of the windows named like `pattern`, once there is one. Asked again and again rather
 * than with `search --sync`: Chromium opens and closes helper windows while it starts, and a
 * window that goes away during a search makes that search fail with BadWindow.
 */
async function windowsNamed(display: string, pattern: string, timeoutMs = 60_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const run = spawnSync('xdotool', ['search', '--name', pattern], {
      env: { ...process.env, DISPLAY: display },
      encoding: 'utf8',
      timeout: 10_000,
    });
    const ids =
      run.status === 0
        ? run.stdout
            .trim()
            .split('\n')
            .filter((id) => /^\d+$/.test(id))
        : [];
    if (ids.length > 0) return ids;
    last = run.stderr.trim();
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`no window named ${pattern} within ${timeoutMs} ms${last ? ` (xdotool: ${last})` : ''}`);
}

test.describe('the Chromium host (npm start without Electron)', () => {
  test.skip(missing.length > 0, `SKIPPED: needs ${missing.join(' and ')} (apt install xvfb xdotool)`);
  test.skip(
    !process.env.CRM_TEST_KEYRING,
    'SKIPPED: runs only inside the private keyring of tests/harness/with-keyring.sh (it stores the sandbox key in the keychain)',
  );

  test('opens the window, sends a text typed into it, and ends cleanly when the window closes', async () => {
    test.setTimeout(120_000);
    const x = await startXvfb();
    const dataDir = await mkdtemp(join(tmpdir(), 'crm-chromium-host-'));
    let host: ChildProcess | null = null;
    try {
      host = spawn(process.execPath, HOST, {
        env: { ...process.env, DISPLAY: x.display, CRM_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = collect(host);
      const ended = exited(host, output);

      // the title changes once the page has its app info: the window is up and talking to main
      const [id] = await windowsNamed(x.display, TITLE.replace(/[()]/g, '.'));
      if (id === undefined) throw new Error('no window id');
      expect(xdotool(x.display, 'getwindowname', id)).toBe(TITLE);
      await expect.poll(() => output.stdout).toContain('without Electron');

      xdotool(x.display, 'windowfocus', '--sync', id);
      xdotool(x.display, 'key', '--clearmodifiers', 'ctrl+2');
      await new Promise((ok) => setTimeout(ok, 500));
      xdotool(x.display, 'type', '--delay', '20', '5511987654321');
      xdotool(x.display, 'key', 'Tab');
      xdotool(x.display, 'type', '--delay', '20', 'Hello from the Chromium window');
      xdotool(x.display, 'key', '--clearmodifiers', 'ctrl+Return');
      // the request log in the data folder would not prove delivery: wait for the sandbox's own record
      const dataFile = join(dataDir, 'sandbox-data.json');
      await expect
        .poll(async () => (existsSync(dataFile) ? await readFile(dataFile, 'utf8') : ''), { timeout: 20_000 })
        .toContain('Hello from the Chromium window');

      xdotool(x.display, 'key', '--clearmodifiers', 'ctrl+w');
      const run = await ended;
      expect(run.code, run.stderr).toBe(0);
      // as root (containers, CI) the host says once, and only then, that Chromium's sandbox is off
      const rootNotice = /^crm-console: running as root, so Chromium's sandbox is off[^\n]*\n/;
      expect(process.getuid?.() === 0 ? run.stderr.replace(rootNotice, '') : run.stderr).toBe('');

      const saved = JSON.parse(await readFile(dataFile, 'utf8')) as { messages: { number: string; text?: string }[] };
      const sent = saved.messages.filter((m) => m.text === 'Hello from the Chromium window');
      expect(sent).toEqual([expect.objectContaining({ number: '5511987654321' })]);
      const log = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8');
      expect(log).toMatch(/window opened in .* \(without Electron\)/);
      expect(log.trim().split('\n').at(-1)).toMatch(/ stopped$/);
    } finally {
      if (host && host.exitCode === null) {
        host.kill('SIGTERM');
        await new Promise((ok) => host?.once('exit', ok));
      }
      x.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('with no display it says so in one line, with how to run it, and exits non-zero at once', async () => {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const host = spawn(process.execPath, HOST, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const run = await exited(host, collect(host));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^crm-console: cannot open the window: no display .*xvfb-run -a npm start$/);
  });
});
