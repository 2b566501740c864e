// The desktop app end to end through Playwright's _electron. Runs wherever an Electron binary
// is installed; on machines that cannot download it, every test here is skipped and says why.
// Playwright launches node_modules' electron itself (its loader must run before the app's
// 'ready'; ELECTRON_OVERRIDE_DIST_PATH is honoured by that package), on a private X server when
// Linux has no display, with a fresh data folder removed afterwards and keys stored only in the
// private keyring of tests/harness/with-keyring.sh, under a service of their own.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';
import { displayForWindows, type VirtualDisplay } from '../harness/xvfb';

const binary = findElectronBinary();
test.skip(binary.path === null, `SKIPPED: no Electron binary: ${binary.path === null ? binary.reason : ''}`);
test.skip(!process.env.CRM_TEST_KEYRING, 'SKIPPED: runs only inside tests/harness/with-keyring.sh, so no key reaches your own keychain');

let app: ElectronApplication;
let dataDir: string;
let display: VirtualDisplay | null = null;

/** the same data folder, display and keychain service for every launch of this file */
function appEnv(): Record<string, string> {
  return {
    ...process.env,
    ...(display ? { DISPLAY: display.display } : {}),
    CRM_DATA_DIR: dataDir,
    // under the run's prefix (with-keyring.sh), so the run's clean-up deletes what it stores
    CRM_KEYCHAIN_SERVICE: `${process.env.CRM_KEYCHAIN_SERVICE || 'crm-console'}-electron-test-${process.pid}`,
  } as Record<string, string>;
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'crm-electron-'));
  display = await displayForWindows();
  app = await electron.launch({ args: ['.'], env: appEnv() });
});

test.afterAll(async () => {
  await app?.close();
  display?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('opens one locked-down window showing the sandbox profile', async () => {
  const page = await app.firstWindow();
  await expect(page.getByText('Sandbox').first()).toBeVisible();
  const isolated = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    crm: typeof (globalThis as { crm?: unknown }).crm,
  }));
  expect(isolated).toEqual({ require: 'undefined', process: 'undefined', crm: 'object' });
  const windows = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.getTitle()));
  expect(windows).toEqual(['CRM Console']);
});

test('shows the first contact rows of the built-in sandbox, and tells main they are painted', async () => {
  const page = await app.firstWindow();
  await expect(page.getByTestId('contact-row').first()).toBeVisible();
  // the line the packaged smoke test waits for, where no inspector can look at the window
  const logFile = join(dataDir, 'logs', 'main.log');
  await expect.poll(() => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')).toMatch(/first contact rows shown \([1-9]\d*\)/);
});

test('refuses navigation and new windows; http(s) links go to the OS browser, which is stubbed here', async () => {
  const page = await app.firstWindow();
  // a real browser must not open on the test machine: record what would have been opened
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as { __opened?: string[] }).__opened = opened;
    shell.openExternal = async (url: string) => {
      opened.push(url);
    };
  });
  const before = page.url();
  await page
    .evaluate(() => {
      (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
    })
    .catch(() => {});
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
  const refused = await page.evaluate(
    () => (globalThis as unknown as { open: (u: string) => unknown }).open('https://example.com/docs') === null,
  );
  expect(refused).toBe(true);
  expect(await app.evaluate(() => (globalThis as { __opened?: string[] }).__opened)).toEqual(['https://example.com/docs']);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('the page comes from app://crm-console with its policy as a header; nothing outside the built window is served', async () => {
  const page = await app.firstWindow();
  expect(page.url()).toBe('app://crm-console/index.html');
  // asked from main: the page's own policy (connect-src 'none') forbids it to fetch anything
  const answers = await app.evaluate(async ({ net }) => {
    const get = async (url: string) => {
      const r = await net.fetch(url);
      return { status: r.status, type: r.headers.get('content-type'), csp: r.headers.get('content-security-policy') };
    };
    return {
      page: await get('app://crm-console/index.html'),
      outside: await get('app://crm-console/%2e%2e/%2e%2e/package.json'),
      otherHost: await get('app://elsewhere/index.html'),
    };
  });
  expect(answers.page).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
  expect(answers.page.csp).toContain("frame-src 'none'");
  expect(answers.page.csp).toContain("worker-src 'none'");
  expect(answers.outside.status).toBeGreaterThanOrEqual(400);
  expect(answers.otherHost.status).toBe(404);
});

test('a second launch hands over to the open window and exits; still one window', async () => {
  await app.firstWindow();
  const second = spawn(binary.path!, ['.'], { env: appEnv(), stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => second.once('exit', (c) => resolve(c)));
  expect(code).toBe(0);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('lists contacts from the built-in sandbox through IPC', async () => {
  const page = await app.firstWindow();
  const result = await page.evaluate(() =>
    (globalThis as unknown as { crm: Record<string, (p: unknown) => Promise<unknown>> }).crm['contacts:list']!({ page: 1, perPage: 5 }),
  );
  expect(result).toMatchObject({ ok: true, value: { page: 1, perPage: 5 } });
});

test("the request log lists that listing, its row committed by the log's own thread", async () => {
  const page = await app.firstWindow();
  const result = (await page.evaluate(() =>
    (globalThis as unknown as { crm: Record<string, (p: unknown) => Promise<unknown>> }).crm['log:list']!({}),
  )) as { ok: boolean; value?: Array<{ path: string; process: string }> };
  expect(result.ok).toBe(true);
  expect(result.value).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('/api/v1/contacts') })]));
  // the thread loaded in Electron's main process: one that failed says so in the app's log
  const logFile = join(dataDir, 'logs', 'main.log');
  expect(existsSync(logFile) ? readFileSync(logFile, 'utf8') : '').not.toMatch(/the request log's thread failed/);
});

test('quits cleanly: the process ends by itself after closing the window', async () => {
  const child = app.process();
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
  expect(await ended).toBe(0);
});

test('Quit without closing the window (the menu, Cmd+Q) keeps its place for the next launch', async () => {
  app = await electron.launch({ args: ['.'], env: appEnv() });
  await app.firstWindow();
  const place = { x: 40, y: 30, width: 1010, height: 690 };
  await app.evaluate(({ BrowserWindow }, bounds) => BrowserWindow.getAllWindows()[0]!.setBounds(bounds), place);
  const ended = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
  await app.evaluate(({ app: electronApp }) => electronApp.quit());
  expect(await ended).toBe(0);

  app = await electron.launch({ args: ['.'], env: appEnv() });
  await app.firstWindow();
  const restored = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.getNormalBounds());
  expect({ width: restored.width, height: restored.height }).toEqual({ width: place.width, height: place.height });
});
