// crm settings ca-file: names, shows and clears the CA file in the data folder the window
// shares; a file that cannot be used is refused with its reason (exit 1) and the setting stays.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/create-core';
import { keychainAvailable, tempDir, uniqueKeychainService } from '../helpers/index';
import { TEST_CERT } from '../core/http/support/self-signed';
import { runInProcess } from './cli-harness';

const available = await keychainAvailable();

describe.skipIf(!available)('crm settings ca-file', () => {
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('crm-cli-settings-');
    env = { CRM_DATA_DIR: join(dir, 'data'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-settings') };
  });

  it("shows none, names a file (which the window's core then trusts), refuses a bad one keeping the setting, and clears", async () => {
    const none = await runInProcess(['settings', 'ca-file'], { env });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain('No CA file');

    const good = join(dir, 'company.pem');
    await writeFile(good, TEST_CERT);
    const named = await runInProcess(['settings', 'ca-file', good, '--json'], { env });
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toEqual({ path: good, certificates: 1, problem: null });

    // the same data folder, as the window opens it
    const window = await createCore({ dataDir: env.CRM_DATA_DIR!, keychainService: env.CRM_KEYCHAIN_SERVICE, outbox: false });
    try {
      expect(await window.caFile.state()).toEqual({ path: good, certificates: 1, problem: null });
      expect(await window.network.ca()).toEqual(expect.arrayContaining([expect.stringContaining('BEGIN CERTIFICATE')]));
    } finally {
      await window.close();
    }

    const bad = join(dir, 'notes.txt');
    await writeFile(bad, 'not a certificate');
    const refused = await runInProcess(['settings', 'ca-file', bad], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad} holds no PEM certificate`);
    const kept = await runInProcess(['settings', 'ca-file'], { env });
    expect(kept.stdout).toContain(`CA file ${good}: 1 certificate trusted beside`);

    const both = await runInProcess(['settings', 'ca-file', good, '--clear'], { env });
    expect(both.code).toBe(2);

    const cleared = await runInProcess(['settings', 'ca-file', '--clear', '--json'], { env });
    expect(JSON.parse(cleared.stdout)).toEqual({ path: null, certificates: 0, problem: null });
  });
});
