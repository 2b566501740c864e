// Runs the BUILT renderer in Debian's Chromium with window.crm bound, through
// page.exposeBinding, to the very dispatcher and handlers Electron's ipcMain serves, over a real
// sandbox server and the real OS keychain. Only the OS shell is replaced: the clipboard is an
// in-memory one the test can read, the file dialog answers with paths the test chooses, and
// main's own questions to the person (platform.confirm) get the answers the test queues.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { bindPage } from '../../../src-main/chromium-host/page-bridge';
import { APP_ORIGIN, APP_URL, serveRenderer } from '../../../src-main/chromium-host/renderer-route';
import { createClipboardGuard } from '../../../src-main/ipc/clipboard-guard';
import type { ConsentQuestion } from '../../../src-main/core/profiles/profile-consent';
import type { Dispatch } from '../../../src-main/ipc/dispatcher';
import type { EventChannel, EventMap } from '../../../src-main/ipc/contract';
import { buildRuntime, type Runtime } from '../../../src-main/runtime/build-runtime';
import { startSandbox, type SandboxDialect } from '../../../src-main/sandbox/index';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Core = Runtime['core'];

export interface ConsoleHarness {
  page: Page;
  sandbox: Sandbox;
  core: Core;
  /** the dispatcher the page's window.crm calls (for measuring it without the page) */
  dispatch: Dispatch;
  /** every IPC reply and event the renderer received, as JSON text */
  ipcTraffic: string[];
  console: string[];
  clipboard: { text: string };
  /** the next files:pick answers with this path (null = the person cancelled) */
  pickQueue: (string | null)[];
  /**
   * the answers to main's own questions (Electron: a native dialog), in order; when empty the
   * answer is no, as a person who closes the dialog gives
   */
  confirmQueue: boolean[];
  /** every question main asked the person, in order */
  confirmAsked: ConsentQuestion[];
  /** key values that must never reach the renderer */
  secrets: string[];
  /** the data folder and keychain service the window uses: a `crm` process given both shares them */
  crmEnv: { CRM_DATA_DIR: string; CRM_KEYCHAIN_SERVICE: string };
  close(): Promise<void>;
}

/** The window the e2e suite renders into, in CSS pixels at 100% zoom. */
export const WINDOW_SIZE = { width: 1280, height: 820 };

export async function launchConsole(
  browser: Browser,
  options: {
    contacts?: number;
    colorScheme?: 'light' | 'dark';
    /** page zoom like the window's View > Zoom: the same window, fewer and larger CSS pixels */
    zoom?: number;
    window?: { width: number; height: number };
    /** the shape the sandbox speaks (default: docs/API.md); the console itself starts as usual */
    dialect?: SandboxDialect;
    /** page script run before the app's own (benches use it to time the first load) */
    initScript?: string;
    /** runs on the new page before it loads the app (benches expose their bindings here) */
    beforeLoad?: (page: Page) => Promise<void>;
    /** the built renderer to serve (default out/renderer; the bench compares another build) */
    rendererDir?: string;
  } = {},
): Promise<ConsoleHarness> {
  // the recipient's clock waits an hour unless a test speeds it (sandbox.configureEvents): what a
  // test lists right after a send is then still "queued", however busy the machine
  const sandbox = await startSandbox({
    contacts: options.contacts ?? 100_000,
    rate: 500,
    burst: 1000,
    dialect: options.dialect ?? 'default',
    events: { statusDelaysMs: [3_600_000, 3_600_000, 3_600_000] },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'crm-e2e-'));
  const keychainService = `${process.env.CRM_KEYCHAIN_SERVICE || 'crm-console'}-e2e-${randomUUID()}`;

  const ipcTraffic: string[] = [];
  const consoleLines: string[] = [];
  const clipboard = { text: '' };
  const pickQueue: (string | null)[] = [];
  const confirmQueue: boolean[] = [];
  const confirmAsked: ConsentQuestion[] = [];
  let deliver: <E extends EventChannel>(event: E, data: EventMap[E]) => void = (event, data) => {
    ipcTraffic.push(JSON.stringify({ event, data }));
  };
  const services = {
    clipboard: createClipboardGuard({
      writeText: (t: string) => {
        clipboard.text = t;
      },
      readText: () => clipboard.text,
    }),
    pickFile: async () => (pickQueue.length ? (pickQueue.shift() ?? null) : null),
    openExternal: async () => {},
    confirm: async (question: ConsentQuestion) => {
      confirmAsked.push(question);
      return confirmQueue.shift() ?? false;
    },
  };
  const runtime = await buildRuntime({
    dataDir,
    // under the run's prefix when there is one (with-keyring.sh on macOS and Windows), so the
    // run's clean-up finds what the window stored in the OS's own keychain
    keychainService,
    log: (m) => consoleLines.push(`main: ${m}`),
    host: { kind: 'test', version: 'e2e', services, deliver: (event, data) => deliver(event, data) },
    // The first-run path for real, but with the sandbox this test controls.
    sandbox: {
      start: async () => sandbox,
      resume: () => Promise.reject(new Error('the e2e console always starts on a fresh data dir')),
    },
  });
  const { core } = runtime;

  const zoom = options.zoom ?? 1;
  const win = options.window ?? WINDOW_SIZE;
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: Math.round(win.width / zoom), height: Math.round(win.height / zoom) },
    deviceScaleFactor: zoom,
  });
  await serveRenderer(context, resolve(options.rendererDir ?? 'out/renderer'));
  await context.grantPermissions(['microphone'], { origin: APP_ORIGIN });
  const page = await context.newPage();
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  const bridge = await bindPage(page, runtime.dispatch, {
    appUrl: APP_URL,
    onReply: (channel, result) => ipcTraffic.push(JSON.stringify({ channel, result })),
    onEvent: (event, data) => ipcTraffic.push(JSON.stringify({ event, data })),
  });
  deliver = bridge.deliver;
  if (options.initScript) await page.addInitScript({ content: options.initScript });
  await options.beforeLoad?.(page);
  await page.goto(APP_URL);

  return {
    page,
    sandbox,
    core,
    dispatch: runtime.dispatch,
    ipcTraffic,
    console: consoleLines,
    clipboard,
    pickQueue,
    confirmQueue,
    confirmAsked,
    secrets: [sandbox.adminKey],
    crmEnv: { CRM_DATA_DIR: dataDir, CRM_KEYCHAIN_SERVICE: keychainService },
    async close() {
      await context.close();
      await runtime.shutdown();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
