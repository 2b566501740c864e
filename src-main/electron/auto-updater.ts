// electron-updater's updater, loaded only by an installed copy that updates itself (it reads
// app-update.yml and Electron's app and net modules as soon as it is loaded). A running AppImage
// always gets the AppImage updater (app-shell/updater-choice.ts); otherwise electron-updater's own
// choice for the platform and package. Everything it does for the app is driven by
// app-shell/update-service.ts.
import type { AutoUpdaterLike } from '../app-shell/update-service';
import { updaterChoice } from '../app-shell/updater-choice';

export async function loadAutoUpdater(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): Promise<AutoUpdaterLike> {
  const updater = await import('electron-updater');
  return updaterChoice(platform, env) === 'appimage' ? new updater.AppImageUpdater() : updater.autoUpdater;
}
