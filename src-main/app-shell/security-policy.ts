// The window's security rules as plain data and functions, so they are unit-tested without
// Electron; src-main/electron/ only applies them (docs/ARCHITECTURE.md, rule 6).

/**
 * Same policy as the meta tag in src-renderer/index.html (a test keeps the two equal); sent as a
 * header too: by the app:// scheme with every page, and by the session for anything else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "connect-src 'none'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
].join('; ');

/**
 * Development only (electron-vite dev, never a packaged build): the dev server's React refresh
 * preamble is an inline script, its styles arrive as <style> tags and hot reload talks over a
 * WebSocket to the dev server's own origin. Everything else stays as strict as the real policy.
 */
export function developmentCsp(devServerUrl: string): string {
  const origin = new URL(devServerUrl);
  const socket = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'none'", `connect-src 'self' ${socket}`);
}

/** `html` with its CSP meta tag's policy replaced (the dev server serves the development one). */
export function withCspMeta(html: string, csp: string): string {
  return html.replace(
    /(http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/,
    (_m, open: string, close: string) => `${open}${csp}${close}`,
  );
}

/**
 * The only navigation the window accepts is a reload of its own page. The page never lives on
 * file:// (Electron serves it from app://, development from the dev server): a file:// URL is
 * refused even if something claimed it was the app's page.
 */
export function isAllowedNavigation(targetUrl: string, appUrl: string | null): boolean {
  if (appUrl === null) return false;
  try {
    const target = new URL(targetUrl);
    const app = new URL(appUrl);
    if (target.protocol === 'file:') return false;
    return target.protocol === app.protocol && target.host.toLowerCase() === app.host.toLowerCase() && target.pathname === app.pathname;
  } catch {
    return false;
  }
}

/** window.open / target=_blank: never a new window; http(s) links go to the OS browser. */
export function externalUrlFor(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/**
 * IPC senders must be the app's own page in the top frame: app://crm-console/index.html, or the
 * dev server's page in development (`appUrl`, as committed). `frameUrl` is the sender frame's
 * URL; a page navigated elsewhere, a file:// page, an iframe or a devtools extension is refused.
 */
export function isTrustedSender(frameUrl: string | undefined, appUrl: string | null, isMainFrame: boolean): boolean {
  if (!frameUrl || !isMainFrame) return false;
  return isAllowedNavigation(frameUrl, appUrl);
}

export interface PermissionDetails {
  mediaTypes?: string[];
  /** the frame asking (Electron fills it in for requests) */
  requestingUrl?: string;
  isMainFrame?: boolean;
}

/**
 * Permission requests: only the microphone, for recording voice notes, and only for the app's
 * own page in the top frame (`appUrl`: the page the window committed; null before that).
 */
export function isAllowedPermission(permission: string, details: PermissionDetails, appUrl: string | null): boolean {
  if (permission !== 'media') return false;
  const types = details.mediaTypes ?? [];
  if (types.length === 0 || !types.every((t) => t === 'audio')) return false;
  return isTrustedSender(details.requestingUrl, appUrl, details.isMainFrame === true);
}

/**
 * Chromium's synchronous "is this permitted?" checks: the same rule for one media type, the app's
 * own page in the top frame only (an iframe of it, were one ever to load, is asked no differently
 * than by a request).
 */
export function isAllowedPermissionCheck(
  permission: string,
  details: { mediaType?: string; requestingUrl?: string; isMainFrame?: boolean },
  appUrl: string | null,
): boolean {
  if (permission !== 'media' || details.mediaType !== 'audio') return false;
  return isTrustedSender(details.requestingUrl, appUrl, details.isMainFrame === true);
}

export interface SecureWebPreferences {
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  spellcheck: false;
  /** middle-click (auxclick) could open a link in a new window: the Blink feature is off */
  disableBlinkFeatures: 'Auxclick';
  devTools: boolean;
  preload: string;
}

/**
 * The policy. src-main/electron/window.ts writes the same values as a literal in its
 * `new BrowserWindow` call, where an auditor (Electronegativity) can read them; a unit test
 * (tests/main/electron/window.test.ts) checks that the two are equal.
 */
export function secureWebPreferences(preload: string, packaged: boolean): SecureWebPreferences {
  return {
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
    devTools: !packaged,
    preload,
  };
}
