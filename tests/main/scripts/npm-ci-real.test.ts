// REAL RUN, opt-in (CRM_TEST_REAL_NPM_CI=1): the set-up's node_modules step on a fresh clone of
// this project, with a real `npm ci` from the npm registry (about a minute on 2 cores: it
// compiles keytar; the SQLite module arrives prebuilt). One npm ci, then a second call that must do nothing.
// Opt-in because it needs the registry and two minutes of both cores, which the rest of the
// suite running beside it would feel; every CI run already starts with the same step for real.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureNodeModules } from '../../../scripts/node-modules.mjs';
import { tempDir } from '../helpers';
import { REPO_ROOT } from '../packaging/builder-internals';

const enabled = process.env.CRM_TEST_REAL_NPM_CI === '1';
const title = enabled
  ? 'a fresh clone without node_modules: one real npm ci, then nothing'
  : 'SKIPPED (set CRM_TEST_REAL_NPM_CI=1 to run it): a real npm ci in a fresh clone, about a minute with the npm registry';

describe('the node_modules step for real', () => {
  it.skipIf(!enabled)(title, { timeout: 15 * 60_000 }, async () => {
    const clone = await tempDir('crm-bootstrap-clone-');
    const head = execFileSync('git', ['-C', REPO_ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', REPO_ROOT, clone]);
    execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', head]);
    expect(existsSync(join(clone, 'node_modules'))).toBe(false);

    const said: string[] = [];
    const first = await ensureNodeModules(clone, { say: (line) => said.push(line) });
    expect(first).toEqual({ ran: true, ok: true });
    expect(said).toEqual(['node_modules is missing: running npm ci (about a minute)...']);
    expect(existsSync(join(clone, 'node_modules', '.package-lock.json'))).toBe(true);
    // the two native modules were built and load
    const load = spawnSync(process.execPath, ['-e', "require('keytar'); new (require('libsql'))(':memory:').close()"], {
      cwd: clone,
      encoding: 'utf8',
    });
    expect(load.status, load.stderr).toBe(0);

    const again: string[] = [];
    expect(await ensureNodeModules(clone, { say: (line) => again.push(line) })).toEqual({ ran: false, ok: true });
    expect(again).toEqual([]);
  });
});
