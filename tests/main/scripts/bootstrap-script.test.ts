// scripts/bootstrap.mjs as `npm test` runs it, on a copy of the project whose node_modules is up
// to date, with PATH pointing at a folder of stand-in programs: every program the suite needs
// is there but zsh (the browser too, named by CHROMIUM_PATH), and apt-get is a stand-in that records its arguments and "installs" zsh.
// So the missing-package path runs for real without touching this machine's packages.
import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNodeModulesFacts } from '../../../scripts/node-modules.mjs';
import { tempDir } from '../helpers';
import { REPO_ROOT } from '../packaging/builder-internals';

const SCRIPTS = ['bootstrap.mjs', 'bootstrap-plan.mjs', 'node-modules.mjs', 'node-version.mjs', 'system-packages.mjs'];
/** the programs `npm test` looks for on PATH, less zsh */
const PRESENT = ['chromium', 'curl', 'Xvfb', 'xauth', 'xdotool', 'dbus-run-session', 'dbus-launch', 'gnome-keyring-daemon', 'dpkg'];
const isRoot = process.getuid?.() === 0;

const KEYTAR = { version: '7.9.0', resolved: 'https://registry/keytar-7.9.0.tgz', integrity: 'sha512-x', license: 'MIT' };

/** a project folder with the bootstrap scripts and an installed node_modules that matches its lockfile */
async function projectCopy(): Promise<string> {
  const root = await tempDir('crm-bootstrap-project-');
  await mkdir(join(root, 'scripts'));
  for (const file of SCRIPTS) await copyFile(join(REPO_ROOT, 'scripts', file), join(root, 'scripts', file));
  await writeFile(
    join(root, 'package-lock.json'),
    JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'copy' }, 'node_modules/keytar': KEYTAR } }),
  );
  await mkdir(join(root, 'node_modules'));
  await writeFile(
    join(root, 'node_modules', '.package-lock.json'),
    JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/keytar': KEYTAR } }),
  );
  // the real, built keytar: `npm test`'s last check loads it
  await symlink(join(REPO_ROOT, 'node_modules', 'keytar'), join(root, 'node_modules', 'keytar'));
  return root;
}

/** stand-in programs; apt-get appends its arguments to `log` and creates zsh on install */
async function fakeBin(): Promise<{ bin: string; log: string }> {
  const bin = await tempDir('crm-bootstrap-bin-');
  const log = join(bin, 'apt-get.log');
  const write = async (name: string, body: string) => {
    await writeFile(join(bin, name), `#!/bin/sh\n${body}\n`);
    await chmod(join(bin, name), 0o755);
  };
  for (const name of PRESENT) await write(name, 'exit 0');
  await write(
    'apt-get',
    `echo "$*" >> "${log}"\ncase "$1" in install) printf '#!/bin/sh\\n' > "${bin}/zsh"; /bin/chmod +x "${bin}/zsh";; esac`,
  );
  return { bin, log };
}

/** `nodeVersion`: what process.version says inside the script (an older Node, without installing one) */
function run(root: string, bin: string, nodeVersion?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { HOME: process.env.HOME, PATH: bin, LANG: 'C.UTF-8', CHROMIUM_PATH: join(bin, 'chromium') };
    const pretend = nodeVersion
      ? ['--import', `data:text/javascript,Object.defineProperty(process,'version',{value:'${nodeVersion}'})`]
      : [];
    const child = spawn(process.execPath, [...pretend, join(root, 'scripts', 'bootstrap.mjs'), 'test'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 20_000,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('scripts/bootstrap.mjs test, zsh missing, no terminal', () => {
  it.skipIf(!isRoot)(
    'as root (CI): apt-get update, then apt-get install of exactly the missing package, then the run goes on',
    async () => {
      const { bin, log } = await fakeBin();
      const result = await run(await projectCopy(), bin);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toBe('npm test: installing the missing system packages: zsh\n');
      expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual(['update -qq', 'install -y -q --no-install-recommends zsh']);
    },
  );

  it.skipIf(isRoot)('not root: prints the one sudo command, installs nothing and exits 1', async () => {
    const { bin, log } = await fakeBin();
    const result = await run(await projectCopy(), bin);
    expect(result.code).toBe(1);
    expect(result.out).toContain('npm test: install them with: sudo apt-get install -y --no-install-recommends zsh\n');
    await expect(readFile(log, 'utf8')).rejects.toThrow();
  });

  it('all there and node_modules up to date: silent, exit 0', async () => {
    const { bin } = await fakeBin();
    await writeFile(join(bin, 'zsh'), '#!/bin/sh\n');
    await chmod(join(bin, 'zsh'), 0o755);
    expect(await run(await projectCopy(), bin)).toEqual({ code: 0, out: '' });
  });
});

describe('readNodeModulesFacts', () => {
  it('a node_modules that is a link says where it points, so npm ci never empties a shared folder', async () => {
    const root = await tempDir('crm-bootstrap-linked-');
    const shared = await tempDir('crm-bootstrap-shared-');
    await symlink(shared, join(root, 'node_modules'));
    expect(readNodeModulesFacts(root)).toEqual({ exists: true, linkTarget: shared, lock: null, installed: null });
  });
});

describe("scripts/bootstrap.mjs on a Node that package.json's engines do not accept", () => {
  it('stops first, in one line that says which Node it needs, installing nothing', async () => {
    const { bin, log } = await fakeBin();
    const result = await run(await projectCopy(), bin, 'v18.20.4');
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      'npm test: this is Node 18.20.4; CRM Console needs Node 20.19 or newer on 20, 22.13 or newer on 22, ' +
        'or 24 and later (its build and test tools require it). Install one of those, then run the command ' +
        'again.\n',
    );
    await expect(readFile(log, 'utf8')).rejects.toThrow();
  });
});
