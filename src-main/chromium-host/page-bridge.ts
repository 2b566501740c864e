// window.crm in a Chromium page driven over the DevTools pipe: the page gets the same typed API
// Electron's preload exposes, each call going through one page binding to the same dispatcher
// ipcMain serves. Used by the Chromium host (npm start without Electron) and the e2e harness.
// Bytes (dropped or recorded files) cross as base64 and become Uint8Array again in Node.
import type { Page } from 'playwright-core';
import type { Dispatch } from '../ipc/dispatcher';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../ipc/channels';
import type { EventChannel, EventMap } from '../ipc/contract';
import { EARLY_CALL, EARLY_CALL_FRESH_MS, earlyCallKey } from '../shared/first-screen';

const BYTES_TAG = '__crmBytes';

/**
 * In the page: window.crm built from the channel lists, calling the exposed binding. Kept as
 * source text: a compiled function would carry the build tool's helpers (e.g. esbuild's
 * `__name`) that do not exist in the page.
 */
const INSTALL_API = `(() => {
  const lists = __LISTS__;
  const invoke = globalThis.__crmInvoke;
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
  // the answer comes as JSON text: see bindPage
  const call = (channel, payload) => invoke(channel, encode(payload)).then((text) => JSON.parse(text));
  for (const channel of lists.invoke) api[channel] = (payload) => call(channel, payload);
  // The window's early call (shared/first-screen.ts), as Electron's preload makes it
  // (preload/early-call.ts): now, before the page's own files are fetched; the app page's top
  // frame only. Handed once to the identical call while fresh.
  const first = lists.early;
  let held = null;
  if (globalThis.top === globalThis && location.origin + location.pathname === first.page) {
    held = { made: call(first.channel, first.payload), at: Date.now() };
    held.made.catch(() => undefined);
  }
  api.takeEarly = (channel, payload) => {
    if (held === null || channel + ' ' + JSON.stringify(payload) !== first.key) return undefined;
    const taken = held;
    held = null;
    return Date.now() - taken.at <= first.freshMs ? taken.made : undefined;
  };
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

export function decodeBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBytes);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record[BYTES_TAG] === 'string') return new Uint8Array(Buffer.from(record[BYTES_TAG], 'base64'));
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decodeBytes(v)]));
  }
  return value;
}

export interface PageBridge {
  /** a main -> window event, dropped while the page is gone */
  deliver<E extends EventChannel>(event: E, data: EventMap[E]): void;
}

export interface BridgeOptions {
  /** the app page's own URL: calls from any other page or frame are refused, as ipcMain does */
  appUrl: string;
  /** sees every reply (tests scan them for key values) */
  onReply?: (channel: string, result: unknown) => void;
  onEvent?: (event: string, data: unknown) => void;
}

const REFUSED_TEXT = JSON.stringify({
  ok: false,
  error: { code: 'validation', message: 'Request refused: it did not come from the app window.' },
});

export async function bindPage(page: Page, dispatch: Dispatch, options: BridgeOptions): Promise<PageBridge> {
  const app = new URL(options.appUrl);
  await page.exposeBinding('__crmInvoke', async (source, channel: unknown, payload: unknown) => {
    const from = new URL(source.frame.url(), 'about:blank');
    if (source.frame !== page.mainFrame() || from.origin !== app.origin || from.pathname !== app.pathname) return REFUSED_TEXT;
    const result = await dispatch(String(channel), decodeBytes(payload));
    options.onReply?.(String(channel), result);
    // Answers are plain data (the contract's values); as one JSON text they cross the DevTools
    // pipe without Playwright's own value-by-value serialization, which took tens of
    // milliseconds for a page of contacts while the window waited for its first rows
    return JSON.stringify(result);
  });
  const early = {
    ...EARLY_CALL,
    key: earlyCallKey(EARLY_CALL.channel, EARLY_CALL.payload),
    freshMs: EARLY_CALL_FRESH_MS,
    page: app.origin + app.pathname,
  };
  await page.addInitScript({
    content: INSTALL_API.replace('__LISTS__', JSON.stringify({ invoke: INVOKE_CHANNELS, events: EVENT_CHANNELS, tag: BYTES_TAG, early })),
  });
  return {
    deliver(event, data) {
      options.onEvent?.(event, data);
      if (page.isClosed()) return;
      void page.evaluate(`globalThis.__crmDeliver?.(${JSON.stringify(event)}, ${JSON.stringify(data)})`).catch(() => {});
    },
  };
}
