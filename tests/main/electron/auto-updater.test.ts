// Which updater an installed copy loads: a running AppImage (APPIMAGE set by its runtime) always
// gets the AppImage updater, even when a deb's resources/package-type ended up inside it; every
// other copy gets electron-updater's own choice (autoUpdater).
import { describe, expect, it, vi } from 'vitest';
import { updaterChoice } from '../../../src-main/app-shell/updater-choice';

const made = vi.hoisted(() => ({ appImageUpdaters: 0 }));
vi.mock('electron-updater', () => ({
  AppImageUpdater: class {
    kind = 'appimage';
    constructor() {
      made.appImageUpdaters += 1;
    }
  },
  autoUpdater: { kind: 'platform default' },
}));

const { loadAutoUpdater } = await import('../../../src-main/electron/auto-updater');

describe('the updater an installed copy loads', () => {
  it('a running AppImage gets the AppImage updater, whatever package-type says', async () => {
    expect(await loadAutoUpdater('linux', { APPIMAGE: '/home/ana/Applications/CRM-Console-x86_64.AppImage' })).toMatchObject({
      kind: 'appimage',
    });
    expect(made.appImageUpdaters).toBe(1);
  });

  it("a deb (no APPIMAGE), Windows and macOS get electron-updater's own choice", async () => {
    expect(await loadAutoUpdater('linux', {})).toMatchObject({ kind: 'platform default' });
    expect(await loadAutoUpdater('win32', { APPIMAGE: 'C:\\x.AppImage' })).toMatchObject({ kind: 'platform default' });
    expect(await loadAutoUpdater('darwin', { APPIMAGE: '/x.AppImage' })).toMatchObject({ kind: 'platform default' });
  });

  it('an empty or relative APPIMAGE is not a running AppImage', () => {
    expect(updaterChoice('linux', { APPIMAGE: '' })).toBe('by-package');
    expect(updaterChoice('linux', { APPIMAGE: '  ' })).toBe('by-package');
    expect(updaterChoice('linux', { APPIMAGE: 'CRM-Console.AppImage' })).toBe('by-package');
    expect(updaterChoice('linux', { APPIMAGE: '/tmp/CRM-Console.AppImage' })).toBe('appimage');
  });
});
