// The main window, locked down (docs/ARCHITECTURE.md, rule 6). The rules themselves live in
// app-shell/security-policy.ts; this file only applies them to Electron objects. The web
// preferences are written out as a literal below, so an auditor reading this file
// (Electronegativity, in npm test) sees them; a unit test keeps them equal to the policy's.
import { BrowserWindow, screen, shell, type Session } from 'electron';
import {
  CONTENT_SECURITY_POLICY,
  externalUrlFor,
  isAllowedNavigation,
  isAllowedPermission,
  isAllowedPermissionCheck,
  type PermissionDetails,
} from '../app-shell/security-policy';
import type { TrustedPage } from '../app-shell/trusted-page';
import { DEFAULT_SIZE, MIN_SIZE, restoreBounds, type WindowState } from '../app-shell/window-state';

/**
 * `csp`: the app's policy (electron-vite dev passes developmentCsp, see security-policy.ts);
 * `appUrl`: the page the window committed, the only one that may use the microphone;
 * `osMicrophone`: the OS's own consent (macOS), asked after the page's rule allowed it.
 */
export function hardenSession(
  session: Session,
  csp: string = CONTENT_SECURITY_POLICY,
  appUrl: () => string | null = () => null,
  osMicrophone: () => Promise<boolean> = async () => true,
): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    if (!isAllowedPermission(permission, details as PermissionDetails, appUrl())) {
      callback(false);
      return;
    }
    osMicrophone().then(callback, () => callback(false));
  });
  session.setPermissionCheckHandler((_wc, permission, _origin, details) => isAllowedPermissionCheck(permission, details, appUrl()));
  // The app:// scheme sends the policy with its pages itself (and the page carries it as a meta
  // tag); this covers every other response, over http from the dev server in development.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

export function createMainWindow(options: { preload: string; packaged: boolean; state: WindowState; page: TrustedPage }): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const bounds = restoreBounds(options.state.bounds, workAreas);
  const win = new BrowserWindow({
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'CRM Console',
    backgroundColor: '#1b1d23',
    // = secureWebPreferences(preload, packaged), written out (see the header)
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: !options.packaged,
      // Reviewed, as Electronegativity's PRELOAD_JS_CHECK asks: the preload (src-main/preload)
      // exposes only window.crm through contextBridge, one invoke per contract channel.
      preload: options.preload, // eng-disable PRELOAD_JS_CHECK
    },
  });
  if (options.state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  contents.on('did-navigate', (_event, url) => options.page.commit(url));
  // the event carries the target (details.url); the separate url argument is deprecated
  contents.on('will-navigate', (details) => {
    if (!isAllowedNavigation(details.url, options.page.url())) details.preventDefault();
  });
  contents.on('will-redirect', (details) => {
    if (!isAllowedNavigation(details.url, options.page.url())) details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // the allow-list (http and https only) right beside the call
    const external = externalUrlFor(url);
    if (external !== null) void shell.openExternal(external);
    return { action: 'deny' };
  });
  if (options.packaged) contents.on('devtools-opened', () => contents.closeDevTools());
  return win;
}

/** A second launch: bring the open window forward, restored if it was minimised. */
export function focusWindow(win: BrowserWindow | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}
