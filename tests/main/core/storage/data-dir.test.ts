// The data dir is the one the desktop app uses (Electron userData for "crm-console").
import { describe, expect, it } from 'vitest';
import { resolveDataDir, resolveLogDir } from '../../../../src-main/core/storage/data-dir';

describe('resolveDataDir', () => {
  it('prefers CRM_DATA_DIR', () => {
    expect(resolveDataDir({ CRM_DATA_DIR: '/tmp/x' }, 'linux', '/home/ana')).toBe('/tmp/x');
  });

  it('takes a relative CRM_DATA_DIR from the current folder (Electron refuses relative paths)', () => {
    expect(resolveDataDir({ CRM_DATA_DIR: 'data/crm' }, 'linux', '/home/ana', '/home/ana/work')).toBe('/home/ana/work/data/crm');
    expect(resolveDataDir({ CRM_DATA_DIR: '..\\crm' }, 'win32', 'C:\\Users\\ana', 'C:\\Users\\ana\\work')).toBe('C:\\Users\\ana\\crm');
  });

  it('treats an empty or blank CRM_DATA_DIR as unset', () => {
    expect(resolveDataDir({ CRM_DATA_DIR: '  ' }, 'linux', '/home/ana')).toBe('/home/ana/.config/crm-console');
  });

  it('uses the OS config dir per platform', () => {
    expect(resolveDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.config/crm-console');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ana')).toBe('/cfg/crm-console');
    expect(resolveDataDir({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/crm-console');
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ana')).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\crm-console',
    );
    expect(resolveDataDir({}, 'win32', 'C:\\Users\\ana')).toBe('C:\\Users\\ana\\AppData\\Roaming\\crm-console');
  });
});

describe('the development build (npm start from the source tree)', () => {
  it("keeps its own folder beside the installed app's, on every OS", () => {
    expect(resolveDataDir({}, 'linux', '/home/ana', '/src', 'development')).toBe('/home/ana/.config/crm-console-dev');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ana', '/src', 'development')).toBe('/cfg/crm-console-dev');
    expect(resolveDataDir({}, 'darwin', '/Users/ana', '/src', 'development')).toBe(
      '/Users/ana/Library/Application Support/crm-console-dev',
    );
    expect(resolveDataDir({}, 'win32', 'C:\\Users\\ana', 'C:\\src', 'development')).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\crm-console-dev',
    );
    expect(resolveDataDir({}, 'linux', '/home/ana', '/src', 'installed')).toBe('/home/ana/.config/crm-console');
  });

  it('an explicit CRM_DATA_DIR still wins, whichever build', () => {
    expect(resolveDataDir({ CRM_DATA_DIR: '/tmp/x' }, 'linux', '/home/ana', '/src', 'development')).toBe('/tmp/x');
  });

  it('logs beside its own data, on macOS in its own logs folder', () => {
    expect(resolveLogDir({}, '/home/ana/.config/crm-console-dev', 'linux', '/home/ana', 'development')).toBe(
      '/home/ana/.config/crm-console-dev/logs',
    );
    expect(resolveLogDir({}, '/x', 'darwin', '/Users/ana', 'development')).toBe('/Users/ana/Library/Logs/crm-console-dev');
  });
});

describe('resolveLogDir', () => {
  it('is the OS logs folder Electron uses, or beside an explicit data dir', () => {
    expect(resolveLogDir({}, '/home/ana/.config/crm-console', 'linux', '/home/ana')).toBe('/home/ana/.config/crm-console/logs');
    expect(resolveLogDir({}, '/x', 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Logs/crm-console');
    expect(resolveLogDir({ CRM_DATA_DIR: '/tmp/x' }, '/tmp/x', 'darwin', '/Users/ana')).toBe('/tmp/x/logs');
  });
});
