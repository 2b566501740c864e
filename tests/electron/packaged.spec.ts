// The packaged app itself, as a person installs it: built by `npm run dist` (or `-- --dir`), or a
// binary named by CRM_PACKAGED_APP, launched with a fresh data folder. It must open its window,
// show the first contact rows of its built-in sandbox (the window reports them painted and main
// logs "first contact rows shown (N)": that needs the packaged keytar and SQLite modules, the
// sandbox, the preload and the app:// page all working), write the request log through its own
// thread (loaded from inside app.asar), and quit cleanly with exit code 0 when
// asked as the OS asks: SIGTERM on macOS and Linux, WM_CLOSE (taskkill without /F) on Windows.
// Its fuses turn off the inspector Playwright's _electron needs, so it is run as a plain process
// and watched through its log. Skipped, and says so, where no packaged build exists.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { askToQuit } from '../harness/quit-app';
import { displayForWindows, type VirtualDisplay } from '../harness/xvfb';
import { readStartMarks, startSummary } from './support/start-marks';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAC_APP = join('CRM Console.app', 'Contents', 'MacOS', 'CRM Console');

/** where electron-builder leaves the unpacked app on each OS (electron-builder.json: dist/), this machine's architecture first */
function packagedBinary(): string | null {
  // absolute, so a path given relative to the checkout (the workflow's) spawns on every OS
  const named = process.env.CRM_PACKAGED_APP ? resolve(process.env.CRM_PACKAGED_APP) : null;
  if (named) return existsSync(named) ? named : null;
  const arm = process.arch === 'arm64';
  const candidates = [
    join(ROOT, 'dist', arm ? 'linux-arm64-unpacked' : 'linux-unpacked', 'crm-console'),
    join(ROOT, 'dist', arm ? 'mac-arm64' : 'mac', MAC_APP),
    join(ROOT, 'dist', 'mac-universal', MAC_APP),
    join(ROOT, 'dist', arm ? 'win-arm64-unpacked' : 'win-unpacked', 'CRM Console.exe'),
  ];
  return candidates.find((path) => existsSync(path)) ?? null;
}

const binary = packagedBinary();
test.skip(
  binary === null,
  'SKIPPED: no packaged build (run `npm run dist -- --dir` where an Electron binary exists, or set CRM_PACKAGED_APP)',
);
test.skip(!process.env.CRM_TEST_KEYRING, 'SKIPPED: runs only inside tests/harness/with-keyring.sh, so no key reaches your own keychain');

let display: VirtualDisplay | null = null;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'crm-packaged-'));
  display = await displayForWindows();
});

test.afterAll(async () => {
  display?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('the packaged app shows its first contact rows from the built-in sandbox and quits cleanly', async () => {
  test.setTimeout(120_000);
  const spawnedAt = Date.now();
  const child = spawn(binary!, [], {
    env: {
      ...process.env,
      ...(display ? { DISPLAY: display.display } : {}),
      CRM_DATA_DIR: dataDir,
      // under the run's prefix (with-keyring.sh), so the run's clean-up deletes the sandbox's key
      CRM_KEYCHAIN_SERVICE: `${process.env.CRM_KEYCHAIN_SERVICE || 'crm-console'}-packaged-test-${process.pid}`,
      CRM_WEBHOOK_PORT: '0',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const logFile = join(dataDir, 'logs', 'main.log');
  const logText = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  await expect
    .poll(logText, { timeout: 60_000, message: `the app's log (${logFile}) says the window opened` })
    .toMatch(/window opened \(installed /);
  await expect
    .poll(logText, { timeout: 30_000, message: `the app's log (${logFile}) says the first contact rows were shown` })
    .toMatch(/first contact rows shown \([1-9]\d*\)/);
  expect(logText()).not.toMatch(/start-up failed/);
  reportStart(readStartMarks(logText(), spawnedAt));
  askToQuit(child);
  expect(await exited).toBe(0);
  // the first page's request was logged: its row went through the request log's thread, which
  // loads from inside app.asar (a thread that fails says so, and its rows are written by main)
  expect(logText()).not.toMatch(/the request log's thread failed/);
});

/** the start's figures, printed and (in the release workflow) added to the job's summary; never asserted: a runner's speed varies */
function reportStart(marks: ReturnType<typeof readStartMarks>): void {
  const summary = startSummary(process.env.CRM_PACKAGED_LABEL || `${process.platform} ${process.arch}`, marks);
  console.log(summary);
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${summary}\n`);
}
