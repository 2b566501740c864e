// Where no publisher can be verified (Linux packages, a Windows build that was not signed) the
// installed app never downloads or installs an update itself: a deb would install as root on quit
// on the strength of a checksum from the same feed. It checks, and says where to download the new
// version. macOS (code signature) and signed Windows (the publisher in app-update.yml) install.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { updateInstallOf } from '../../../src-main/app-shell/update-install';
import { startUpdateService, type AutoUpdaterLike } from '../../../src-main/app-shell/update-service';
import type { UpdateState } from '../../../src-main/shared/ipc-types';

const UNSIGNED = 'provider: generic\nurl: https://downloads.example.com/crm-console/\nupdaterCacheDirName: crm-console-updater\n';
const SIGNED_WIN = `${UNSIGNED}publisherName:\n  - Example Software Ltd\n`;

describe('which installed copies install updates themselves', () => {
  it('macOS, and Windows signed with a publisher: yes', () => {
    expect(updateInstallOf('darwin', UNSIGNED)).toEqual({ installs: true });
    expect(updateInstallOf('win32', SIGNED_WIN)).toEqual({ installs: true });
    expect(updateInstallOf('win32', `${UNSIGNED}publisherName: Example Software Ltd\n`)).toEqual({ installs: true });
  });

  it('Linux (deb, AppImage) and unsigned Windows: no, with the feed as where to download', () => {
    expect(updateInstallOf('linux', UNSIGNED)).toEqual({ installs: false, downloadFrom: 'https://downloads.example.com/crm-console/' });
    expect(updateInstallOf('linux', SIGNED_WIN)).toMatchObject({ installs: false });
    expect(updateInstallOf('win32', UNSIGNED)).toEqual({ installs: false, downloadFrom: 'https://downloads.example.com/crm-console/' });
    expect(updateInstallOf('linux', 'provider: github\n')).toEqual({ installs: false, downloadFrom: null });
  });
});

function fakeUpdater() {
  return Object.assign(new EventEmitter(), {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    logger: null as AutoUpdaterLike['logger'],
    checkForUpdates: vi.fn(async () => null as unknown),
    quitAndInstall: vi.fn(),
  });
}

describe('the update service where the app installs nothing itself', () => {
  it('checks, downloads nothing, installs nothing on quit, and tells the window where to get the new version', async () => {
    const updater = fakeUpdater();
    const emitted: UpdateState[] = [];
    const timers: (() => void)[] = [];
    const service = startUpdateService({
      load: async () => updater as unknown as AutoUpdaterLike,
      emit: (s) => emitted.push(s),
      log: () => {},
      scrub: (t) => t,
      firstCheckAfterMs: 1,
      checkEveryMs: 1,
      setTimer: (fn) => timers.push(fn),
      setRepeat: () => undefined,
      install: updateInstallOf('linux', UNSIGNED),
    });
    timers[0]!();
    await new Promise((ok) => setTimeout(ok, 0));
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    updater.emit('checking-for-update');
    updater.emit('update-available', { version: '0.3.0' });
    updater.emit('checking-for-update');
    expect(emitted.at(-1)).toEqual({
      phase: 'manual',
      version: '0.3.0',
      message:
        'CRM Console 0.3.0 is out. Updates are not installed automatically on this OS; download the new ' +
        'version from https://downloads.example.com/crm-console/.',
    });
    // even a download that happened anyway is never installed from here
    updater.emit('update-downloaded', { version: '0.3.0' });
    expect(service.restart()).toBe(false);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });
});
