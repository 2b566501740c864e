// Where the CLI keeps its state: the same directory the desktop app uses (Electron's userData
// for the app name "crm-console"), so the app and the CLI share profiles, key metadata and the
// outbox.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

export const APP_DIR_NAME = 'crm-console';

export function resolveDataDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const explicit = env.CRM_DATA_DIR;
  if (explicit) return explicit;
  if (platform === 'win32') {
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  // Electron's appData on Linux honours XDG_CONFIG_HOME.
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), APP_DIR_NAME);
}
