// Checks what `npm run dist` left in dist/ before anything is shipped (the release workflow runs
// it on each OS after packaging; tests/main/scripts/check-artifacts.test.ts covers the pieces):
//   - every .node inside each unpacked app is N-API and built for that app's architecture, and
//     each native dependency of package.json is there (keytar, libsql's per-platform package);
//     none is packed inside app.asar, where it could not be loaded as a file;
//   - Linux: the AppImage carries no resources/package-type (electron-updater would take it for
//     a deb and update it as one), the deb carries package-type "deb";
//   - macOS: latest-mac.yml names a zip for each architecture built, with its sha512;
//   - with --docker (Linux runners): the deb installed into a bare ubuntu:24.04 container, its
//     Depends only, leaves no library unresolved (`ldd`) for the app and its native modules.
// Usage: node scripts/check-artifacts.mjs [--dist dist] [--docker]
// Exit 1 with one line per problem; 0 prints what was checked.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeModuleProblems } from './native-binary.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The native dependencies every packaged app must carry, by the path their .node lies under.
 * `perArch`: the binaries come in one package per platform and architecture (libsql's
 * @libsql/<platform>-<arch>), and the app needs the one of each architecture it runs on.
 */
export function requiredNatives(dependencies) {
  const known = {
    keytar: { under: 'node_modules/keytar/', perArch: false },
    libsql: { under: 'node_modules/@libsql/', perArch: true },
    'better-sqlite3': { under: 'node_modules/better-sqlite3/', perArch: false },
  };
  return Object.keys(dependencies ?? {})
    .filter((name) => name in known)
    .map((name) => ({ name, ...known[name] }));
}

const CPU_ARCH = { x64: 'x64', arm64: 'arm64', ia32: 'ia32', arm: 'armv7l' };

/**
 * The architecture a module's package is named for (napi-rs style packages:
 * @libsql/darwin-arm64, @libsql/linux-x64-gnu, lightningcss-win32-x64-msvc), or null. A Mac app
 * may carry both Macs' libsql packages (the loader picks the running one's), so such a file is
 * checked against its package's name, not the app's architecture.
 */
export function packageArch(path) {
  const m = /node_modules\/(?:@[^/]+\/)?[^/]*-(x64|arm64|ia32|arm)(?:-(?:gnu|musl|msvc|gnueabihf))?\//.exec(path.split(sep).join('/'));
  return m ? CPU_ARCH[m[1]] : null;
}

/**
 * The unpacked apps in dist/ with their OS and architecture, from electron-builder's folder names:
 * linux-unpacked (x64), linux-arm64-unpacked, win-unpacked (x64), win-arm64-unpacked, mac (x64),
 * mac-arm64, mac-universal.
 * @returns {{ dir: string, os: 'linux' | 'win' | 'mac', archs: string[], resources: string }[]}
 */
export function unpackedApps(distDir, names = existsSync(distDir) ? readdirSync(distDir) : []) {
  const apps = [];
  for (const name of names) {
    const linuxOrWin = /^(linux|win)(?:-(x64|ia32|arm64|armv7l))?-unpacked$/.exec(name);
    if (linuxOrWin) {
      apps.push({
        dir: join(distDir, name),
        os: linuxOrWin[1],
        archs: [linuxOrWin[2] ?? 'x64'],
        resources: join(distDir, name, 'resources'),
      });
      continue;
    }
    const mac = /^mac(?:-(x64|arm64|universal))?$/.exec(name);
    if (mac) {
      const bundle = (existsSync(join(distDir, name)) ? readdirSync(join(distDir, name)) : []).find((f) => f.endsWith('.app'));
      if (!bundle) continue;
      const arch = mac[1] ?? 'x64';
      apps.push({
        dir: join(distDir, name),
        os: 'mac',
        archs: arch === 'universal' ? ['x64', 'arm64'] : [arch],
        resources: join(distDir, name, bundle, 'Contents', 'Resources'),
      });
    }
  }
  return apps;
}

