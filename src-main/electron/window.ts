// The main window, locked down (ARCHITECTURE.md invariant 6). The rules themselves live in
// app-shell/security-policy.ts; this file only applies them to Electron objects.
import { BrowserWindow, screen, shell, type Session } from 'electron';
import {
  CONTENT_SECURITY_POLICY,
  externalUrlFor,
  isAllowedNavigation,
  isAllowedPermission,
  secureWebPreferences,
} from '../app-shell/security-policy';
import { DEFAULT_SIZE, MIN_SIZE, restoreBounds, type WindowState } from '../app-shell/window-state';

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(isAllowedPermission(permission, details as { mediaTypes?: string[] }));
  });
  session.setPermissionCheckHandler((_wc, permission, _origin, details) =>
    permission === 'media' ? (details as { mediaType?: string }).mediaType === 'audio' : false,
  );
  // The renderer is loaded from file:// (meta CSP) in production; over http in development the
  // header applies the same policy.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}

export function createMainWindow(options: { preload: string; packaged: boolean; state: WindowState; appUrl: () => string }): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const bounds = restoreBounds(options.state.bounds, workAreas);
  const win = new BrowserWindow({
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'CRM Console',
    backgroundColor: '#1b1d23',
    webPreferences: secureWebPreferences(options.preload, options.packaged),
  });
  if (options.state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, options.appUrl())) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedNavigation(url, options.appUrl())) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlFor(url);
    if (external) void shell.openExternal(external);
    return { action: 'deny' };
  });
  if (options.packaged) contents.on('devtools-opened', () => contents.closeDevTools());
  return win;
}
