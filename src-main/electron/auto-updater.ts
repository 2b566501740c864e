// electron-updater's autoUpdater, loaded only by an installed copy that updates itself (it reads
// app-update.yml and Electron's app and net modules as soon as it is loaded). Everything it does
// for the app is driven by app-shell/update-service.ts.
import type { AutoUpdaterLike } from '../app-shell/update-service';

export async function loadAutoUpdater(): Promise<AutoUpdaterLike> {
  const { autoUpdater } = await import('electron-updater');
  return autoUpdater;
}
