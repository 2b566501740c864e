// `npm run dist`: builds the app and packages it for this machine's OS with electron-builder
// (targets and options: electron-builder.json; packages land in dist/). Extra arguments are
// electron-builder's own and pass through, e.g. `npm run dist -- --linux deb` or `-- --dir`.
//
// electron-builder needs an unpacked Electron for the target OS. Where the binary can be fetched
// (or already was: `npm start` fetches it too), it is packaged from node_modules/electron/dist, or
// from ELECTRON_OVERRIDE_DIST_PATH, so nothing else is downloaded for it. Where it cannot be,
// no package can be built, and this says so in one line instead of failing later in a stack trace.
//
// The Electron fuses in electron-builder.json (no ELECTRON_RUN_AS_NODE, no NODE_OPTIONS, no
// --inspect, app code only from an integrity-checked app.asar, no extra powers for file://
// pages: the window's page comes from app://) are flipped in the packaged copy
// only. `npm start` and the _electron Playwright suite (tests/electron) keep running the unfused
// Electron in node_modules: Playwright attaches through the inspector and loads the app from the
// project folder, both of which those fuses forbid.
//
// Architectures: --x64 / --arm64 (or `--linux deb:arm64`) choose them, as in electron-builder;
// without them, the ones electron-builder.json gives the OS's targets (macOS: x64 and arm64 in
// one run, so latest-mac.yml names both), else this machine's. The Electron installed here is
// for this machine's architecture only, so another architecture's is downloaded by electron-builder.
//
// Native modules: nothing is rebuilt and the project's node_modules is never changed (npm test,
// the crm CLI and the Chromium host keep running from it after a dist). keytar and libsql are
// N-API, so for this machine's architecture the installed files are packaged as they are. For
// another architecture the app is staged in a temporary folder of its own: its runtime
// dependencies installed there from the lockfile, libsql's package and keytar's prebuilt N-API
// file fetched for each architecture (macOS joins keytar's two into one universal file). That
// needs the npm registry and keytar's GitHub release downloads. See appSourcePlan in dist-plan.mjs.
//
// Linux: each target (AppImage, deb) is packed in an electron-builder run of its own, the AppImage
// first, so the deb's resources/package-type (which makes the updater install with dpkg) never
// ends up in the AppImage; the runs' latest-linux.yml files are merged into one.
//
// macOS signing and notarisation come from the environment; see macSigningPlan in dist-plan.mjs:
//   CSC_LINK=<Developer ID .p12> CSC_KEY_PASSWORD=... (or CSC_NAME=<keychain identity>)
//   APPLE_ID=... APPLE_APP_SPECIFIC_PASSWORD=... APPLE_TEAM_ID=...   (notarisation)
// Without an identity the app is signed ad hoc, which runs on the Mac that built it.
//
// Updates: CRM_UPDATE_URL=https://downloads.example.com/crm-console/ makes the installed app
// look there for updates (see updateFeedPlan in dist-plan.mjs); upload dist/'s installers and
// latest*.yml files to that folder. Without it the package does not update itself, whatever
// tokens are in the environment (electron-builder.json's publish is null: a GH_TOKEN alone would
// otherwise turn on a GitHub feed).
//
// Crash reports: CRM_CRASH_REPORT_URL=https://... lets the installed app offer to send a crash
// report the person saved (POSTed as text, only after they choose Send; see crashUploadPlan).
// Without it reports stay on the person's computer.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appSourcePlan,
  builderRuns,
  configuredArchs,
  configuredTargets,
  crashUploadPlan,
  electronDistPlan,
  macSigningPlan,
  mergeUpdateInfo,
  parseDistArgs,
  requestedArchs,
  updateFeedPlan,
} from './dist-plan.mjs';
import { findElectronBinary } from './electron-binary.mjs';
import { nodeVersionProblem } from './node-version.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** a first download of Electron (about 100 MB) on a slow line */
const FETCH_TIMEOUT_MS = 10 * 60_000;
const OS_FLAG = { darwin: 'mac', win32: 'win', linux: 'linux' }[process.platform];

function fail(message) {
  console.error(`crm-console: ${message}`);
  process.exit(1);
}