/** every file under `dir` whose name ends with `suffix` */
function filesUnder(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** the problems of one unpacked app's native modules */
export function appNativeProblems(app, required, readFile = readFileSync) {
  const problems = [];
  const where = (file) => relative(app.dir, file).split(sep).join('/');
  const natives = filesUnder(app.resources, '.node');
  for (const file of natives) {
    const buf = readFile(file);
    const named = packageArch(file);
    for (const arch of named ? [named] : app.archs) for (const p of nativeModuleProblems(buf, arch)) problems.push(`${where(file)} ${p}`);
  }
  const asar = join(app.resources, 'app.asar');
  if (existsSync(asar)) {
    for (const inside of require('@electron/asar').listPackage(asar, { isPack: false })) {
      if (inside.endsWith('.node'))
        problems.push(
          `${where(asar)}${inside.replaceAll('\\', '/')} is packed inside app.asar: unpack it (asarUnpack) so it loads as a file`,
        );
    }
  }
  for (const { name, under, perArch } of required) {
    const of = natives.filter((f) => f.split(sep).join('/').includes(under));
    if (of.length === 0) problems.push(`${where(app.resources)}: no native module of ${name} (expected under ${under})`);
    else if (perArch) {
      for (const arch of app.archs) {
        if (!of.some((f) => packageArch(f) === arch))
          problems.push(`${where(app.resources)}: no ${arch} package of ${name} (under ${under})`);
      }
    }
  }
  return { problems, checked: natives.length };
}

/** latest-mac.yml must name one zip per architecture, each with its checksum and present in dist/ */
export function latestMacProblems(text, archs, exists = () => true) {
  const yaml = require('js-yaml');
  let doc;
  try {
    doc = yaml.load(text);
  } catch (err) {
    return [`latest-mac.yml is not YAML: ${err instanceof Error ? err.message : String(err)}`];
  }
  const files = Array.isArray(doc?.files) ? doc.files : [];
  const problems = [];
  for (const arch of archs) {
    const zip = files.find((f) => typeof f?.url === 'string' && f.url.endsWith('.zip') && new RegExp(`[-_.]${arch}[-_.]`).test(f.url));
    if (!zip) problems.push(`latest-mac.yml names no ${arch} zip (files: ${files.map((f) => f?.url).join(', ') || 'none'})`);
    else if (!zip.sha512) problems.push(`latest-mac.yml: ${zip.url} has no sha512`);
  }
  for (const f of files)
    if (typeof f?.url === 'string' && !exists(f.url)) problems.push(`latest-mac.yml names ${f.url}, which is not in dist/`);
  return problems;
}

/** what package-type must say inside each Linux package: nothing in an AppImage, "deb" in a deb */
export function packageTypeProblem(kind, content) {
  if (kind === 'AppImage')
    return content === null
      ? null
      : `the AppImage carries resources/package-type ("${content.trim()}"): electron-updater would update it as that package`;
  if (content === null) return 'the deb carries no resources/package-type: electron-updater could not tell it is a deb';
  return content.trim() === 'deb' ? null : `the deb's resources/package-type says "${content.trim()}", not "deb"`;
}

/** the script run inside ubuntu:24.04: install the deb with its Depends only, then ldd everything native */
export function debDockerScript(debName, packageName) {
  return [
    'set -eu',
    'export DEBIAN_FRONTEND=noninteractive',
    'apt-get update -qq',
    `apt-get install -y -qq --no-install-recommends "/dist/${debName}" >/dev/null`,
    `bin=$(dpkg -L ${packageName} | grep '^/opt/.*/${packageName}$' | head -n 1)`,
    'test -n "$bin" || { echo "the deb installs no /opt/.../' + packageName + '"; exit 1; }',
    'app=$(dirname "$bin")',
    'echo "installed at $app"',
    'status=0',
    // the folder's name has a space ("CRM Console"): NUL-separated names, read in this shell
    'while IFS= read -r -d "" f; do',
    '  missing=$(ldd "$f" 2>&1 | grep "not found" || true)',
    '  if [ -n "$missing" ]; then echo "$f: $missing"; status=1; fi',
    'done < <(printf "%s\\0" "$bin"; find "$app" \\( -name "*.node" -o -name "*.so" -o -name "*.so.*" \\) -type f -print0)',
    'echo "ldd: every library of the app and its native modules checked"',
    'exit $status',
  ].join('\n');
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

function readIfThere(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

function linuxPackageProblems(distDir, found) {
  const problems = [];
  for (const appImage of found.filter((f) => f.endsWith('.AppImage'))) {
    const tmp = mkdtempSync(join(tmpdir(), 'crm-appimage-'));
    try {
      chmodSync(join(distDir, appImage), 0o755);
      // the AppImage's own runtime unpacks its squashfs; it needs no FUSE for that
      const extracted = run(join(distDir, appImage), ['--appimage-extract'], { cwd: tmp });
      if (!extracted.ok) problems.push(`${appImage}: --appimage-extract failed: ${extracted.out.trim().slice(-300)}`);
      else {
        const p = packageTypeProblem('AppImage', readIfThere(join(tmp, 'squashfs-root', 'resources', 'package-type')));
        if (p) problems.push(`${appImage}: ${p}`);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  for (const deb of found.filter((f) => f.endsWith('.deb'))) {
    const tmp = mkdtempSync(join(tmpdir(), 'crm-deb-'));
    try {
      const extracted = run('dpkg-deb', ['-x', join(distDir, deb), tmp]);
      if (!extracted.ok) problems.push(`${deb}: dpkg-deb -x failed: ${extracted.out.trim()}`);
      else {
        const file = filesUnder(join(tmp, 'opt'), 'package-type').find((f) => basename(join(f, '..')) === 'resources');
        const p = packageTypeProblem('deb', file ? readFileSync(file, 'utf8') : null);
        if (p) problems.push(`${deb}: ${p}`);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return problems;
}

function dockerProblems(distDir, found, packageName) {
  const problems = [];
  const debs = found.filter((f) => f.endsWith('.deb'));
  if (debs.length === 0) problems.push('--docker: no .deb in dist/');
  for (const deb of debs) {
    const r = run('docker', ['run', '--rm', '-v', `${distDir}:/dist:ro`, 'ubuntu:24.04', 'bash', '-c', debDockerScript(deb, packageName)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    console.log(r.out.trim());
    if (!r.ok)
      problems.push(`${deb}: in a bare ubuntu:24.04 with its Depends installed, a library is missing or the install failed (above)`);
  }
  return problems;
}

function main(argv) {
  const distArg = argv.indexOf('--dist');
  const distDir = distArg >= 0 ? argv[distArg + 1] : join(ROOT, 'dist');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const required = requiredNatives(pkg.dependencies);
  const found = existsSync(distDir) ? readdirSync(distDir).filter((f) => statSync(join(distDir, f)).isFile()) : [];
  const problems = [];
  const apps = unpackedApps(distDir);
  if (apps.length === 0) problems.push(`no unpacked app in ${distDir} (run npm run dist first)`);
  if (process.platform === 'darwin' && found.includes('latest-mac.yml')) {
    const archs = apps.filter((a) => a.os === 'mac').flatMap((a) => a.archs);
    for (const arch of ['x64', 'arm64']) if (!archs.includes(arch)) problems.push(`no unpacked ${arch} Mac app in ${distDir}`);
  }
  for (const app of apps) {
    const { problems: appProblems, checked } = appNativeProblems(app, required);
    problems.push(...appProblems);
    console.log(`${relative(distDir, app.dir)}: ${checked} native module(s) checked for N-API and ${app.archs.join(' + ')}`);
  }
  if (found.includes('latest-mac.yml')) {
    problems.push(
      ...latestMacProblems(readFileSync(join(distDir, 'latest-mac.yml'), 'utf8'), ['x64', 'arm64'], (url) =>
        existsSync(join(distDir, url)),
      ),
    );
    console.log('latest-mac.yml: checked for an x64 and an arm64 zip');
  } else if (process.platform === 'darwin') problems.push('no latest-mac.yml in dist/');
  if (process.platform === 'linux') {
    problems.push(...linuxPackageProblems(distDir, found));
    console.log('Linux packages: package-type checked in each AppImage and deb');
  }
  if (argv.includes('--docker')) problems.push(...dockerProblems(distDir, found, pkg.name));
  for (const p of problems) console.error(`check-artifacts: ${p}`);
  if (problems.length === 0) console.log('check-artifacts: all checks passed');
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) process.exit(main(process.argv.slice(2)));
