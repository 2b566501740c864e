// The Electron glue of the inbox's signals: the badge is Electron's, a notification is shown only
// where the OS supports them, and clicking it brings the window forward before the conversation opens.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const setBadgeCount = vi.fn(() => true);
let supported = true;
const shown: FakeNotification[] = [];
class FakeNotification {
  static isSupported = () => supported;
  listeners = new Map<string, () => void>();
  show = vi.fn();
  constructor(public options: { title: string; body: string }) {
    shown.push(this);
  }
  on(event: string, fn: () => void) {
    this.listeners.set(event, fn);
    return this;
  }
}
vi.mock('electron', () => ({ app: { setBadgeCount }, Notification: FakeNotification }));

const { createElectronAttention } = await import('../../../src-main/electron/attention');

function fakeWindow(focused: boolean) {
  return {
    isDestroyed: () => false,
    isFocused: () => focused,
    isMinimized: () => true,
    restore: vi.fn(),
    isVisible: () => true,
    show: vi.fn(),
    focus: vi.fn(),
  };
}

beforeEach(() => {
  shown.length = 0;
  supported = true;
  setBadgeCount.mockClear();
});

describe('createElectronAttention', () => {
  it('puts the unread total on the app icon', () => {
    createElectronAttention(() => null).badge?.(3);
    expect(setBadgeCount).toHaveBeenCalledWith(3);
  });

  it('a clicked notification restores and focuses the window, then opens the conversation', () => {
    const win = fakeWindow(false);
    const open = vi.fn();
    // the glue takes Electron's BrowserWindow; the fake has the methods it calls
    const attention = createElectronAttention(() => win as unknown as Electron.BrowserWindow);
    attention.notify?.({ title: 'Ana (+55 11 99999-0001)', body: 'Where is my order?' }, open);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.options).toEqual({ title: 'Ana (+55 11 99999-0001)', body: 'Where is my order?' });
    expect(shown[0]?.show).toHaveBeenCalled();
    // held until clicked or closed: one nothing refers to may be collected and its click lost
    expect(shown[0]?.listeners.has('close')).toBe(true);
    expect(open).not.toHaveBeenCalled();
    shown[0]?.listeners.get('click')?.();
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('shows nothing where the OS has no notifications, and says whether the window has the focus', () => {
    supported = false;
    const attention = createElectronAttention(() => fakeWindow(true) as unknown as Electron.BrowserWindow);
    attention.notify?.({ title: 't', body: 'b' }, () => undefined);
    expect(shown).toHaveLength(0);
    expect(attention.focused()).toBe(true);
    expect(createElectronAttention(() => null).focused()).toBe(false);
  });
});