/** @returns {Promise<number>} the exit code (1 when it could not start, was killed or timed out) */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, ...options });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function parseBuilderArgs(argv) {
  try {
    return parseDistArgs(argv);
  } catch (err) {
    return fail(`npm run dist: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function electronDistOrExit() {
  let pkgJson = null;
  try {
    pkgJson = require.resolve('electron/package.json');
  } catch {
    // findElectronBinary explains: the electron package is not installed
  }
  let electron = findElectronBinary();
  if (!electron.path && pkgJson && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    // Electron fetches its binary on first use; do it here, quietly, so a failure is one line.
    if (process.stdout.isTTY) console.log('crm-console: fetching the Electron binary (first run only)...');
    const fetched = await run(process.execPath, [join(dirname(pkgJson), 'install.js')], { stdio: 'ignore', timeout: FETCH_TIMEOUT_MS });
    electron = findElectronBinary();
    if (!electron.path && fetched !== 0) {
      electron = { path: null, reason: 'it could not be downloaded (no access to the Electron download server)' };
    }
  }
  if (!electron.path) {
    const version = pkgJson ? ` ${require(pkgJson).version}` : '';
    return fail(
      `no package can be built here: the Electron binary is not available on this machine: ${electron.reason}. ` +
        `Run \`npm run dist\` on a machine with internet access, or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron${version} for this OS.`,
    );
  }
  return process.env.ELECTRON_OVERRIDE_DIST_PATH || join(dirname(pkgJson), 'dist');
}

const cli = parseBuilderArgs(process.argv.slice(2));
if (typeof cli.config === 'string' || Array.isArray(cli.config)) {
  fail('npm run dist packages with electron-builder.json; change that file, or set single options with -c.<option>=<value>.');
}
const otherOs = ['mac', 'win', 'linux'].filter((os) => cli[os] !== undefined && os !== OS_FLAG);
if (otherOs.length > 0) {
  fail(
    `npm run dist packages for this machine's OS (--${OS_FLAG}) with the Electron installed here; build --${otherOs.join(', --')} packages on that OS.`,
  );
}

const builderConfig = JSON.parse(readFileSync(join(ROOT, 'electron-builder.json'), 'utf8'));
const OUT_DIR = join(ROOT, builderConfig.directories.output);
const archs = requestedArchs(cli, process.arch, configuredArchs(builderConfig, OS_FLAG));
const hostArchOnly = archs.every((arch) => arch === process.arch);
// Only a build for this architecture packages the Electron installed here (see dist-plan.mjs).
const localDist = hostArchOnly ? await electronDistOrExit() : join(dirname(require.resolve('electron/package.json')), 'dist');
const distPlan = electronDistPlan({ archs, hostArch: process.arch, localDist, override: process.env.ELECTRON_OVERRIDE_DIST_PATH });
if ('problem' in distPlan) fail(`npm run dist: ${distPlan.problem}`);
const signing = process.platform === 'darwin' ? macSigningPlan(process.env) : { config: {}, notarise: false };
if ('problem' in signing) fail(`npm run dist: ${signing.problem}`);
const updateFeed = updateFeedPlan(process.env);
if ('problem' in updateFeed) fail(`npm run dist: ${updateFeed.problem}`);
const crashUpload = crashUploadPlan(process.env);
if ('problem' in crashUpload) fail(`npm run dist: ${crashUpload.problem}`);
// After the Electron check: without Electron nothing can be packaged, whatever the Node version.
const nodeProblem = nodeVersionProblem(process.version);
if (nodeProblem) fail(nodeProblem);

// Where the app's files and native modules come from: the project as it is, or a staged copy
// for other architectures (never a changed node_modules here).
const stagingDir = archs.every((arch) => arch === process.arch) ? '' : join(mkdtempSync(join(tmpdir(), 'crm-console-app-')), 'app');
// the staged copy goes away however this ends (fail() exits straight away)
if (stagingDir) process.on('exit', () => rmSync(dirname(stagingDir), { recursive: true, force: true }));
const libsqlVersion = stagingDir ? JSON.parse(readFileSync(join(ROOT, 'node_modules', 'libsql', 'package.json'), 'utf8')).version : '';
const source = appSourcePlan({ platform: process.platform, archs, hostArch: process.arch, root: ROOT, stagingDir, libsqlVersion });
if ('problem' in source) fail(`npm run dist: ${source.problem}`);

