// Where an installed Chromium or Chrome usually lives, per OS. CHROMIUM_PATH wins. Only paths
// are listed here; the caller checks which exist.
import { posix, win32 } from 'node:path';

export function chromiumCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  const explicit = env.CHROMIUM_PATH?.trim();
  const listed: string[] = explicit ? [explicit] : [];
  if (platform === 'darwin') {
    return [
      ...listed,
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      ...(env.HOME ? [posix.join(env.HOME, 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome')] : []),
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((r): r is string => Boolean(r));
    return [
      ...listed,
      ...roots.flatMap((root) => [
        win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
        win32.join(root, 'Chromium', 'Application', 'chrome.exe'),
        win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      ]),
    ];
  }
  return [
    ...listed,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/usr/bin/microsoft-edge',
  ];
}

/** the first candidate that exists, or null */
export function findChromium(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean,
): string | null {
  return chromiumCandidates(platform, env).find((path) => exists(path)) ?? null;
}
