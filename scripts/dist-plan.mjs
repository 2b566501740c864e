// What `npm run dist` asks electron-builder for, decided from its arguments without side effects
// (tests/main/scripts/dist-plan.test.ts): which architectures, which Electron to package for
// each, where the app's files and native modules come from, how many electron-builder runs,
// how macOS is signed, and where the installed app looks for updates.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** electron-builder's own command-line parser, so its flags mean here what its docs say; throws on a bad argument */
export function parseDistArgs(argv) {
  const { configureBuildCommand, createYargs } = require('electron-builder/out/builder.js');
  return configureBuildCommand(createYargs())
    .strict()
    .fail((msg, err) => {
      throw err ?? new Error(msg);
    })
    .parse(argv);
}

const ARCH_FLAGS = ['x64', 'ia32', 'armv7l', 'arm64', 'universal'];

/**
 * The architectures the arguments ask for: --x64/--arm64/... flags and `target:arch` suffixes
 * (`--linux deb:arm64`). None: the architectures electron-builder.json gives the OS's targets
 * (`configured`, see configuredArchs) when the arguments name no target either, as
 * electron-builder then builds those; otherwise this machine's.
 */
export function requestedArchs(cli, hostArch, configured = null) {
  const archs = new Set(ARCH_FLAGS.filter((flag) => cli[flag] === true));
  let namesTargets = false;
  for (const os of ['mac', 'linux', 'win']) {
    for (const target of [cli[os] ?? []].flat()) {
      namesTargets = true;
      const suffix = String(target).lastIndexOf(':');
      if (suffix > 0) archs.add(String(target).slice(suffix + 1));
    }
  }
  if (archs.size > 0) return [...archs];
  return !namesTargets && configured && configured.length > 0 ? [...configured] : [hostArch];
}

/** `os` (mac, linux, win): the architectures electron-builder.json's `{target, arch}` entries give it; null when none */
export function configuredArchs(config, os) {
  const archs = new Set();
  for (const entry of [config[os]?.target ?? []].flat()) {
    if (entry && typeof entry === 'object') for (const arch of [entry.arch ?? []].flat()) archs.add(arch);
  }
  return archs.size > 0 ? [...archs] : null;
}

/** `os`'s target names in electron-builder.json */
export function configuredTargets(config, os) {
  return [config[os]?.target ?? []].flat().map((entry) => (typeof entry === 'string' ? entry : entry.target));
}

/**
 * The `electronDist` for electron-builder. The Electron in node_modules (or the override) is an
 * unpacked copy for THIS machine's architecture: copied into an arm64 package it would ship an
 * x64 binary under an arm64 name. So it is used only for this architecture; another one is
 * downloaded by electron-builder for its own architecture (electronDist returns null).
 * @returns {{ electronDist: string | ((o: { arch: string | number }) => string | null) } | { problem: string }}
 */
export function electronDistPlan({ archs, hostArch, localDist, override }) {
  const foreign = archs.filter((arch) => arch !== hostArch);
  if (foreign.length === 0) return { electronDist: localDist };
  if (override) {
    return {
      problem:
        `ELECTRON_OVERRIDE_DIST_PATH is one unpacked Electron for this machine (${hostArch}); ` +
        `build --${foreign.join(', --')} on a machine of that architecture, or with internet access (without ELECTRON_OVERRIDE_DIST_PATH).`,
    };
  }
  const archName = (arch) => (typeof arch === 'number' ? ['ia32', 'x64', 'armv7l', 'arm64', 'universal'][arch] : arch);
  return { electronDist: (options) => (archName(options.arch) === hostArch ? localDist : null) };
}

const NOTARY_SETS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
];

/**
 * macOS signing, driven by the environment (electron-builder reads the same variables):
 * - CSC_LINK (a .p12 file or base64) + CSC_KEY_PASSWORD, or CSC_NAME (an identity in the login
 *   keychain): signed with that Developer ID, hardened runtime and entitlements as configured.
 *   Notarised when one complete set is given: APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD +
 *   APPLE_TEAM_ID, or APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_KEYCHAIN +
 *   APPLE_KEYCHAIN_PROFILE. A half-given set is refused rather than shipping un-notarised.
 * - none of them: signed ad hoc ("-"). The fuses flipped in the packaged Electron invalidate its
 *   original signature, and an Apple silicon Mac refuses to start a binary without a valid one;
 *   ad hoc is enough to run it on the machine that built it (Gatekeeper still asks elsewhere).
 *   The hardened runtime is off then: it would refuse to load the ad-hoc signed frameworks.
 * @returns {{ config: object, notarise: boolean } | { problem: string }}
 */
