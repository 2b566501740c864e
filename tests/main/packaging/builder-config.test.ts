// The packaging configuration (electron-builder.json) and the icons it points at. No package can
// be built on machines without the Electron binary, so this is where packaging is checked:
// electron-builder's own validator and file matcher judge the configuration, and our rules
// (targets per OS, keychain dependencies, fuses, microphone permission) are asserted on top.
//
// The fuses asserted here are flipped in the packaged copy only. The _electron Playwright suite
// (tests/electron) runs the unfused Electron from node_modules on purpose: it attaches through
// the inspector and loads the app from the project folder, which these fuses forbid.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  builderKeepsDependencyFile,
  builderSelects,
  builderUpdateFeeds,
  DEFAULT_DEB_DEPENDS,
  mergedWithBuilder,
  REPO_ROOT,
  validateWithBuilder,
} from './builder-internals';
import { updateFeedPlan } from '../../../scripts/dist-plan.mjs';
import { readIcnsEntries, readIcoDirectory, readPngHeader } from './icon-formats';
import { expectSameResult } from '../helpers/cases';

interface TargetEntry {
  target: string;
  arch?: string[];
}
interface Section {
  target?: string | (string | TargetEntry)[];
  [key: string]: unknown;
}
interface BuilderConfig {
  appId: string;
  productName: string;
  directories: { output: string; buildResources: string };
  files: string[];
  asar?: unknown;
  asarUnpack: string[];
  electronVersion: string;
  npmRebuild: boolean;
  electronFuses: Record<string, boolean>;
  linux: Section & { executableName: string; syncDesktopName: boolean; maintainer: string; desktop: { entry: Record<string, string> } };
  afterSign: string;
  deb: { depends: string[]; recommends: string[]; artifactName?: string };
  appImage: { artifactName: string };
  publish?: unknown;
  win: Section;
  nsis: { oneClick: boolean; perMachine: boolean; allowToChangeInstallationDirectory: boolean };
  mac: Section & { hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string; extendInfo: Record<string, string> };
}

