// The built window (out/renderer) served to Chromium from Node through request interception, at
// an https origin that exists nowhere else: no listening port, no local web server another
// program or web page could call. https makes it a secure context (the microphone works);
// every response carries the app's CSP, as Electron's session adds it.
import { readdir, readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { contentTypeFor, rendererFileFor } from '../app-shell/renderer-files';
import { CONTENT_SECURITY_POLICY } from '../app-shell/security-policy';

/** `.invalid` can never resolve (RFC 2606): a request that escaped interception goes nowhere */
export const APP_ORIGIN = 'https://crm-console.invalid';
export const APP_URL = `${APP_ORIGIN}/index.html`;

const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'display-capture=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'payment=()',
  'clipboard-read=()',
  'idle-detection=()',
].join(', ');

/** the file under `root` a request path names, or null for anything outside it (rules: app-shell/renderer-files.ts) */
export function fileFor(root: string, pathname: string): string | null {
  const named = rendererFileFor(root, pathname);
  return 'file' in named ? named.file : null;
}

export async function serveRenderer(context: BrowserContext, root: string): Promise<void> {
  const loaded = await readBuiltWindow(root);
  // Every request of the window: the app's own files are answered from what was read (else from
  // disk), anything else (which the CSP already forbids) is refused here too.
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === APP_ORIGIN ? fileFor(root, url.pathname) : null;
    if (!file) return route.abort('blockedbyclient');
    try {
      const body = loaded.get(file) ?? (await readFile(file));
      return route.fulfill({
        status: 200,
        body,
        headers: {
          'Content-Type': contentTypeFor(file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          // as Electron's permission handler: the microphone (voice notes) and nothing else
          'Permissions-Policy': PERMISSIONS_POLICY,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
}

/**
 * The built window's files, read once as the window is opened: its first requests are then
 * answered at once, not after a disk read each (the window's cold load waits on every one of
 * them). A file not read here (added later, or unreadable now) is read when it is asked for.
 */
async function readBuiltWindow(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const file = fileFor(root, `/${name.split(sep).map(encodeURIComponent).join('/')}`);
      if (file === null) return;
      const body = await readFile(file).catch(() => null);
      if (body !== null) files.set(file, body);
    }),
  );
  return files;
}