export function macSigningPlan(env) {
  const has = (name) => Boolean(env[name]?.trim());
  const partial = NOTARY_SETS.find((set) => set.some(has) && !set.every(has));
  if (partial)
    return { problem: `notarisation needs ${partial.join(', ')} together; missing: ${partial.filter((n) => !has(n)).join(', ')}.` };
  const notarise = NOTARY_SETS.some((set) => set.every(has));
  if (has('CSC_LINK') || has('CSC_NAME')) return { config: {}, notarise };
  if (notarise) return { problem: 'notarisation needs a Developer ID to sign with: set CSC_LINK (and CSC_KEY_PASSWORD) or CSC_NAME.' };
  return { config: { mac: { identity: '-', hardenedRuntime: false } }, notarise: false };
}

/**
 * A URL every installed copy will hold (the update feed, the crash-report address): https only,
 * so what is fetched or sent cannot be read or swapped on the way. Plain http to this computer
 * (localhost, 127.0.0.1, [::1]) only for a test build, asked for with CRM_TEST_BUILD=1: a
 * released package pointing at http://localhost would trust whatever answers on that port of the
 * person's computer. No password or query, since every copy would carry it.
 * @returns {{ url: URL } | { problem: string } | null} null: not set
 */
function shippedUrl(name, env) {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `${name} is not a URL: ${raw}` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const testBuild = env.CRM_TEST_BUILD?.trim() === '1';
  if (url.protocol === 'http:' && loopback && !testBuild) {
    return {
      problem: `${name} must be an https address: plain http to this computer is only for a test build (CRM_TEST_BUILD=1), never for a package people install.`,
    };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { problem: `${name} must be an https address (plain http only for this computer, in a test build).` };
  }
  if (url.username || url.password || url.search) {
    return { problem: `${name} must not carry a password or a query: every installed copy would hold it.` };
  }
  return { url };
}

/**
 * Where an installed copy looks for updates: CRM_UPDATE_URL at build time, a folder on a web
 * server holding what `npm run dist` made (the installers and the latest*.yml files beside them).
 * electron-builder writes it into the package (app-update.yml), which is what turns the app's
 * updater on. Without it the package never asks anyone for updates. The rules of shippedUrl.
 * Where no publisher can be verified (Linux, unsigned Windows) the app only says a new version
 * is out; it never installs it itself (app-shell/update-install.ts).
 * @returns {{ config: object } | { problem: string }}
 */
export function updateFeedPlan(env) {
  const checked = shippedUrl('CRM_UPDATE_URL', env);
  if (checked === null) return { config: {} };
  if ('problem' in checked) return checked;
  return { config: { publish: [{ provider: 'generic', url: checked.url.toString() }] } };
}

/**
 * Where the installed app may send a crash report, and only after the person says yes:
 * CRM_CRASH_REPORT_URL at build time, written into the packaged package.json (crashReportUrl),
 * which the app reads (src-main/electron/crash-report.ts). Without it reports stay on the
 * person's computer. The same rules as the update address (shippedUrl).
 * @returns {{ config: object } | { problem: string }}
 */
export function crashUploadPlan(env) {
  const checked = shippedUrl('CRM_CRASH_REPORT_URL', env);
  if (checked === null) return { config: {} };
  if ('problem' in checked) return checked;
  return { config: { extraMetadata: { crashReportUrl: checked.url.toString() } } };
}

/**
 * Linux targets that electron-builder builds with fpm: each writes resources/package-type into
 * the unpacked app it packs, and electron-updater picks its updater by that file (deb: `pkexec
 * dpkg -i`). The AppImage must never carry one.
 */
const PACKAGE_TYPE_TARGETS = new Set(['deb', 'rpm', 'pacman', 'apk', 'freebsd', 'p5p', 'sh']);
const targetName = (target) => String(target).replace(/:[^:]*$/, '');

/**
 * The electron-builder runs for one `npm run dist`, each with its own arguments. Linux packs one
 * unpacked app per architecture for all its targets in a run, so a deb's package-type file would
 * end up in the AppImage built beside it: there each Linux target gets a run of its own, the
 * ones that write no package-type first (dist.mjs also removes a package-type left in the
 * unpacked folder before those). Other OSes: one run.
 * `configured`: electron-builder.json's targets for the OS (used when the arguments name none).
 * @returns {{ cli: object, writesPackageType: boolean }[]}
 */
export function builderRuns(cli, os, configured) {
  if (os !== 'linux') return [{ cli, writesPackageType: false }];
  const given = [cli.linux ?? []].flat();
  const targets = given.length > 0 ? given : configured;
  if (targets.length <= 1) return [{ cli, writesPackageType: targets.some((t) => PACKAGE_TYPE_TARGETS.has(targetName(t))) }];
  const writes = (t) => PACKAGE_TYPE_TARGETS.has(targetName(t));
  return [...targets.filter((t) => !writes(t)), ...targets.filter(writes)].map((target) => ({
    cli: { ...cli, linux: [target] },
    writesPackageType: writes(target),
  }));
}

/**
 * The update description a later run wrote (latest-linux.yml) merged with the one an earlier run
 * of the same `npm run dist` wrote for the same version: each run lists only its own files, and
 * the AppImage updater looks for the AppImage and the deb updater for the deb in one file. The
 * earlier run's file stays first (the AppImage: older updaters read only the top-level path).
 */
