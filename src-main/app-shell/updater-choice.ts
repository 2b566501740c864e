// Which of electron-updater's updaters an installed copy uses. On Linux electron-updater picks by
// a resources/package-type file the deb (or rpm, pacman) package carries; an AppImage that carried
// one by mistake would try to install its update with `pkexec dpkg -i`. The AppImage runtime sets
// APPIMAGE to the running file's path, which is the surer sign: then it is the AppImage updater
// (which replaces that very file), whatever package-type says.

export type UpdaterChoice = 'appimage' | 'by-package';

export function updaterChoice(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): UpdaterChoice {
  const appImage = env.APPIMAGE?.trim();
  return platform === 'linux' && appImage && appImage.startsWith('/') ? 'appimage' : 'by-package';
}
