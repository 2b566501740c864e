import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, fakeSession, screen, shell } from './electron-fake';

vi.mock('electron', () => ({ BrowserWindow: FakeBrowserWindow, screen, shell }));

const { createMainWindow, focusWindow, hardenSession } = await import('../../../src-main/electron/window');
const { CONTENT_SECURITY_POLICY, developmentCsp, secureWebPreferences } = await import('../../../src-main/app-shell/security-policy');

const { createTrustedPage } = await import('../../../src-main/app-shell/trusted-page');

const APP = 'app://crm-console/index.html';

/**
 * What Electron 45 passes to will-navigate and will-redirect: an event carrying the target as
 * `url`. The deprecated positional url is given as something else, so a handler reading it fails.
 */
const navigation = (preventDefault: () => void, url: string) => [{ preventDefault, url }, 'about:blank#deprecated-positional-url'] as const;

/** a window whose page committed at APP, as Chromium reports it after loadURL */
function open(packaged = false) {
  const win = createMainWindow({
    preload: '/app/out/preload/index.cjs',
    packaged,
    state: { bounds: null, maximized: false },
    page: createTrustedPage(APP),
  }) as unknown as FakeBrowserWindow;
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

  it("writes exactly the policy's web preferences (a literal an auditor can read), auxclick off", () => {
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
    win.webContents.emit('will-navigate', ...navigation(prevent, 'https://evil.example/phish'));
    expect(prevent).toHaveBeenCalledTimes(1);
    const allowed = vi.fn();
    win.webContents.emit('will-navigate', ...navigation(allowed, APP));
    expect(allowed).not.toHaveBeenCalled();
    const redirect = vi.fn();
    win.webContents.emit('will-redirect', ...navigation(redirect, 'file:///etc/passwd'));
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('trusts the first page Chromium committed at the address it was told to load, and nothing before it', () => {
    const page = createTrustedPage(APP);
    const win = createMainWindow({
      preload: '/p',
      packaged: true,
      state: { bounds: null, maximized: false },
      page,
    }) as unknown as FakeBrowserWindow;
    const early = vi.fn();
    win.webContents.emit('will-navigate', ...navigation(early, APP));
    expect(early).toHaveBeenCalledTimes(1);
    // something else committing first (an error page, a redirect) never becomes the app's page
    win.webContents.emit('did-navigate', {}, 'file:///c:/Users/Ana/CRM%20Console/resources/app.asar/out/renderer/index.html');
    win.webContents.emit('did-navigate', {}, 'https://evil.example/');
    expect(page.url()).toBeNull();
    win.webContents.emit('did-navigate', {}, APP);
    win.webContents.emit('did-navigate', {}, 'app://crm-console/other.html');
    expect(page.url()).toBe(APP);
    const reload = vi.fn();
    win.webContents.emit('will-navigate', ...navigation(reload, `${APP}#/keys`));
    expect(reload).not.toHaveBeenCalled();
  });

  it("never lets the window onto file://, even the built page's own file", () => {
    const win = open();
    for (const url of ['file:///app/out/renderer/index.html', 'file:///etc/passwd', 'app://evil/index.html']) {
      const prevent = vi.fn();
      win.webContents.emit('will-navigate', ...navigation(prevent, url));
      expect(prevent, url).toHaveBeenCalledTimes(1);
    }
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
    const win = createMainWindow({
      preload: '/p',
      packaged: false,
      state: { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true },
      page: createTrustedPage(APP),
    }) as unknown as FakeBrowserWindow;
    expect(win.options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700 });
    expect(win.maximize).toHaveBeenCalled();
  });
});

