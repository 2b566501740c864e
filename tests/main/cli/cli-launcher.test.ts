// bin/crm.mjs, the launcher of the built CLI, run from copies placed in temporary folders: a
// folder without a build (a fresh clone), a stand-in build that checks the process wiring, and
// the real build with only the runtime dependencies beside it (no TypeScript runner), and the
// code cache the launcher keeps beside that build.
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { BIN, REPO_ROOT, spawnCli, stderrLines } from './cli-harness';

const RUNTIME_DEPENDENCIES = ['keytar', 'libsql', 'undici', 'zod'];

/** a folder holding a copy of the launcher's folder at bin/, and `build` (CommonJS, if given) at out/cli/crm.cjs */
async function launcherCopy(build?: string): Promise<{ root: string; bin: string }> {
  const root = await tempDir('crm-launcher-');
  const bin = join(root, 'bin', 'crm.mjs');
  await cp(dirname(BIN), join(root, 'bin'), { recursive: true });
  if (build !== undefined) {
    await mkdir(join(root, 'out', 'cli'), { recursive: true });
    await writeFile(join(root, 'out', 'cli', 'crm.cjs'), build);
  }
  return { root, bin };
}

describe('bin/crm.mjs without a build', () => {
  it('prints one line saying to run npm run build, and exits 1', async () => {
    const { root, bin } = await launcherCopy();
    const run = await spawnCli(['contacts', '--json'], { bin });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(stderrLines(run)).toEqual([`crm: the crm command is not built yet: run \`npm run build\` in ${root}`]);
  });
});

describe('bin/crm.mjs wiring the process to runCli', () => {
  it('passes the arguments and streams, and exits with the code runCli returns', async () => {
    const { bin } = await launcherCopy(`
      exports.runCli = async function runCli(argv, io) {
        let input = '';
        for await (const chunk of io.stdin) input += chunk;
        io.stdout.write(JSON.stringify({ argv, input, isTTY: io.isTTY, marker: io.env.CRM_LAUNCHER_MARKER }));
        io.stderr.write('to stderr\\n');
        return 3;
      };
    `);
    const run = await spawnCli(['send', 'text', '--json'], { bin, input: 'piped', env: { CRM_LAUNCHER_MARKER: 'seen' } });
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toEqual({ argv: ['send', 'text', '--json'], input: 'piped', isTTY: false, marker: 'seen' });
    expect(run.stderr).toBe('to stderr\n');
  });

  it('an import() left in the build (a package kept outside the bundle) loads through the code cache', async () => {
    const { bin } = await launcherCopy(`
      exports.runCli = async function runCli(argv, io) {
        const { basename } = await import('node:path');
        io.stdout.write(basename('/a/b/imported'));
        return 0;
      };
    `);
    const run = await spawnCli([], { bin });
    // Node 20 says once that this loader is experimental: a build that needs it shows it at once
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('imported');
  });

  it("still exits, with runCli's code, when something leaves a handle open", async () => {
    // the open timer would hold the process for a minute, past this test's timeout
    const { bin } = await launcherCopy(`
      exports.runCli = async function runCli() {
        setTimeout(() => {}, 60_000);
        return 4;
      };
    `);
    const run = await spawnCli([], { bin });
    expect(run.code).toBe(4);
  });
});

