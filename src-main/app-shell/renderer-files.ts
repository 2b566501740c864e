// Which file of the built window (out/renderer) a request path names, and what type it is
// served as. Both hosts answer the window's requests from disk (Electron through the app://
// scheme, the Chromium host through request interception), so the refusal rules live here once:
// nothing outside the folder is ever named, however the path is spelled.
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export type RendererFile = { file: string } | { refused: 403 | 404 };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  // streaming compilation (WebAssembly.instantiateStreaming) insists on exactly this type
  '.wasm': 'application/wasm',
};

/** the Content-Type a built file is served with; unknown kinds are bytes, never sniffed into HTML */
export function contentTypeFor(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A segment that could leave the folder or name something other than a plain file under it:
 * `.`/`..` (also when they arrived percent-encoded), a backslash (a separator on Windows), a
 * colon (a drive letter or an NTFS stream), a NUL byte, or an empty segment (`//` would make
 * the rest look absolute to some path functions).
 */
const unsafeSegment = (segment: string): boolean => segment === '' || segment === '.' || segment === '..' || /[\\:\0]/.test(segment);

/**
 * `pathname`: the request URL's path, still percent-encoded, as a URL parser returns it. `/` is
 * the page itself. Refusals: 403 for any attempt to step outside `root`, 404 for a path that is
 * not even readable as one (malformed encoding).
 */
export function rendererFileFor(root: string, pathname: string): RendererFile {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { refused: 404 };
  }
  if (!decoded.startsWith('/')) return { refused: 403 };
  const wanted = decoded === '/' ? 'index.html' : decoded.slice(1);
  const segments = wanted.split('/');
  if (segments.some(unsafeSegment)) return { refused: 403 };
  const base = resolve(root);
  const file = join(base, ...segments);
  // belt and braces: whatever the checks above missed, the result must still be inside root
  const inside = relative(base, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return { refused: 403 };
  return { file };
}
