// `npm run dist` (scripts/dist.mjs) where no package can be built: it must say why in one line
// and exit 1, not fail later inside electron-builder with a stack trace. The child cannot
// download Electron (its mirror is a closed local port, its cache empty), so the run is the same
// on machines with and without internet access, and never fetches or packages anything.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../../scripts/electron-binary.mjs';
import { tempDir } from '../helpers';
import { REPO_ROOT } from '../packaging/builder-internals';

const DIST = join(REPO_ROOT, 'scripts', 'dist.mjs');
const RUN_LIMIT_MS = 60_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runDist(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DIST, ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: RUN_LIMIT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** this environment without any Electron download or location settings, and unable to download */
async function offlineEnv(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_config_electron_|npm_package_config_electron_|electron_)/i.test(key)) env[key] = value;
  }
  return { ...env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: await tempDir('crm-dist-cache-') };
}

/** as offlineEnv, and pointing at an empty Electron folder: even a broken check could not package */
async function noElectronEnv(): Promise<NodeJS.ProcessEnv> {
  return { ...(await offlineEnv()), ELECTRON_OVERRIDE_DIST_PATH: await tempDir('crm-dist-no-electron-') };
}

const installed = findElectronBinary(process.env).path ?? findElectronBinary({}).path;
const noBinaryTitle =
  installed === null
    ? 'without an Electron binary: exits 1 with one line on stderr that says so and how to build elsewhere'
    : `SKIPPED because an Electron binary is installed here (${installed}): dist.mjs would really package`;

describe('scripts/dist.mjs', () => {
  it.skipIf(installed !== null)(noBinaryTitle, { timeout: RUN_LIMIT_MS + 10_000 }, async () => {
    const run = await runDist([], await offlineEnv());
    const lines = run.stderr.trimEnd().split('\n');
    expect(run.code, run.stderr).toBe(1);
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^crm-console: .*the Electron binary is not available on this machine/);
    expect(lines[0]).toContain('machine with internet access');
    expect(lines[0]).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(run.stdout).toBe('');
    // the failed attempt left no Electron behind
    expect(findElectronBinary({}).path).toBeNull();
  });

  it(
    'refuses a target for another OS in one line, since it packages the Electron installed here',
    { timeout: RUN_LIMIT_MS + 10_000 },
    async () => {
      const other = process.platform === 'win32' ? ['--linux', 'deb'] : ['--win', 'nsis'];
      const run = await runDist(other, await noElectronEnv());
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
      expect(run.stderr).toContain(`build ${other[0]} packages on that OS`);
    },
  );

  it('rejects an argument electron-builder does not know, in one line', { timeout: RUN_LIMIT_MS + 10_000 }, async () => {
    const run = await runDist(['--linx'], await noElectronEnv());
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toMatch(/Unknown argument: linx/);
  });
});
