// What `npm start` and `npm test` set up before they run (scripts/bootstrap-plan.mjs), decided
// from fake facts: when node_modules is installed again, which system packages each command
// needs, and when missing ones are installed, asked about or named for the person.
import { describe, expect, it } from 'vitest';
import { declinedLines, isYes, lockDifference, neededPackages, nodeModulesPlan, systemPlan } from '../../../scripts/bootstrap-plan.mjs';
import { npmInvocation } from '../../../scripts/node-modules.mjs';

const entry = (version: string, extra: Record<string, unknown> = {}) => ({
  version,
  resolved: `https://registry/a-${version}.tgz`,
  integrity: `sha512-${version}`,
  ...extra,
});
const LOCK = {
  packages: {
    '': { name: 'crm-console', version: '0.1.0', dependencies: { a: '1.0.0' } },
    'node_modules/a': entry('1.0.0', { license: 'MIT' }),
    'node_modules/b': entry('2.0.0', { dev: true }),
    // another platform's build: npm skips it here and leaves it out of .package-lock.json
    'node_modules/@esbuild/darwin-arm64': entry('0.25.0', { optional: true, os: ['darwin'], cpu: ['arm64'] }),
  },
};
/** what npm writes to node_modules/.package-lock.json after installing LOCK on Linux */
const INSTALLED = {
  packages: { 'node_modules/a': { license: 'MIT', ...entry('1.0.0') }, 'node_modules/b': entry('2.0.0', { dev: true }) },
};
const facts = (over: Partial<Parameters<typeof nodeModulesPlan>[0]> = {}) => ({
  exists: true,
  linkTarget: null,
  lock: LOCK,
  installed: INSTALLED,
  ...over,
});

