// crm settings media-cap: shows the default and what received files take, sets a cap the
// window's core then reads, refuses a value out of range (exit 2) keeping the setting, clears.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/create-core';
import { keychainAvailable, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess } from './cli-harness';

const available = await keychainAvailable();

describe.skipIf(!available)('crm settings media-cap', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    const dir = await tempDir('crm-cli-media-cap-');
    env = { CRM_DATA_DIR: join(dir, 'data'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-media-cap') };
  });

  it('shows the default, sets a cap the window reads, refuses a bad one keeping the setting, and clears', async () => {
    const shown = await runInProcess(['settings', 'media-cap'], { env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Media cap: 500 MB (the default); received files take 0 bytes.');

    const set = await runInProcess(['settings', 'media-cap', '200', '--json'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ megabytes: 200, isDefault: false, storedBytes: 0 });

    const window = await createCore({
      dataDir: env.CRM_DATA_DIR!,
      keychainService: env.CRM_KEYCHAIN_SERVICE,
      outbox: false,
      processKind: 'crm',
    });
    try {
      expect(window.mediaCap.get()).toBe(200);
    } finally {
      await window.close();
    }

    for (const bad of ['0', '1.5', 'lots', '2000000']) {
      const refused = await runInProcess(['settings', 'media-cap', bad], { env });
      expect(refused.code, bad).toBe(2);
      expect(refused.stderr).toContain('the media cap is a whole number of megabytes from 1 to 1000000');
    }
    expect((await runInProcess(['settings', 'media-cap'], { env })).stdout).toContain('Media cap: 200 MB;');

    const cleared = await runInProcess(['settings', 'media-cap', '--clear', '--json'], { env });
    expect(JSON.parse(cleared.stdout)).toEqual({ megabytes: 500, isDefault: true, storedBytes: 0 });
  });
});
