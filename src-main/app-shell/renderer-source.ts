// Where the window's page comes from. A packaged build always loads its own files: a dev
// server address in the environment would otherwise be trusted with the whole IPC contract.
// In development, only a dev server on this computer is accepted.

export type RendererSource = { kind: 'file'; file: string } | { kind: 'dev-server'; url: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function rendererSource(options: { packaged: boolean; env: Record<string, string | undefined>; file: string }): RendererSource {
  const devUrl = options.env.ELECTRON_RENDERER_URL;
  if (options.packaged || !devUrl) return { kind: 'file', file: options.file };
  try {
    const url = new URL(devUrl);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)) return { kind: 'dev-server', url: url.toString() };
  } catch {
    // not a URL: the built files, as in production
  }
  return { kind: 'file', file: options.file };
}
