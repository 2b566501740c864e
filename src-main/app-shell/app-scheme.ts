// The Electron window's page comes from app://crm-console/, a scheme only this app answers,
// instead of file://: a file:// page may read any other file:// URL on the computer, while this
// origin names the built window's folder (out/renderer) and nothing else. This module decides
// each answer in plain Node; src-main/electron/app-protocol.ts only hands Electron the result.
import fs from 'node:fs';
import { sep } from 'node:path';
import { contentTypeFor, rendererFileFor } from './renderer-files';

export const APP_SCHEME = 'app';
/** one fixed host, so the page's origin is the same on every computer and in every folder */
export const APP_HOST = 'crm-console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

export interface AppAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for a refusal and for HEAD */
  body: Uint8Array | null;
}

/** The file system as the answer needs it; tests and Electron (whose fs reads inside app.asar) pass Node's. */
export interface AppFiles {
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<Uint8Array>;
}

// Called through the module object at request time, not bound at import: Electron replaces
// these functions with ones that also read inside app.asar.
export const nodeFiles: AppFiles = {
  realpath: (path) => new Promise((ok, fail) => fs.realpath(path, (err, real) => (err ? fail(err) : ok(real)))),
  readFile: (path) => new Promise((ok, fail) => fs.readFile(path, (err, data) => (err ? fail(err) : ok(data)))),
};

const refusal = (status: number, headers: Record<string, string> = {}): AppAnswer => ({
  status,
  headers: { 'Cache-Control': 'no-store', ...headers },
  body: null,
});

const isInside = (root: string, file: string): boolean => file.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * One request to the app scheme. `root`: the built window's folder; `csp`: the page's policy,
 * sent as a header with every HTML page (the meta tag in index.html says the same).
 */
export async function answerAppRequest(
  request: { url: string; method: string },
  options: { root: string; csp: string; files?: AppFiles },
): Promise<AppAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, { Allow: 'GET, HEAD' });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refusal(404);
  }
  // Chromium lowercases a standard scheme's host; Node's parser leaves it as written
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return refusal(404);
  const named = rendererFileFor(options.root, url.pathname || '/');
  if ('refused' in named) return refusal(named.refused);

  const files = options.files ?? nodeFiles;
  let body: Uint8Array;
  try {
    // a link inside the folder that points outside it is refused like a `..`
    const [realRoot, realFile] = await Promise.all([files.realpath(options.root), files.realpath(named.file)]);
    if (!isInside(realRoot, realFile)) return refusal(403);
    body = await files.readFile(realFile);
  } catch {
    // missing, a folder, unreadable: not something the page can have
    return refusal(404);
  }
  const type = contentTypeFor(named.file);
  const headers: Record<string, string> = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    // the page and its files change with every update: never reuse an older copy
    'Cache-Control': 'no-cache',
  };
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = options.csp;
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}
