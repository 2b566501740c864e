// The packaged app itself, as a person installs it: built by `npm run dist -- --dir` (or a
// binary named by CRM_PACKAGED_APP), launched with a fresh data folder, it opens its window
// (its log says so) and quits cleanly on SIGTERM with exit code 0. Its fuses turn off the
// inspector Playwright's _electron needs, so it is run as a plain process and watched through
// its log. Skipped, and says so, where no packaged build exists (no Electron binary here).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { displayForWindows, type VirtualDisplay } from '../harness/xvfb';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** where electron-builder leaves the unpacked app on each OS (electron-builder.json: dist/) */
function packagedBinary(): string | null {
  const named = process.env.CRM_PACKAGED_APP;
  if (named) return existsSync(named) ? named : null;
  const candidates = [
    join(ROOT, 'dist', 'linux-unpacked', 'crm-console'),
    join(ROOT, 'dist', 'linux-arm64-unpacked', 'crm-console'),
    join(ROOT, 'dist', 'mac', 'CRM Console.app', 'Contents', 'MacOS', 'CRM Console'),
    join(ROOT, 'dist', 'mac-arm64', 'CRM Console.app', 'Contents', 'MacOS', 'CRM Console'),
    join(ROOT, 'dist', 'win-unpacked', 'CRM Console.exe'),
  ];
  return candidates.find((path) => existsSync(path)) ?? null;
}

const binary = packagedBinary();
test.skip(binary === null, 'SKIPPED: no packaged build (run `npm run dist -- --dir` where an Electron binary exists, or set CRM_PACKAGED_APP)');
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

test('the packaged app opens its window and quits cleanly', async () => {
  test.setTimeout(90_000);
  const child = spawn(binary!, [], {
    env: {
      ...process.env,
      ...(display ? { DISPLAY: display.display } : {}),
      CRM_DATA_DIR: dataDir,
      CRM_KEYCHAIN_SERVICE: `crm-console-packaged-test-${process.pid}`,
      CRM_WEBHOOK_PORT: '0',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const logFile = join(dataDir, 'logs', 'main.log');
  const logText = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  await expect.poll(logText, { timeout: 60_000, message: `the app's log (${logFile}) says the window opened` }).toMatch(/window opened \(installed /);
  expect(logText()).not.toMatch(/start-up failed/);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