describe('node_modules', () => {
  it('missing: npm ci, after one line that says why and how long', () => {
    expect(nodeModulesPlan(facts({ exists: false, installed: null }))).toEqual({
      run: true,
      message: 'node_modules is missing: running npm ci (about a minute)...',
    });
  });

  it('there but no install finished in it: npm ci', () => {
    expect(nodeModulesPlan(facts({ installed: null }))).toEqual({
      run: true,
      message: expect.stringMatching(/^node_modules is incomplete .*: running npm ci/),
    });
  });

  it('package-lock.json newer than what is installed (a version changed, a package added or removed): npm ci', () => {
    const changed = { packages: { ...LOCK.packages, 'node_modules/a': entry('1.1.0') } };
    expect(nodeModulesPlan(facts({ lock: changed }))).toEqual({
      run: true,
      message: 'node_modules is older than package-lock.json (a differs): running npm ci (about a minute)...',
    });
    const added = { packages: { ...LOCK.packages, 'node_modules/c': entry('3.0.0') } };
    expect(nodeModulesPlan(facts({ lock: added }))).toMatchObject({ run: true, message: expect.stringContaining('(c differs)') });
    const { 'node_modules/b': _removed, ...rest } = LOCK.packages;
    expect(nodeModulesPlan(facts({ lock: { packages: rest } }))).toMatchObject({
      run: true,
      message: expect.stringContaining('(b differs)'),
    });
  });

  it("up to date: nothing, even with the entries written in another order and other platforms' optional packages absent", () => {
    expect(lockDifference(LOCK.packages, INSTALLED.packages)).toBeNull();
    expect(nodeModulesPlan(facts())).toEqual({ run: false });
  });

  it('an optional package this platform would install is still compared when it is there', () => {
    const installed = { packages: { ...INSTALLED.packages, 'node_modules/@esbuild/darwin-arm64': entry('0.24.0', { optional: true }) } };
    expect(lockDifference(LOCK.packages, installed.packages)).toBe('node_modules/@esbuild/darwin-arm64');
  });

  it('stale but a link to another folder: never emptied through the link, the person is told where to run npm ci', () => {
    const plan = nodeModulesPlan(facts({ exists: false, linkTarget: '/shared/node_modules' }));
    expect(plan).toEqual({ problem: expect.stringContaining('it is a link to /shared/node_modules: run npm ci there') });
    expect(nodeModulesPlan(facts({ linkTarget: '/shared/node_modules' }))).toEqual({ run: false });
  });

  it("npm ci runs through npm's own entry point with this Node when npm started the command, never through npx", () => {
    expect(npmInvocation({ npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' })).toEqual({
      command: process.execPath,
      prefix: ['/usr/lib/node_modules/npm/bin/npm-cli.js'],
      shell: false,
    });
    expect(npmInvocation({ npm_execpath: '/usr/lib/node_modules/npm/bin/npx-cli.js' })).toMatchObject({ command: 'npm', prefix: [] });
    expect(npmInvocation({})).toMatchObject({ command: 'npm', prefix: [] });
  });
});

const names = (list: { name: string }[]) => list.map((p) => p.name);
const BUILD = ['python3', 'make', 'g++', 'pkg-config', 'libsecret-1-dev'];
const TEST = ['curl', 'zsh', 'chromium', 'xvfb', 'xauth', 'xdotool', 'dbus', 'dbus-x11', 'gnome-keyring'];
/** what `npm test` needs on Linux when npm ci does not run, with this environment */
const testOnLinux = (env: Record<string, string> = {}) => neededPackages({ command: 'test', platform: 'linux', npmCi: false, env });

describe('system packages each command needs', () => {
  it('npm start needs the build tools only when npm ci is about to compile keytar', () => {
    expect(neededPackages({ command: 'start', platform: 'linux', npmCi: false, env: {} })).toEqual([]);
    expect(names(neededPackages({ command: 'start', platform: 'linux', npmCi: true, env: {} }))).toEqual(BUILD);
  });

  it('npm test needs what the suite runs besides Node, and the build tools when npm ci runs', () => {
    expect(names(testOnLinux())).toEqual(TEST);
    expect(names(neededPackages({ command: 'test', platform: 'linux', npmCi: true, env: {} }))).toEqual([...BUILD, ...TEST]);
    const chromium = testOnLinux().find((p) => p.name === 'chromium');
    expect(chromium).toMatchObject({ probe: { executable: '/usr/bin/chromium' }, installable: true });
  });

  it('CHROMIUM_PATH names the browser to look for, which apt-get cannot put there', () => {
    const chromium = testOnLinux({ CHROMIUM_PATH: '/opt/chrome/chrome' }).find((p) => p.name === 'chromium');
    expect(chromium).toMatchObject({ probe: { executable: '/opt/chrome/chrome' }, installable: false });
  });

  it("macOS and Windows: nothing to check (their build tools and keychain are the README's Setup rows)", () => {
    expect(neededPackages({ command: 'test', platform: 'darwin', npmCi: true, env: {} })).toEqual([]);
    expect(neededPackages({ command: 'start', platform: 'win32', npmCi: true, env: {} })).toEqual([]);
  });
});

describe('missing system packages', () => {
  const missing = testOnLinux().filter((p) => ['zsh', 'xdotool'].includes(p.name));
  const debian = { missing, apt: true, root: false, sudo: true, terminal: false };

  it('none missing: nothing, whoever runs it', () => {
    expect(systemPlan({ ...debian, missing: [], root: true })).toEqual({ action: 'none' });
  });

  it('root without a terminal (CI, a fresh machine): installed with apt-get', () => {
    expect(systemPlan({ ...debian, root: true, terminal: false })).toEqual({ action: 'install', names: ['zsh', 'xdotool'] });
  });

  it('at a terminal without root: asks before running the sudo command, and a no prints that one command and stops', () => {
    const plan = systemPlan({ ...debian, terminal: true });
    expect(plan).toMatchObject({
      action: 'ask',
      names: ['zsh', 'xdotool'],
      question: 'run "sudo apt-get install -y --no-install-recommends zsh xdotool" now? [y/N] ',
    });
    expect(declinedLines(['zsh', 'xdotool'], false)).toEqual([
      'nothing installed. Install them with: sudo apt-get install -y --no-install-recommends zsh xdotool',
      'then run this again.',
    ]);
  });

  it('at a terminal without root and without sudo: prints the one command and stops', () => {
    const plan = systemPlan({ ...debian, terminal: true, sudo: false });
    if (plan.action !== 'stop') throw new Error(`expected stop: ${JSON.stringify(plan)}`);
    expect(plan.lines.filter((l) => l.includes('apt-get'))).toEqual([
      'install them with: sudo apt-get install -y --no-install-recommends zsh xdotool',
    ]);
    expect(plan.lines).toContain('  - zsh (the exported cURL commands are run in bash, sh and zsh)');
  });

  it('no terminal and not root: prints the one command and stops', () => {
    expect(systemPlan(debian)).toMatchObject({
      action: 'stop',
      lines: expect.arrayContaining(['install them with: sudo apt-get install -y --no-install-recommends zsh xdotool']),
    });
  });

  it('root at a terminal: still asks first', () => {
    expect(systemPlan({ ...debian, root: true, terminal: true })).toMatchObject({
      action: 'ask',
      question: expect.stringContaining('"apt-get install -y'),
    });
  });

  it('not Debian/Ubuntu (no apt-get): names what is missing and stops, even as root in CI', () => {
    const plan = systemPlan({ ...debian, apt: false, root: true });
    if (plan.action !== 'stop') throw new Error(`expected stop: ${JSON.stringify(plan)}`);
    expect(plan.lines.join('\n')).not.toContain('apt-get');
    expect(plan.lines[1]).toMatch(/^ {2}- zsh /);
  });

  it("a browser named by CHROMIUM_PATH that is not there stops the run instead of installing Debian's", () => {
    const custom = testOnLinux({ CHROMIUM_PATH: '/opt/chrome/chrome' }).filter((p) => p.name === 'chromium');
    expect(systemPlan({ ...debian, missing: custom, root: true })).toMatchObject({ action: 'stop' });
  });

  it('only an explicit yes installs', () => {
    for (const answer of ['y', 'Y', 'yes', ' YES ']) expect(isYes(answer), answer).toBe(true);
    for (const answer of ['', 'n', 'no', 'yep', 'sure', undefined]) expect(isYes(answer), String(answer)).toBe(false);
  });
});