describe('the real build, with only the runtime dependencies installed', () => {
  let sandbox: RunningSandbox;
  let bin: string;
  let cacheFolder: string;

  beforeAll(async () => {
    const built = join(REPO_ROOT, 'out', 'cli');
    if (!existsSync(join(built, 'crm.cjs'))) throw new Error('out/cli/crm.cjs is missing: run `npm run build` before these tests');
    const copy = await launcherCopy();
    bin = copy.bin;
    await cp(built, join(copy.root, 'out', 'cli'), { recursive: true });
    // the caches this checkout's own runs wrote: these tests watch the copy make its own
    cacheFolder = join(copy.root, 'out', 'cli', 'code-cache');
    await rm(cacheFolder, { recursive: true, force: true });
    await cp(join(REPO_ROOT, 'package.json'), join(copy.root, 'package.json'));
    await mkdir(join(copy.root, 'node_modules'));
    for (const name of RUNTIME_DEPENDENCIES) {
      await symlink(join(REPO_ROOT, 'node_modules', name), join(copy.root, 'node_modules', name), 'dir');
    }
    sandbox = await openSandbox();
  });

  afterAll(async () => {
    await closeSandboxes();
  });

  it('--version prints the version from package.json', async () => {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await spawnCli(['--version'], { bin });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${version}\n`);
    expect(run.stderr).toBe('');
  });

  it('contacts --json calls the API (the session and the HTTP client load)', async () => {
    const env = { CRM_API_KEY: sandbox.adminKey, CRM_BASE_URL: sandbox.baseUrl, CRM_DATA_DIR: await tempDir('crm-launcher-data-') };
    const run = await spawnCli(['contacts', '--json', '--per-page', '3'], { bin, env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ page: 1, perPage: 3, total: 200 });
  });

  it("contacts --json leaves undici's HTTP/2 client and node:http2 unloaded (no request offers h2)", async () => {
    const folder = await tempDir('crm-launcher-modules-');
    const probe = join(folder, 'loaded-at-exit.cjs');
    const loaded = join(folder, 'loaded.json');
    // Node's own list of the built-in modules the process loaded, written as it exits
    await writeFile(
      probe,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`,
    );
    const env = {
      CRM_API_KEY: sandbox.adminKey,
      CRM_BASE_URL: sandbox.baseUrl,
      CRM_DATA_DIR: await tempDir('crm-launcher-data-'),
      NODE_OPTIONS: `--require ${JSON.stringify(probe)}`,
    };
    const run = await spawnCli(['contacts', '--json', '--per-page', '3'], { bin, env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ page: 1, perPage: 3, total: 200 });
    const modules = JSON.parse(await readFile(loaded, 'utf8')) as string[];
    expect(modules).toContain('NativeModule http');
    expect(modules).not.toContain('NativeModule http2');
  });

  it('sandbox --help loads the sandbox', async () => {
    const run = await spawnCli(['sandbox', '--help'], { bin });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('crm sandbox');
  });

  describe('the code cache beside the build', () => {
    const entryCache = (): string => join(cacheFolder, 'crm.cjs.v8');
    const help = async (): Promise<void> => {
      const run = await spawnCli(['--help'], { bin });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Usage: crm');
    };

    it('is written by the first command, then read as it is: the next command does not write it again', async () => {
      await rm(cacheFolder, { recursive: true, force: true });
      await help();
      const first = await readFile(entryCache());
      const written = (await stat(entryCache())).mtimeMs;
      expect(first.length).toBeGreaterThan(0);
      await help();
      expect((await stat(entryCache())).mtimeMs).toBe(written);
      expect(await readFile(entryCache())).toEqual(first);
    });

    it('commands starting together without a cache all run, and leave one whole cache the next reads as it is', async () => {
      await rm(cacheFolder, { recursive: true, force: true });
      const runs = await Promise.all([1, 2, 3, 4].map(() => spawnCli(['--help'], { bin })));
      expect(runs.map((run) => [run.code, run.stderr])).toEqual(runs.map(() => [0, '']));
      expect(await readdir(cacheFolder)).toEqual(['crm.cjs.v8']);
      const written = (await stat(entryCache())).mtimeMs;
      await help();
      expect((await stat(entryCache())).mtimeMs).toBe(written);
    });

    it('learns once from each other command: its first run writes the cache again with its name, later runs leave it', async () => {
      await rm(cacheFolder, { recursive: true, force: true });
      await help();
      const fromHelp = await readFile(entryCache());
      // help learns nothing: the cache names no command
      expect(fromHelp.subarray(0, fromHelp.indexOf(10)).toString('latin1')).toBe('crm-code-cache 1 ');
      const profiles = async (): Promise<void> => {
        const run = await spawnCli(['profiles', 'list', '--json'], { bin, env: { CRM_DATA_DIR: await tempDir('crm-launcher-data-') } });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
      };
      await profiles();
      const learned = await readFile(entryCache());
      expect(learned.subarray(0, learned.indexOf(10)).toString('latin1')).toBe('crm-code-cache 1 profiles');
      const written = (await stat(entryCache())).mtimeMs;
      await profiles();
      await help();
      expect((await stat(entryCache())).mtimeMs).toBe(written);
      expect(await readFile(entryCache())).toEqual(learned);
    });

    it('a damaged cache is refused by V8: the command runs from source and the cache is written anew', async () => {
      await rm(cacheFolder, { recursive: true, force: true });
      await mkdir(cacheFolder);
      await writeFile(entryCache(), 'not a code cache');
      await help();
      expect((await readFile(entryCache(), 'utf8')).startsWith('not a code cache')).toBe(false);
    });

    it('a cache folder that cannot be made (a file is in its place) only means starting without one', async () => {
      await rm(cacheFolder, { recursive: true, force: true });
      await writeFile(cacheFolder, 'in the way');
      await help();
      await help();
      expect(await readFile(cacheFolder, 'utf8')).toBe('in the way');
      await rm(cacheFolder);
    });
  });
});