export function mergeUpdateInfo(earlier, later) {
  if (!earlier || earlier.version !== later.version) return later;
  const files = [...(earlier.files ?? [])];
  for (const file of later.files ?? []) {
    const at = files.findIndex((f) => f.url === file.url);
    if (at >= 0) files[at] = file;
    else files.push(file);
  }
  const { path, sha512 } = earlier.path ? earlier : later;
  return { ...later, files, ...(path ? { path, sha512 } : {}) };
}

/** libsql's per-platform package holding its N-API binary, as libsql loads it */
export function libsqlPackage(platform, arch) {
  const cpu = arch === 'armv7l' ? 'arm' : arch;
  if (platform === 'linux') return `@libsql/linux-${cpu}-${cpu === 'arm' ? 'gnueabihf' : 'gnu'}`;
  if (platform === 'win32') return `@libsql/win32-${cpu}-msvc`;
  return `@libsql/${platform}-${cpu}`;
}

/**
 * Where electron-builder takes the app (out/, package.json and the native runtime modules) from.
 * The project's own node_modules is never changed: npm test, the crm CLI and the Chromium host
 * run from it. Every native runtime module is N-API (keytar, libsql), so for this machine's
 * architecture the installed files are already right and the app is packaged straight from the
 * project (electron-builder.json: npmRebuild false).
 *
 * Another architecture needs that architecture's binaries, so the app is staged in a folder of
 * its own (`stagingDir`, electron-builder's directories.app): out/, package.json and the
 * lockfile, the runtime dependencies installed there from the lockfile without install scripts,
 * libsql's package for each architecture fetched as published, and keytar's N-API build for each
 * architecture fetched from its prebuilds (prebuild-install, as keytar's own install does). macOS
 * packs x64 and arm64 in one run (so latest-mac.yml names both), from one folder: keytar's two
 * builds are joined into one universal file with lipo, and both libsql packages are present
 * (libsql loads the one for the running architecture). Elsewhere one architecture per run.
 * @returns {{ kind: 'project' } | { kind: 'staging', dir: string, steps: object[] } | { problem: string }}
 */
export function appSourcePlan({ platform, archs, hostArch, root, stagingDir, libsqlVersion }) {
  if (archs.every((arch) => arch === hostArch)) return { kind: 'project' };
  if (platform !== 'darwin' && archs.length > 1) {
    return {
      problem: `build one architecture per run here (asked for ${archs.join(', ')}): keytar has one native file per package outside macOS.`,
    };
  }
  const dir = stagingDir;
  const native = join(dir, '.native');
  const keytar = join(dir, 'node_modules', 'keytar');
  const keytarBuilt = join(keytar, 'build', 'Release', 'keytar.node');
  const keytarFor = (arch) => join(native, `keytar-${arch}.node`);
  const [first, ...others] = archs;
  const quiet = ['--no-audit', '--no-fund'];
  const steps = [
    { kind: 'fresh', dir },
    { kind: 'fresh', dir: native },
    ...['out', 'package.json', 'package-lock.json'].map((name) => ({ kind: 'copy', from: join(root, name), to: join(dir, name) })),
    // the lockfile's runtime dependencies, with the optional packages of the first architecture
    {
      kind: 'run',
      command: 'npm',
      args: ['ci', '--omit=dev', '--ignore-scripts', `--os=${platform}`, `--cpu=${first}`, ...quiet],
      cwd: dir,
    },
    // the other architectures' libsql binaries, exactly the published packages
    ...others.flatMap((arch) => {
      const pkg = libsqlPackage(platform, arch);
      const tarball = join(native, `${pkg.slice(1).replace('/', '-')}-${libsqlVersion}.tgz`);
      const to = join(dir, 'node_modules', ...pkg.split('/'));
      return [
        { kind: 'run', command: 'npm', args: ['pack', `${pkg}@${libsqlVersion}`, '--pack-destination', native, ...quiet], cwd: native },
        { kind: 'fresh', dir: to },
        { kind: 'run', command: 'tar', args: ['-xzf', tarball, '-C', to, '--strip-components=1'], cwd: native },
      ];
    }),
    // keytar's N-API build for each architecture
    ...archs.flatMap((arch) => [
      {
        kind: 'run',
        command: 'node',
        args: [
          join(dir, 'node_modules', 'prebuild-install', 'bin.js'),
          '--runtime=napi',
          '--target=3',
          `--arch=${arch}`,
          `--platform=${platform}`,
        ],
        cwd: keytar,
      },
      { kind: 'move', from: keytarBuilt, to: keytarFor(arch) },
    ]),
    archs.length > 1
      ? { kind: 'run', command: 'lipo', args: ['-create', '-output', keytarBuilt, ...archs.map(keytarFor)], cwd: dir }
      : { kind: 'move', from: keytarFor(first), to: keytarBuilt },
  ];
  return { kind: 'staging', dir, steps };
}
