// The browser the end-to-end tests and the window benchmarks drive, and how it is started: Debian's
// Chromium (Playwright's own browser download cannot work on machines without internet access),
// headless, without the background services that would add work to the measured page.
// CHROMIUM_PATH overrides the binary, e.g. on macOS.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const HEADLESS_CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