describe('session hardening', () => {
  const fromApp = { requestingUrl: APP, isMainFrame: true };
  /** the request handler's answer, once its (possibly asynchronous) callback ran */
  const answer = async (session: ReturnType<typeof fakeSession>, permission: string, details: object): Promise<boolean | undefined> => {
    let granted: boolean | undefined;
    session.permissionRequest!(
      null,
      permission,
      (g: boolean) => {
        granted = g;
      },
      details,
    );
    await new Promise((ok) => setTimeout(ok, 0));
    return granted;
  };

  it("grants only the app page's microphone requests and adds the CSP header", async () => {
    const session = fakeSession();
    hardenSession(session as never, CONTENT_SECURITY_POLICY, () => APP);
    expect(await answer(session, 'media', { ...fromApp, mediaTypes: ['audio'] })).toBe(true);
    expect(await answer(session, 'media', { ...fromApp, mediaTypes: ['video'] })).toBe(false);
    expect(await answer(session, 'media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['audio'] })).toBe(
      false,
    );
    expect(await answer(session, 'media', { requestingUrl: APP, isMainFrame: false, mediaTypes: ['audio'] })).toBe(false);
    expect(await answer(session, 'geolocation', fromApp)).toBe(false);
    expect(await answer(session, 'notifications', fromApp)).toBe(false);
    expect(
      session.permissionCheck!(null, 'media', 'app://crm-console', { mediaType: 'audio', requestingUrl: APP, isMainFrame: true }),
    ).toBe(true);
    expect(
      session.permissionCheck!(null, 'media', 'https://evil.example', {
        mediaType: 'audio',
        requestingUrl: 'https://evil.example/',
        isMainFrame: true,
      }),
    ).toBe(false);
    expect(
      session.permissionCheck!(null, 'media', 'app://crm-console', { mediaType: 'video', requestingUrl: APP, isMainFrame: true }),
    ).toBe(false);
    expect(session.permissionCheck!(null, 'clipboard-read', 'app://crm-console', { requestingUrl: APP, isMainFrame: true })).toBe(false);
    // the app's own address in a frame below the top one is not the app's page
    expect(
      session.permissionCheck!(null, 'media', 'app://crm-console', { mediaType: 'audio', requestingUrl: APP, isMainFrame: false }),
    ).toBe(false);

    let headers: Record<string, string[]> = {};
    session.headers!({ responseHeaders: { 'X-Other': ['1'] } }, (r: { responseHeaders: Record<string, string[]> }) => {
      headers = r.responseHeaders;
    });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['X-Other']).toEqual(['1']);
  });

  it('grants nothing before the page committed', async () => {
    const session = fakeSession();
    hardenSession(session as never, CONTENT_SECURITY_POLICY, () => null);
    expect(await answer(session, 'media', { ...fromApp, mediaTypes: ['audio'] })).toBe(false);
  });

  it("asks the OS only after the page's rule allowed it, and follows its answer", async () => {
    const session = fakeSession();
    const os = vi.fn(async () => false);
    hardenSession(session as never, CONTENT_SECURITY_POLICY, () => APP, os);
    expect(await answer(session, 'media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['audio'] })).toBe(
      false,
    );
    expect(os).not.toHaveBeenCalled();
    expect(await answer(session, 'media', { ...fromApp, mediaTypes: ['audio'] })).toBe(false);
    expect(os).toHaveBeenCalledTimes(1);
    os.mockRejectedValueOnce(new Error('no TCC'));
    expect(await answer(session, 'media', { ...fromApp, mediaTypes: ['audio'] })).toBe(false);
  });

  it('sends the policy it is given (electron-vite dev: the development policy)', () => {
    const session = fakeSession();
    hardenSession(session as never, developmentCsp('http://localhost:5173/'));
    let headers: Record<string, string[]> = {};
    session.headers!({ responseHeaders: {} }, (r: { responseHeaders: Record<string, string[]> }) => {
      headers = r.responseHeaders;
    });
    expect(headers['Content-Security-Policy']![0]).toContain("connect-src 'self' ws://localhost:5173");
  });
});

describe('a second launch', () => {
  it('brings the open window forward, restored and shown', () => {
    FakeBrowserWindow.created = [];
    const win = open();
    win.minimized = true;
    win.visible = false;
    win.show.mockClear();
    focusWindow(win as never);
    expect(win.restore).toHaveBeenCalledTimes(1);
    expect(win.show).toHaveBeenCalledTimes(1);
    expect(win.focus).toHaveBeenCalledTimes(1);
    expect(() => focusWindow(null)).not.toThrow();
  });
});
