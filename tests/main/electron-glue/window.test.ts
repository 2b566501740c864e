import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, fakeSession, screen, shell } from './electron-fake';

vi.mock('electron', () => ({ BrowserWindow: FakeBrowserWindow, screen, shell }));

const { createMainWindow, hardenSession } = await import('../../../src-main/electron/window');
const { CONTENT_SECURITY_POLICY, developmentCsp, secureWebPreferences } = await import('../../../src-main/app-shell/security-policy');

const { createTrustedPage } = await import('../../../src-main/app-shell/trusted-page');

const APP = 'file:///app/out/renderer/index.html';

/** a window whose page committed at APP, as Chromium reports it after loadFile */
function open(packaged = false) {
  const win = createMainWindow({ preload: '/app/out/preload/index.cjs', packaged, state: { bounds: null, maximized: false }, page: createTrustedPage() }) as unknown as FakeBrowserWindow;
  win.webContents.emit('did-navigate', {}, APP);
  return win;
}

describe('main window', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = [];
    shell.openExternal.mockClear();
  });

  it('is created isolated, sandboxed and without node', () => {
    const win = open();
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/app/out/preload/index.cjs',
    });
    expect(win.options.show).toBe(false);
    expect(win.show).toHaveBeenCalled();
  });

  it('writes exactly the policy\'s web preferences (a literal an auditor can read), auxclick off', () => {
    for (const packaged of [false, true]) {
      FakeBrowserWindow.created = [];
      const win = open(packaged);
      expect(win.options.webPreferences).toEqual(secureWebPreferences('/app/out/preload/index.cjs', packaged));
      expect(win.options.webPreferences).toMatchObject({ disableBlinkFeatures: 'Auxclick' });
    }
  });

  it('blocks navigation away from the app page', () => {
    const win = open();
    const prevent = vi.fn();
    win.webContents.emit('will-navigate', { preventDefault: prevent }, 'https://evil.example/phish');
    expect(prevent).toHaveBeenCalledTimes(1);
    const allowed = vi.fn();
    win.webContents.emit('will-navigate', { preventDefault: allowed }, APP);
    expect(allowed).not.toHaveBeenCalled();
    const redirect = vi.fn();
    win.webContents.emit('will-redirect', { preventDefault: redirect }, 'file:///etc/passwd');
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('trusts the page Chromium committed first (its own spelling of the file URL), and nothing before it', () => {
    const page = createTrustedPage();
    const win = createMainWindow({ preload: '/p', packaged: true, state: { bounds: null, maximized: false }, page }) as unknown as FakeBrowserWindow;
    const early = vi.fn();
    win.webContents.emit('will-navigate', { preventDefault: early }, APP);
    expect(early).toHaveBeenCalledTimes(1);
    // Windows: Chromium writes the drive letter in its own case and escapes what Node would not
    const chromiumUrl = 'file:///c:/Users/Ana%20Lima/100%25/CRM%20Console/resources/app.asar/out/renderer/index.html';
    win.webContents.emit('did-navigate', {}, chromiumUrl);
    win.webContents.emit('did-navigate', {}, 'https://evil.example/');
    expect(page.url()).toBe(chromiumUrl);
    const reload = vi.fn();
    win.webContents.emit('will-navigate', { preventDefault: reload }, chromiumUrl);
    expect(reload).not.toHaveBeenCalled();
  });

  it('denies window.open and sends http(s) links to the OS browser', () => {
    const win = open();
    expect(win.webContents.windowOpenHandler!({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://docs.example.com/');
    expect(win.webContents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('blocks webviews and closes devtools in packaged builds', () => {
    const win = open(true);
    const prevent = vi.fn();
    win.webContents.emit('will-attach-webview', { preventDefault: prevent });
    expect(prevent).toHaveBeenCalled();
    expect((win.options.webPreferences as { devTools: boolean }).devTools).toBe(false);
    win.webContents.emit('devtools-opened');
    expect(win.webContents.closeDevTools).toHaveBeenCalled();
  });

  it('restores the remembered size and maximised state', () => {
    const win = createMainWindow({ preload: '/p', packaged: false, state: { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true }, page: createTrustedPage() }) as unknown as FakeBrowserWindow;
    expect(win.options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700 });
    expect(win.maximize).toHaveBeenCalled();
  });
});

describe('session hardening', () => {
  it('grants only microphone requests and adds the CSP header', () => {
    const session = fakeSession();
    hardenSession(session as never);
    const answer = (permission: string, details: object) => {
      let granted: boolean | undefined;
      session.permissionRequest!(null, permission, (g: boolean) => { granted = g; }, details);
      return granted;
    };
    expect(answer('media', { mediaTypes: ['audio'] })).toBe(true);
    expect(answer('media', { mediaTypes: ['video'] })).toBe(false);
    expect(answer('geolocation', {})).toBe(false);
    expect(answer('notifications', {})).toBe(false);
    expect(session.permissionCheck!(null, 'media', '', { mediaType: 'audio' })).toBe(true);
    expect(session.permissionCheck!(null, 'media', '', { mediaType: 'video' })).toBe(false);
    expect(session.permissionCheck!(null, 'clipboard-read', '', {})).toBe(false);

    let headers: Record<string, string[]> = {};
    session.headers!({ responseHeaders: { 'X-Other': ['1'] } }, (r: { responseHeaders: Record<string, string[]> }) => { headers = r.responseHeaders; });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['X-Other']).toEqual(['1']);
  });

  it('sends the policy it is given (electron-vite dev: the development policy)', () => {
    const session = fakeSession();
    hardenSession(session as never, developmentCsp('http://localhost:5173/'));
    let headers: Record<string, string[]> = {};
    session.headers!({ responseHeaders: {} }, (r: { responseHeaders: Record<string, string[]> }) => { headers = r.responseHeaders; });
    expect(headers['Content-Security-Policy']![0]).toContain("connect-src 'self' ws://localhost:5173");
  });
});
