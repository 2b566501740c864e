// Where the app and the `crm` command keep their state: the same directory for both (Electron's
// userData for the app name "crm-console"), so they share profiles, key metadata and the outbox.
// A development build (`npm start` from the source tree) keeps its own folder, so trying a change
// never migrates, corrupts or mixes with the data of the installed app on the same account.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/** `installed`: a packaged app; `development`: run from the source tree (not packaged) */
export type AppBuild = 'installed' | 'development';

export function appDirName(build: AppBuild): string {
  return build === 'development' ? 'crm-console-dev' : 'crm-console';
}

/**
 * CRM_DATA_DIR wins; a relative one is taken from the current folder, as a person typing it in a
 * terminal means (Electron's setPath refuses relative paths, so it must be absolute here).
 */
export function resolveDataDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
  cwd: string = process.cwd(),
  build: AppBuild = 'installed',
): string {
  const path = platform === 'win32' ? win32 : posix;
  const explicit = env.CRM_DATA_DIR?.trim();
  if (explicit) return path.resolve(cwd, explicit);
  const name = appDirName(build);
  if (platform === 'win32') {
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), name);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', name);
  // Electron's appData on Linux honours XDG_CONFIG_HOME.
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), name);
}

/**
 * The OS logs folder Electron's app.getPath('logs') uses, for the hosts that have no Electron
 * (the Chromium window, the command line): one place to look, whichever started the app.
 */
export function resolveLogDir(
  env: Record<string, string | undefined>,
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
  build: AppBuild = 'installed',
): string {
  if (env.CRM_DATA_DIR?.trim()) return (platform === 'win32' ? win32 : posix).join(dataDir, 'logs');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Logs', appDirName(build));
  return (platform === 'win32' ? win32 : posix).join(dataDir, 'logs');
}
