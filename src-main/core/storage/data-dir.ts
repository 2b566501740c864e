// Where the app and the `crm` command keep their state: the same directory for both (Electron's
// userData for the app name "crm-console"), so they share profiles, key metadata and the outbox.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

const APP_DIR_NAME = 'crm-console';

/**
 * CRM_DATA_DIR wins; a relative one is taken from the current folder, as a person typing it in a
 * terminal means (Electron's setPath refuses relative paths, so it must be absolute here).
 */
export function resolveDataDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
  cwd: string = process.cwd(),
): string {
  const path = platform === 'win32' ? win32 : posix;
  const explicit = env.CRM_DATA_DIR?.trim();
  if (explicit) return path.resolve(cwd, explicit);
  if (platform === 'win32') {
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  // Electron's appData on Linux honours XDG_CONFIG_HOME.
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), APP_DIR_NAME);
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
): string {
  if (env.CRM_DATA_DIR?.trim()) return (platform === 'win32' ? win32 : posix).join(dataDir, 'logs');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Logs', APP_DIR_NAME);
  return (platform === 'win32' ? win32 : posix).join(dataDir, 'logs');
}
