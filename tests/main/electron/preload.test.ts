import { describe, expect, it, vi } from 'vitest';

const exposed: Record<string, unknown> = {};
const listeners = new Map<string, ((...a: unknown[]) => void)[]>();
const ipcRenderer = {
  invoke: vi.fn(async (channel: string, payload: unknown) => ({ ok: true, value: { channel, payload } })),
  on: (channel: string, fn: (...a: unknown[]) => void) => listeners.set(channel, [...(listeners.get(channel) ?? []), fn]),
  removeListener: (channel: string, fn: (...a: unknown[]) => void) =>
    listeners.set(
      channel,
      (listeners.get(channel) ?? []).filter((f) => f !== fn),
    ),
};
vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (name: string, api: unknown) => {
      exposed[name] = api;
    },
  },
  ipcRenderer,
}));

await import('../../../src-main/preload/index');
// what the preload asked main for as it installed window.crm, before anything else ran
const callsAtInstall = ipcRenderer.invoke.mock.calls.map((c) => [...c]);
const { INVOKE_CHANNELS } = await import('../../../src-main/ipc/channels');
const { EARLY_CALL_FRESH_MS, FIRST_CONTACTS_PAGE } = await import('../../../src-main/shared/first-screen');
const { makeEarlyCall } = await import('../../../src-main/preload/early-call');
type Api = Record<string, (p: unknown) => Promise<unknown>> & {
  on: (e: string, l: (d: unknown) => void) => () => void;
  takeEarly: (channel: string, payload: unknown) => Promise<unknown> | undefined;
};

describe('preload', () => {
  it('exposes only window.crm, with one function per channel plus on() and takeEarly()', () => {
    expect(Object.keys(exposed)).toEqual(['crm']);
    const api = exposed.crm as Api;
    expect(Object.keys(api).sort()).toEqual([...INVOKE_CHANNELS, 'on', 'takeEarly'].sort());
    expect(Object.isFrozen(api)).toBe(true);
    for (const raw of ['ipcRenderer', 'send', 'sendSync', 'invoke', 'postMessage']) expect(Object.keys(api)).not.toContain(raw);
  });

  it('forwards the payload only, and returns the Result', async () => {
    const api = exposed.crm as Api;
    await expect(api['contacts:list']!({ page: 2, perPage: 50 })).resolves.toEqual({
      ok: true,
      value: { channel: 'contacts:list', payload: { page: 2, perPage: 50 } },
    });
  });

  it('delivers events without the IPC event object and unsubscribes', () => {
    const api = exposed.crm as Api;
    const got: unknown[] = [];
    const off = api.on('log:entry', (d) => got.push(d));
    for (const fn of listeners.get('log:entry') ?? []) fn({ sender: 'internal' }, { id: 'r1' });
    expect(got).toEqual([{ id: 'r1' }]);
    off();
    expect(listeners.get('log:entry')).toEqual([]);
    expect(() => api.on('not:an-event', () => {})).toThrow(/Unknown event/);
  });

  it("asks for the first contacts page as it installs window.crm, and hands that answer once to the app's identical call", async () => {
    expect(callsAtInstall).toEqual([['contacts:list', FIRST_CONTACTS_PAGE]]);
    const api = exposed.crm as Api;
    expect(api.takeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE, search: 'ana' })).toBeUndefined();
    await expect(api.takeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE })).resolves.toEqual({
      ok: true,
      value: { channel: 'contacts:list', payload: FIRST_CONTACTS_PAGE },
    });
    expect(api.takeEarly('contacts:list', { ...FIRST_CONTACTS_PAGE })).toBeUndefined();
  });
});

describe('the early call', () => {
  it('is not handed over once stale: the app then asks main itself', () => {
    let now = 1_000;
    const early = makeEarlyCall(
      async () => ({ ok: true }),
      () => now,
    );
    now += EARLY_CALL_FRESH_MS + 1;
    expect(early.take('contacts:list', { ...FIRST_CONTACTS_PAGE })).toBeUndefined();
  });

  it('a failed call never taken is no unhandled rejection', async () => {
    const rejected = Promise.reject(new Error('no handler'));
    makeEarlyCall(() => rejected);
    await expect(rejected).rejects.toThrow('no handler');
  });
});
