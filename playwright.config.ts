import { defineConfig } from '@playwright/test';
import { findElectronBinary } from './scripts/electron-binary.mjs';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './tests/harness/headless-chromium';

export { CHROMIUM_PATH };

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
          // the tests record voice notes: a fake microphone, allowed without asking
          args: [...HEADLESS_CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
        },
      },
    },
    { name: 'electron', testDir: 'tests/electron' },
  ],
});