const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
const built = await run(process.execPath, [electronVite, 'build'], { stdio: 'inherit' });
if (built !== 0) fail('the app build (electron-vite build) failed; see above.');

/** a command of a staging step: node and npm are the ones running this script */
function commandOf(name) {
  if (name === 'node') return [process.execPath, []];
  if (name === 'npm' && process.env.npm_execpath) return [process.execPath, [process.env.npm_execpath]];
  return [name === 'npm' && process.platform === 'win32' ? 'npm.cmd' : name, []];
}

async function stageApp(steps) {
  for (const step of steps) {
    if (step.kind === 'fresh') {
      rmSync(step.dir, { recursive: true, force: true });
      mkdirSync(step.dir, { recursive: true });
    } else if (step.kind === 'copy') {
      cpSync(step.from, step.to, { recursive: true });
    } else if (step.kind === 'move') {
      renameSync(step.from, step.to);
    } else {
      const [command, first] = commandOf(step.command);
      const code = await run(command, [...first, ...step.args], { cwd: step.cwd, stdio: 'inherit' });
      if (code !== 0)
        fail(`staging the app for ${archs.join(', ')} failed: \`${step.command} ${step.args.join(' ')}\` exited with ${code}; see above.`);
    }
  }
}

if (source.kind === 'staging') await stageApp(source.steps);
const appDir = source.kind === 'staging' ? { directories: { app: source.dir } } : {};

/** the latest-linux*.yml files in the output folder, parsed */
function readUpdateInfos() {
  const yaml = require('js-yaml');
  const found = new Map();
  if (!existsSync(OUT_DIR)) return found;
  for (const name of readdirSync(OUT_DIR).filter((n) => /^latest-linux.*\.yml$/.test(n)))
    found.set(name, yaml.load(readFileSync(join(OUT_DIR, name), 'utf8')));
  return found;
}

/** a package-type file an earlier run left in an unpacked Linux app (deb's) must not reach an AppImage */
function removeStalePackageType() {
  if (!existsSync(OUT_DIR)) return;
  for (const name of readdirSync(OUT_DIR).filter((n) => /^linux.*-unpacked$/.test(n)))
    rmSync(join(OUT_DIR, name, 'resources', 'package-type'), { force: true });
}

const { build } = require('electron-builder');
const runs = builderRuns(cli, OS_FLAG, configuredTargets(builderConfig, OS_FLAG));
const artifacts = [];
// each Linux run writes its own latest-linux.yml: merged here into one for all targets
let updateInfos = new Map();
if (runs.length > 1) for (const name of readUpdateInfos().keys()) rmSync(join(OUT_DIR, name));
try {
  for (const { cli: runCli, writesPackageType } of runs) {
    if (OS_FLAG === 'linux' && !writesPackageType) removeStalePackageType();
    // electron-builder reads electron-builder.json itself and merges this on top: any -c.<option>
    // overrides given on the command line, the Electron found on this machine, the staged app.
    const config = {
      ...signing.config,
      ...updateFeed.config,
      ...crashUpload.config,
      ...runCli.config,
      ...appDir,
      electronDist: distPlan.electronDist,
    };
    artifacts.push(...(await build({ ...runCli, projectDir: ROOT, publish: runCli.publish ?? 'never', config })));
    if (runs.length > 1) {
      const merged = new Map();
      for (const [name, later] of readUpdateInfos()) {
        const info = mergeUpdateInfo(updateInfos.get(name) ?? null, later);
        if (info !== later) writeFileSync(join(OUT_DIR, name), require('js-yaml').dump(info, { lineWidth: -1 }));
        merged.set(name, info);
      }
      updateInfos = merged;
    }
  }
  const listed = artifacts.map((file) => `\n  ${file}`).join('');
  console.log(`crm-console: packaging done${listed || ' (unpacked app only, see the log above)'}`);
} catch (err) {
  fail(`packaging failed: ${err instanceof Error ? err.message : String(err)}`);
}
