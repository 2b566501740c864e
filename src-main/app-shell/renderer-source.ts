// Where the window's page comes from. A packaged build always loads its own files, through the
// app:// scheme (app-shell/app-scheme.ts): a dev server address in the environment would
// otherwise be trusted with the whole IPC contract. In development, only a dev server on this
// computer is accepted.
import { APP_PAGE_URL } from './app-scheme';

/** `root`: the built window's folder, the only one app:// answers from */
export type RendererSource = { kind: 'app'; root: string; url: string } | { kind: 'dev-server'; url: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function rendererSource(options: { packaged: boolean; env: Record<string, string | undefined>; root: string }): RendererSource {
  const built: RendererSource = { kind: 'app', root: options.root, url: APP_PAGE_URL };
  const devUrl = options.env.ELECTRON_RENDERER_URL;
  if (options.packaged || !devUrl) return built;
  try {
    const url = new URL(devUrl);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname))
      return { kind: 'dev-server', url: url.toString() };
  } catch {
    // not a URL: the built files, as in production
  }
  return built;
}
