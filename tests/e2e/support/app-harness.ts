// Runs the BUILT renderer in Debian's Chromium with window.crm bound, through
// page.exposeBinding, to the very dispatcher and handlers Electron's ipcMain serves, over a real
// sandbox server and the real OS keychain. Only the OS shell is replaced: the clipboard is an
// in-memory one the test can read, the file dialog answers with paths the test chooses, and
// main's own questions to the person (platform.confirm) get the answers the test queues.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { bootstrap } from '../../../src-main/app-shell/bootstrap';
import { createCore } from '../../../src-main/core/create-core';
import { LIMITS } from '../../../src-main/core/limits';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../src-main/ipc/channels';
import { createClipboardGuard } from '../../../src-main/ipc/clipboard-guard';
import type { AppInfo, EventChannel, EventMap } from '../../../src-main/ipc/contract';
import type { ConsentQuestion } from '../../../src-main/core/profiles/profile-consent';
import { createDispatcher, createHandlers } from '../../../src-main/ipc/handlers';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';
import { startSandbox, type SandboxDialect } from '../../../src-main/sandbox/index';
import { serveRenderer } from './static-server';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type Core = Awaited<ReturnType<typeof createCore>>;

export interface ConsoleHarness {
  page: Page;
  sandbox: Sandbox;
  core: Core;
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
  close(): Promise<void>;
}

const BYTES_TAG = '__crmBytes';

/**
 * In the page: window.crm built from the channel lists, calling the exposed binding. Kept as
 * source text: a compiled function would carry the TS runner's helpers (e.g. esbuild's
 * `__name`) that do not exist in the page.
 */
const INSTALL_API = `(() => {
  const lists = __LISTS__;
  const listeners = new Map();
  const encode = (value) => {
    if (value instanceof Uint8Array) {
      let binary = '';
      for (let i = 0; i < value.length; i += 0x8000) binary += String.fromCharCode(...value.subarray(i, i + 0x8000));
      return { [lists.tag]: btoa(binary) };
    }
    if (Array.isArray(value)) return value.map(encode);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
    return value;
  };
  const api = {};
  for (const channel of lists.invoke) api[channel] = (payload) => globalThis.__crmInvoke(channel, encode(payload));
  api.on = (event, listener) => {
    if (!lists.events.includes(event)) throw new Error('Unknown event: ' + event);
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event).add(listener);
    return () => listeners.get(event)?.delete(listener);
  };
  globalThis.crm = Object.freeze(api);
  globalThis.__crmDeliver = (event, data) => {
    for (const l of listeners.get(event) ?? []) l(data);
  };
})();`;

function decodeBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBytes);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record[BYTES_TAG] === 'string') return new Uint8Array(Buffer.from(record[BYTES_TAG], 'base64'));
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decodeBytes(v)]));
  }
  return value;
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
    /** the shape the sandbox speaks (default: API.md); the console itself starts as usual */
    dialect?: SandboxDialect;
  } = {},
): Promise<ConsoleHarness> {
  const sandbox = await startSandbox({ contacts: options.contacts ?? 100_000, rate: 500, burst: 1000, dialect: options.dialect ?? 'default' });
  const dataDir = await mkdtemp(join(tmpdir(), 'crm-e2e-'));
  const core = await createCore({ dataDir, keychainService: `crm-console-e2e-${randomUUID()}` });
  const boot = await bootstrap({
    dataDir,
    profiles: core.profiles,
    keys: core.keys,
    // The first-run path for real, but with the sandbox this test controls.
    startSandbox: async () => sandbox,
    resumeSandbox: () => Promise.reject(new Error('the e2e console always starts on a fresh data dir')),
  });

  const ipcTraffic: string[] = [];
  const consoleLines: string[] = [];
  const clipboard = { text: '' };
  const pickQueue: (string | null)[] = [];
  const confirmQueue: boolean[] = [];
  const confirmAsked: ConsentQuestion[] = [];
  let page: Page | null = null;

  const emit = <E extends EventChannel>(event: E, data: EventMap[E]): void => {
    ipcTraffic.push(JSON.stringify({ event, data }));
    void page?.evaluate(`globalThis.__crmDeliver?.(${JSON.stringify(event)}, ${JSON.stringify(data)})`).catch(() => {});
  };
  const info: AppInfo = {
    version: 'e2e',
    platform: process.platform,
    firstRunNotice: boot.firstRunNotice,
    sandbox: { baseUrl: sandbox.baseUrl },
    limits: { imageBytes: LIMITS.imageBytes, documentBytes: LIMITS.documentBytes, audioBytes: LIMITS.audioBytes, textChars: LIMITS.textChars, captionChars: LIMITS.captionChars },
  };
  const platform = {
    clipboard: createClipboardGuard({ writeText: (t: string) => { clipboard.text = t; }, readText: () => clipboard.text }),
    pickFile: async () => (pickQueue.length ? (pickQueue.shift() ?? null) : null),
    openExternal: async () => {},
    confirm: async (question: ConsentQuestion) => {
      confirmAsked.push(question);
      return confirmQueue.shift() ?? false;
    },
  };
  const dispatch = createDispatcher(createHandlers({ core, platform, appInfo: () => info, emit }));
  const unwire = wireCoreEvents(core, emit);

  const server = await serveRenderer();
  const zoom = options.zoom ?? 1;
  const win = options.window ?? WINDOW_SIZE;
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: Math.round(win.width / zoom), height: Math.round(win.height / zoom) },
    deviceScaleFactor: zoom,
  });
  await context.grantPermissions(['microphone'], { origin: server.url });
  page = await context.newPage();
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  await page.exposeBinding('__crmInvoke', async (_source, channel: string, payload: unknown) => {
    const result = await dispatch(channel, decodeBytes(payload));
    ipcTraffic.push(JSON.stringify({ channel, result }));
    return result;
  });
  await page.addInitScript({ content: INSTALL_API.replace('__LISTS__', JSON.stringify({ invoke: INVOKE_CHANNELS, events: EVENT_CHANNELS, tag: BYTES_TAG })) });
  await page.goto(server.url);

  return {
    page,
    sandbox,
    core,
    ipcTraffic,
    console: consoleLines,
    clipboard,
    pickQueue,
    confirmQueue,
    confirmAsked,
    secrets: [sandbox.adminKey],
    async close() {
      unwire();
      await context.close();
      await server.close();
      await core.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
