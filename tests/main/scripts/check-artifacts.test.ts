// The packaged-app checks of scripts/check-artifacts.mjs on a made-up dist/ folder holding real
// native modules of several OSes and architectures (what npm installs here), and the pieces
// that only run on a release runner (latest-mac.yml, package-type, the container's ldd script).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPackage } from '@electron/asar';
import {
  appNativeProblems,
  debDockerScript,
  latestMacProblems,
  packageArch,
  packageTypeProblem,
  requiredNatives,
  unpackedApps,
} from '../../../scripts/check-artifacts.mjs';
import { expectResults } from '../helpers/cases';

const LIBSQL = join('node_modules', '@libsql', 'linux-x64-gnu', 'index.node');
const NAPI_RS = (target: string) => join('node_modules', '@electron-internal', 'extract-zip', `index.${target}.node`);
const dist = mkdtempSync(join(tmpdir(), 'crm-check-artifacts-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function place(from: string, to: string): void {
  mkdirSync(dirname(join(dist, to)), { recursive: true });
  copyFileSync(from, join(dist, to));
}

const required = requiredNatives({ keytar: '7.9.0', libsql: '0.5.29', zod: '4' });

describe('packageArch', () => {
  it('reads the architecture from per-platform package names only', () => {
    expectResults(packageArch, [
      ['a/node_modules/@libsql/darwin-arm64/index.node', 'arm64'],
      ['a/node_modules/@libsql/linux-x64-gnu/index.node', 'x64'],
      ['a/node_modules/@libsql/linux-arm-gnueabihf/index.node', 'armv7l'],
      ['a/node_modules/@libsql/win32-x64-msvc/index.node', 'x64'],
      ['a/node_modules/keytar/build/Release/keytar.node', null],
    ]);
  });
});

describe('unpackedApps', () => {
  it("reads each OS and architecture from electron-builder's folder names", () => {
    mkdirSync(join(dist, 'mac-arm64', 'CRM Console.app'), { recursive: true });
    mkdirSync(join(dist, 'mac', 'CRM Console.app'), { recursive: true });
    const names = [
      'linux-unpacked',
      'linux-arm64-unpacked',
      'win-unpacked',
      'mac',
      'mac-arm64',
      'builder-debug.yml',
      'CRM-Console-x86_64.AppImage',
    ];
    const apps = unpackedApps(dist, names).map(({ os, archs, resources }) => ({ os, archs, resources: resources.slice(dist.length + 1) }));
    expect(apps).toEqual([
      { os: 'linux', archs: ['x64'], resources: join('linux-unpacked', 'resources') },
      { os: 'linux', archs: ['arm64'], resources: join('linux-arm64-unpacked', 'resources') },
      { os: 'win', archs: ['x64'], resources: join('win-unpacked', 'resources') },
      { os: 'mac', archs: ['x64'], resources: join('mac', 'CRM Console.app', 'Contents', 'Resources') },
      { os: 'mac', archs: ['arm64'], resources: join('mac-arm64', 'CRM Console.app', 'Contents', 'Resources') },
    ]);
  });
});

describe('appNativeProblems', () => {
  const unpacked = (dir: string) => join(dir, 'resources', 'app.asar.unpacked', 'node_modules');

  it('passes an app whose every module is N-API and of its architecture, with keytar and libsql present', () => {
    place(NAPI_RS('linux-x64-gnu'), join(unpacked('linux-unpacked'), 'keytar', 'build', 'Release', 'keytar.node'));
    place(LIBSQL, join(unpacked('linux-unpacked'), '@libsql', 'linux-x64-gnu', 'index.node'));
    const [app] = unpackedApps(dist, ['linux-unpacked']);
    expect(appNativeProblems(app!, required)).toEqual({ problems: [], checked: 2 });
  });

  it("passes a Mac app carrying both Macs' libsql packages: each is checked against its package's name", () => {
    const modules = join('mac', 'CRM Console.app', 'Contents', 'Resources', 'app.asar.unpacked', 'node_modules');
    place(NAPI_RS('darwin-universal'), join(modules, 'keytar', 'build', 'Release', 'keytar.node'));
    place(NAPI_RS('darwin-universal'), join(modules, '@libsql', 'darwin-x64', 'index.node'));
    place(NAPI_RS('win32-arm64-msvc'), join(modules, '@libsql', 'darwin-arm64', 'index.node'));
    const [app] = unpackedApps(dist, ['mac']);
    expect(appNativeProblems(app!, required)).toEqual({ problems: [], checked: 3 });
  });

  it("names a module of another architecture than its package's or app's, and a missing package for the app's architecture", () => {
    const modules = join('linux-arm64-unpacked', 'resources', 'app.asar.unpacked', 'node_modules');
    place(NAPI_RS('linux-x64-gnu'), join(modules, 'keytar', 'build', 'Release', 'keytar.node'));
    place(NAPI_RS('linux-x64-gnu'), join(modules, '@libsql', 'linux-arm64-gnu', 'index.node'));
    place(NAPI_RS('linux-x64-gnu'), join(modules, '@libsql', 'linux-x64-gnu', 'index.node'));
    const [app] = unpackedApps(dist, ['linux-arm64-unpacked']);
    expect(appNativeProblems(app!, required).problems).toEqual([
      'resources/app.asar.unpacked/node_modules/@libsql/linux-arm64-gnu/index.node is built for x64, not arm64',
      'resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node is built for x64, not arm64',
    ]);
    rmSync(join(dist, modules, '@libsql', 'linux-arm64-gnu'), { recursive: true });
    expect(appNativeProblems(app!, required).problems).toContain('resources: no arm64 package of libsql (under node_modules/@libsql/)');
    expect(appNativeProblems(app!, requiredNatives({ keytar: '1', 'better-sqlite3': '1' })).problems).toContain(
      'resources: no native module of better-sqlite3 (expected under node_modules/better-sqlite3/)',
    );
  });

  it('names a module packed inside app.asar', async () => {
    const source = mkdtempSync(join(tmpdir(), 'crm-asar-src-'));
    mkdirSync(join(source, 'node_modules', 'keytar'), { recursive: true });
    writeFileSync(join(source, 'node_modules', 'keytar', 'keytar.node'), 'x');
    writeFileSync(join(source, 'package.json'), '{}');
    mkdirSync(join(dist, 'win-unpacked', 'resources'), { recursive: true });
    await createPackage(source, join(dist, 'win-unpacked', 'resources', 'app.asar'));
    rmSync(source, { recursive: true, force: true });
    const [app] = unpackedApps(dist, ['win-unpacked']);
    const { problems } = appNativeProblems(app!, []);
    expect(problems).toEqual([
      'resources/app.asar/node_modules/keytar/keytar.node is packed inside app.asar: unpack it (asarUnpack) so it loads as a file',
    ]);
  });
});

describe('latestMacProblems', () => {
  const yml = (urls: string[]) =>
    `version: 0.1.0\nfiles:\n${urls.map((u) => `  - url: ${u}\n    sha512: abc==\n    size: 1`).join('\n')}\npath: ${urls[0]}\nsha512: abc==\n`;

  it('passes a feed naming a zip for each architecture', () => {
    expect(
      latestMacProblems(
        yml(['CRM-Console-0.1.0-x64.zip', 'CRM-Console-0.1.0-x64.dmg', 'CRM-Console-0.1.0-arm64.zip', 'CRM-Console-0.1.0-arm64.dmg']),
        ['x64', 'arm64'],
      ),
    ).toEqual([]);
  });

  it('names the architecture whose zip is missing, and files that are not in dist/', () => {
    const problems = latestMacProblems(
      yml(['CRM-Console-0.1.0-arm64.zip']),
      ['x64', 'arm64'],
      (url) => url !== 'CRM-Console-0.1.0-arm64.zip',
    );
    expect(problems).toEqual([
      'latest-mac.yml names no x64 zip (files: CRM-Console-0.1.0-arm64.zip)',
      'latest-mac.yml names CRM-Console-0.1.0-arm64.zip, which is not in dist/',
    ]);
  });
});

describe('packageTypeProblem', () => {
  it('wants no package-type in an AppImage and "deb" in a deb', () => {
    expect(packageTypeProblem('AppImage', null)).toBeNull();
    expect(packageTypeProblem('AppImage', 'deb\n')).toMatch(/AppImage carries resources\/package-type \("deb"\)/);
    expect(packageTypeProblem('deb', 'deb')).toBeNull();
    expect(packageTypeProblem('deb', null)).toMatch(/no resources\/package-type/);
    expect(packageTypeProblem('deb', 'rpm')).toMatch(/says "rpm", not "deb"/);
  });
});

describe('debDockerScript', () => {
  it('is valid bash that installs the deb without recommends and lists what ldd cannot find, in a folder with a space', () => {
    const script = debDockerScript('CRM-Console_0.1.0_amd64.deb', 'crm-console');
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
    expect(script).toContain('apt-get install -y -qq --no-install-recommends "/dist/CRM-Console_0.1.0_amd64.deb"');
    // the loop itself, on this machine's own libraries and a folder named like the app's
    const app = mkdtempSync(join(tmpdir(), 'CRM Console '));
    copyFileSync(LIBSQL, join(app, 'index.node'));
    copyFileSync(process.execPath, join(app, 'crm-console'));
    const loop = script.slice(script.indexOf('status=0'));
    const run = spawnSync('bash', ['-c', `set -eu\nbin="${app}/crm-console"\napp="${app}"\n${loop}`], { encoding: 'utf8' });
    rmSync(app, { recursive: true, force: true });
    expect(run.stdout).toContain('every library of the app and its native modules checked');
    expect(run.status).toBe(0);
  });
});
