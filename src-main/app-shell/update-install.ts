// Whether an installed copy may install an update by itself. electron-updater checks a download
// against the SHA-512 in the same feed it came from; that proves only that the feed is
// consistent. What proves the update is ours is a publisher the OS checks: the code signature on
// macOS (Squirrel.Mac), and on Windows the Authenticode publisher that electron-builder writes
// into app-update.yml (publisherName) when it signs. Linux packages carry no such signature, an
// unsigned Windows build has no publisher to compare, and a deb update installs as root: there
// the app only says a new version is out and where to download it, and installs nothing. Pure:
// the OS and app-update.yml's text in, the decision out.

export type UpdateInstall = { installs: true } | { installs: false; downloadFrom: string | null };

/** a top-level `key: value` of app-update.yml (a flat file electron-builder writes) */
function field(yml: string, key: string): string | null {
  const found = new RegExp(`^${key}:[ \\t]*(.*)$`, 'm').exec(yml);
  if (!found) return null;
  return found[1]!.trim().replace(/^(['"])(.*)\1$/, '$2');
}

export function updateInstallOf(platform: NodeJS.Platform, appUpdateYml: string): UpdateInstall {
  if (platform === 'darwin') return { installs: true };
  // a publisher name is a line of its own or a list under the key: either way it is there
  if (platform === 'win32' && field(appUpdateYml, 'publisherName') !== null) return { installs: true };
  const url = field(appUpdateYml, 'url');
  return { installs: false, downloadFrom: url !== null && /^https?:\/\//.test(url) ? url : null };
}

/** what the window says when a newer version is out on an OS where the app does not install it */
export function manualUpdateMessage(version: string, downloadFrom: string | null): string {
  return (
    `CRM Console ${version} is out. Updates are not installed automatically on this OS; download the new version from ` +
    `${downloadFrom ?? 'where you got this one'}.`
  );
}
