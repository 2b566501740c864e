// The part of electron-updater the app uses, declared here so the updater glue type-checks the
// same way whether or not the package is installed yet. The shape lives in
// src-main/app-shell/update-service.ts (AutoUpdaterLike); electron-updater's own AppUpdater
// satisfies it. Loaded with a dynamic import: the bundler puts it in a chunk of its own, read
// only by an installed copy that updates itself.
declare module 'electron-updater' {
  import type { AutoUpdaterLike } from '../app-shell/update-service';

  export const autoUpdater: AutoUpdaterLike;
  /** the Linux updater that replaces the running AppImage file ($APPIMAGE) */
  export class AppImageUpdater implements AutoUpdaterLike {
    autoDownload: boolean;
    autoInstallOnAppQuit: boolean;
    logger: AutoUpdaterLike['logger'];
    on: AutoUpdaterLike['on'];
    checkForUpdates(): Promise<unknown>;
    quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  }
}
