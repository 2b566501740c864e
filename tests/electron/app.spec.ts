// The packaged app end to end through Playwright's _electron. Runs wherever an Electron binary
// is installed; on machines that cannot download it, every test here is skipped and says why.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { findElectronBinary } from '../../scripts/electron-binary.mjs';

const binary = findElectronBinary();
const skipReason = binary.path === null ? binary.reason : null;
test.skip(skipReason !== null, `Electron binary not installed: ${skipReason ?? ''}`);

let app: ElectronApplication;

test.beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'crm-electron-'));
  app = await electron.launch({
    executablePath: binary.path!,
    args: ['.'],
    env: { ...process.env, CRM_DATA_DIR: dataDir, CRM_KEYCHAIN_SERVICE: `crm-console-e2e-${process.pid}` } as Record<string, string>,
  });
});

test.afterAll(async () => {
  await app?.close();
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
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const w = BrowserWindow.getAllWindows()[0]!;
    return { count: BrowserWindow.getAllWindows().length, title: w.getTitle() };
  });
  expect(prefs.count).toBe(1);
});

test('refuses navigation and new windows', async () => {
  const page = await app.firstWindow();
  const before = page.url();
  await page.evaluate(() => {
    (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
  }).catch(() => {});
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
  const opened = await page.evaluate(() => (globalThis as unknown as { open: (u: string) => unknown }).open('https://example.com/') === null);
  expect(opened).toBe(true);
});

test('lists contacts from the built-in sandbox through IPC', async () => {
  const page = await app.firstWindow();
  const result = await page.evaluate(() => (globalThis as unknown as { crm: Record<string, (p: unknown) => Promise<unknown>> }).crm['contacts:list']!({ page: 1, perPage: 5 }));
  expect(result).toMatchObject({ ok: true, value: { page: 1, perPage: 5 } });
});