const raw = JSON.parse(await readFile(join(REPO_ROOT, 'electron-builder.json'), 'utf8')) as unknown;
const config = raw as BuilderConfig;
interface PackageJson {
  main: string;
  author: { name: string; email: string };
  homepage: string;
  desktopName: string;
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;

const targetsOf = (section: Section): string[] => [section.target ?? []].flat().map((t) => (typeof t === 'string' ? t : t.target));
const archsOf = (section: Section, target: string): string[] | undefined =>
  [section.target ?? []].flat().find((t): t is TargetEntry => typeof t !== 'string' && t.target === target)?.arch;
const resource = (name: string): Promise<Buffer> => readFile(join(REPO_ROOT, config.directories.buildResources, name));

describe('electron-builder.json against electron-builder 26 itself', () => {
  it("passes electron-builder's own configuration validator", async () => {
    await expect(validateWithBuilder(raw)).resolves.toBeUndefined();
  });

  it('the validator really rejects: a misspelled option or a wrong value is an error that says where', async () => {
    const { electronFuses, ...rest } = config;
    await expect(validateWithBuilder({ ...rest, electronFuse: electronFuses })).rejects.toThrow(
      /configuration has an unknown property 'electronFuse'/,
    );
    await expect(validateWithBuilder({ ...config, deb: { ...config.deb, recommend: ['gnome-keyring'] } })).rejects.toThrow(
      /configuration\.deb\b/,
    );
    await expect(validateWithBuilder({ ...config, nsis: { ...config.nsis, oneClick: 'sometimes' } })).rejects.toThrow(
      /configuration\.nsis\b/,
    );
  });

  it('ships only the built app and package.json: no sources, tests, scripts, CI or the CLI bundle', () => {
    const selected = (path: string): boolean => builderSelects(raw, 'files', config.linux, path);
    expect(pkg.main.startsWith('out/main/')).toBe(true);
    expectSameResult(
      selected,
      [pkg.main, 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/index.js', 'package.json'],
      true,
    );
    expectSameResult(
      selected,
      [
        'src-main/index.ts',
        'src-renderer/main.tsx',
        'tests/main/packaging/builder-config.test.ts',
        'scripts/dist.mjs',
        '.ci/run',
        'out/cli/crm.cjs',
        'README.md',
        'resources/icon.png',
      ],
      false,
    );
  });

  it("keeps the native files (keytar's, and libsql's in its per-platform package) outside app.asar, and nothing else", () => {
    const unpacked = (path: string): boolean => builderSelects(raw, 'asarUnpack', config.linux, path);
    expect(unpacked('node_modules/keytar/build/Release/keytar.node')).toBe(true);
    expect(unpacked('node_modules/@libsql/linux-x64-gnu/index.node')).toBe(true);
    expect(unpacked('node_modules/@libsql/darwin-arm64/index.node')).toBe(true);
    expect(unpacked('node_modules/@libsql/win32-x64-msvc/index.node')).toBe(true);
    // the SQLite module the app left: nothing of it is kept outside the archive
    expect(unpacked('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(false);
    expect(unpacked('node_modules/keytar/lib/keytar.js')).toBe(false);
    expect(unpacked('node_modules/libsql/index.js')).toBe(false);
    expect(unpacked('node_modules/other/build/Release/other.node')).toBe(false);
    expect(unpacked('out/main/index.js')).toBe(false);
  });
});

describe('what of the native packages goes into the package', () => {
  const kept = (path: string): boolean => builderKeepsDependencyFile(config, config.linux, path);

  it('their runtime files: the JavaScript that loads them and the .node files', () => {
    expectSameResult(
      kept,
      [
        'node_modules/keytar/lib/keytar.js',
        'node_modules/keytar/package.json',
        'node_modules/keytar/build/Release/keytar.node',
        'node_modules/libsql/index.js',
        'node_modules/libsql/sqlite-error.js',
        'node_modules/@libsql/linux-x64-gnu/index.node',
        'node_modules/@libsql/darwin-arm64/index.node',
        'node_modules/@neon-rs/load/dist/index.js',
        'node_modules/detect-libc/lib/detect-libc.js',
      ],
      true,
    );
  });

  it('not their sources, build leftovers, test addons, headers, docs or type files', () => {
    expectSameResult(
      kept,
      [
        'node_modules/keytar/src/keytar_posix.cc',
        'node_modules/keytar/binding.gyp',
        'node_modules/keytar/keytar.d.ts',
        'node_modules/keytar/build/Release/obj.target/keytar/src/keytar_posix.o',
        'node_modules/keytar/build/config.gypi',
        'node_modules/keytar/build/keytar.target.mk',
        'node_modules/node-addon-api/napi.h',
        'node_modules/libsql/types/index.d.ts',
        'node_modules/libsql/README.md',
        'node_modules/@neon-rs/load/dist/index.d.ts',
        'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c',
        'node_modules/better-sqlite3/src/better_sqlite3.cpp',
        'node_modules/better-sqlite3/build/Release/test_extension.node',
        // libsql's musl build: Electron runs on glibc Linux only
        'node_modules/@libsql/linux-x64-musl/index.node',
      ],
      false,
    );
  });
});

describe('our packaging rules', () => {
  it('identifies the app and puts installers in dist/', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2,}$/);
    expect(config.productName).toBe('CRM Console');
    expect(config.directories).toEqual({ output: 'dist', buildResources: 'resources' });
  });

  it('builds a deb and an AppImage for Linux, an NSIS installer for Windows, a dmg for macOS', () => {
    expect(targetsOf(config.linux)).toEqual(expect.arrayContaining(['deb', 'AppImage']));
    expect(config.linux.category).toBe('Development');
    expect(targetsOf(config.win)).toContain('nsis');
    expect(targetsOf(config.mac)).toContain('dmg');
    // macOS installs updates from a zip of the app (the dmg is for the first install)
    expect(targetsOf(config.mac)).toContain('zip');
  });

  it('builds macOS for Intel and Apple silicon in one run, so latest-mac.yml names both zips', () => {
    expect(archsOf(config.mac, 'dmg')).toEqual(['x64', 'arm64']);
    expect(archsOf(config.mac, 'zip')).toEqual(['x64', 'arm64']);
  });

  it('names the AppImage without its version, so a shortcut to it (and the updater, which then replaces the file in place) keeps its path', () => {
    expect(config.appImage.artifactName).toBe('CRM-Console-${arch}.${ext}');
    expect(config.appImage.artifactName).not.toContain('${version}');
  });

  it('writes no update feed unless CRM_UPDATE_URL asks for one, even with a GitHub token in the environment', async () => {
    // without an explicit publish, electron-builder turns a GH_TOKEN (or GITHUB_TOKEN, GITLAB_TOKEN...) into a feed
    expect(config.publish).toBeNull();
    vi.stubEnv('GH_TOKEN', 'ghp_exampletoken0123456789');
    vi.stubEnv('GITHUB_TOKEN', 'ghs_exampletoken0123456789');
    try {
      const none = updateFeedPlan({ GH_TOKEN: 'ghp_exampletoken0123456789' });
      expect(none).toEqual({ config: {} });
      expect(await builderUpdateFeeds(mergedWithBuilder(raw, (none as { config: object }).config))).toBeNull();
      // the check can fail: the same configuration without the explicit null gets a GitHub feed (or an error looking for one)
      const { publish: _publish, ...implicit } = config;
      const implicitFeeds = await builderUpdateFeeds(implicit as unknown as Record<string, unknown>).catch((err: unknown) => err);
      expect(implicitFeeds).not.toBeNull();
      // an address given at build time is the one feed
      const given = updateFeedPlan({ CRM_UPDATE_URL: 'https://downloads.example.com/crm-console/' });
      const feeds = await builderUpdateFeeds(mergedWithBuilder(raw, (given as { config: object }).config));
      expect(feeds).toEqual([{ provider: 'generic', url: 'https://downloads.example.com/crm-console/' }]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("names its maker and home (placeholders of the project's own: example.com), for the .deb and the About panel", () => {
    expect(pkg.author).toEqual({ name: 'CRM Console team', email: 'crm-console@example.com' });
    expect(pkg.homepage).toBe('https://example.com/crm-console');
    expect(config.linux.maintainer).toBe(`${pkg.author.name} <${pkg.author.email}>`);
  });

  it("installs one crm-console.desktop that the running window is matched to (Electron's app_id is desktopName)", () => {
    expect(pkg.desktopName).toBe('crm-console.desktop');
    // syncDesktopName: the installed file is named after desktopName, so it matches StartupWMClass
    expect(config.linux.syncDesktopName).toBe(true);
    expect(config.linux.executableName).toBe('crm-console');
    expect(config.linux.desktop.entry).toMatchObject({ Name: 'CRM Console', StartupWMClass: pkg.desktopName.replace(/\.desktop$/, '') });
    expect(config.linux.desktop.entry).not.toHaveProperty('Exec');
  });

  it('re-seals an ad-hoc signed macOS build after signing, with a hook that exists', async () => {
    expect(config.afterSign).toBe('./scripts/mac-after-sign.mjs');
    const hook = (await import(join(REPO_ROOT, config.afterSign))) as { afterSign?: unknown };
    expect(typeof hook.afterSign).toBe('function');
  });

  it('installs from node_modules only the native modules: pure JavaScript is in the main bundle', async () => {
    for (const name of Object.keys(pkg.dependencies)) {
      const gyp = await readFile(join(REPO_ROOT, 'node_modules', name, 'binding.gyp'), 'utf8').catch(() => null);
      // or prebuilt N-API binaries in per-platform packages (libsql: @libsql/<platform>-<arch>)
      const meta = JSON.parse(await readFile(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
        optionalDependencies?: Record<string, string>;
      };
      const perPlatform = Object.keys(meta.optionalDependencies ?? {}).some((dep) => /-(x64|arm64)(-|$)/.test(dep));
      expect(gyp !== null || perPlatform, `${name} is not native: make it a devDependency so the bundle carries it`).toBe(true);
    }
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['undici', 'zod', 'js-yaml']));
  });

  it('states the Node every script needs (vite, eslint and vitest agree on these lines)', () => {
    expect(pkg.engines.node).toBe('^20.19.0 || ^22.13.0 || >=24');
  });

  it('installs per user on Windows and lets the person choose the folder', () => {
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true });
  });

  it("the .deb needs libsecret (keytar) on top of electron-builder's default dependencies, and recommends gnome-keyring", () => {
    // deb.depends replaces the defaults when set, so every default must be listed again
    expect(DEFAULT_DEB_DEPENDS.length).toBeGreaterThan(0);
    expect(config.deb.depends).toEqual(expect.arrayContaining([...DEFAULT_DEB_DEPENDS, 'libsecret-1-0']));
    // Chromium opens libgbm (GPU buffers) and libasound (audio, the voice-note recorder) at start;
    // a minimal install lacks them and the app dies before its window. Ubuntu 24.04 renamed ALSA's
    // library package to libasound2t64 (the 64-bit time_t transition) and left libasound2 only as
    // a virtual name apt will not pick by itself, while Debian 12 has only libasound2: the
    // alternative installs on both.
    expect(config.deb.depends).toEqual(expect.arrayContaining(['libgbm1', 'libasound2 | libasound2t64']));
    expect(config.deb.recommends).toContain('gnome-keyring');
    // the README's install command is `sudo apt install ./CRM-Console_*.deb`
    expect(config.deb.artifactName).toMatch(/^CRM-Console_/);
  });

  it("packages for the installed Electron and never rebuilds the project's node_modules in place", () => {
    expect(config.electronVersion).toBe(pkg.devDependencies.electron);
    // every native runtime module is N-API (keytar, libsql): the same binary loads in Node and in
    // Electron, so there is nothing to rebuild, and a rebuild would leave node_modules built for
    // Electron, breaking npm test, the crm CLI and the Chromium host on the same checkout
    expect(config.npmRebuild).toBe(false);
  });

  it('locks down the packaged Electron with fuses (app code only from an integrity-checked app.asar, no extra file:// powers)', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      // the page comes from app:// (src-main/app-shell/app-scheme.ts): file:// pages get nothing a browser would not give them
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).not.toBe(false);
  });

  it('signs for macOS with the hardened runtime, JIT and microphone entitlements (no unsigned executable memory) and a reason for the microphone', async () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.entitlements).toBe('resources/entitlements.mac.plist');
    expect(config.mac.entitlementsInherit).toBe('resources/entitlements.mac.plist');
    const plist = await readFile(join(REPO_ROOT, config.mac.entitlements), 'utf8');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
    expect(granted.sort()).toEqual(['com.apple.security.cs.allow-jit', 'com.apple.security.device.audio-input']);
    expect(plist).not.toContain('allow-unsigned-executable-memory');
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/voice note/i);
  });
});

describe('icons in resources/', () => {
  it('icon.png is a square RGBA PNG of at least 512 px', async () => {
    const header = readPngHeader(await resource('icon.png'));
    expect(header.width).toBe(header.height);
    expect(header.width).toBeGreaterThanOrEqual(512);
    expect(header).toMatchObject({ bitDepth: 8, colourType: 6 });
  });

  it('icon.ico lists 16 to 256 px, each a PNG of the size its directory entry says', async () => {
    const entries = readIcoDirectory(await resource('icon.ico'));
    expect(entries.map((e) => e.width).sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const entry of entries) {
      const png = readPngHeader(entry.data);
      expect([png.width, png.height], `${entry.width} px entry`).toEqual([entry.width, entry.height]);
    }
  });

  it('icon.icns has a valid header and length, and PNG entries ic07 to ic10 at their sizes', async () => {
    const entries = readIcnsEntries(await resource('icon.icns'));
    const sizes = Object.fromEntries(entries.map((e) => [e.type, readPngHeader(e.data).width]));
    expect(sizes).toMatchObject({ ic07: 128, ic08: 256, ic09: 512, ic10: 1024 });
  });
});
