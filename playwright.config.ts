import { defineConfig } from '@playwright/test';
import { findElectronBinary } from './scripts/electron-binary.mjs';

// Debian's Chromium (Playwright's own browser download cannot work on machines without
// internet access). CHROMIUM_PATH overrides it, e.g. on macOS.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const electronBinary = findElectronBinary();
if (electronBinary.path === null && !process.env.TEST_WORKER_INDEX) {
  console.log(
    `[electron suite] SKIPPED: ${electronBinary.reason}. tests/electron runs wherever an Electron binary is installed (or ` +
      `ELECTRON_OVERRIDE_DIST_PATH points to one).`,
  );
}

export default defineConfig({
  outputDir: 'test-results/playwright',
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  projects: [
    {
      name: 'e2e',
      testDir: 'tests/e2e',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [
            '--no-sandbox',
            '--headless',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
          ],
        },
      },
    },
    { name: 'electron', testDir: 'tests/electron' },
  ],
});
