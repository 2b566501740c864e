// The data dir is the one the desktop app uses (Electron userData for "crm-console").
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../src-main/cli/data-dir';

describe('resolveDataDir', () => {
  it('prefers CRM_DATA_DIR', () => {
    expect(resolveDataDir({ CRM_DATA_DIR: '/tmp/x' }, 'linux', '/home/ana')).toBe('/tmp/x');
  });

  it('uses the OS config dir per platform', () => {
    expect(resolveDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.config/crm-console');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ana')).toBe('/cfg/crm-console');
    expect(resolveDataDir({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/crm-console');
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ana')).toBe('C:\\Users\\ana\\AppData\\Roaming\\crm-console');
    expect(resolveDataDir({}, 'win32', 'C:\\Users\\ana')).toBe('C:\\Users\\ana\\AppData\\Roaming\\crm-console');
  });
});
