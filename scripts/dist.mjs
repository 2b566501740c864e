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
// Architectures: --x64 / --arm64 (or `--linux deb:arm64`) choose them, as in electron-builder.
// The Electron installed here is for this machine's architecture only, so another architecture
// is downloaded by electron-builder and keytar is rebuilt for it (a cross-compiler is needed for
// that: building on a machine of that architecture is simpler). See dist-plan.mjs.
//
// macOS signing and notarisation come from the environment; see macSigningPlan in dist-plan.mjs:
//   CSC_LINK=<Developer ID .p12> CSC_KEY_PASSWORD=... (or CSC_NAME=<keychain identity>)
//   APPLE_ID=... APPLE_APP_SPECIFIC_PASSWORD=... APPLE_TEAM_ID=...   (notarisation)
// Without an identity the app is signed ad hoc, which runs on the Mac that built it.
//
// Updates: CRM_UPDATE_URL=https://downloads.example.com/crm-console/ makes the installed app
// look there for updates (see updateFeedPlan in dist-plan.mjs); upload dist/'s installers and
// latest*.yml files to that folder. Without it the package does not update itself.
//
// Crash reports: CRM_CRASH_REPORT_URL=https://... lets the installed app offer to send a crash
// report the person saved (POSTed as text, only after they choose Send; see crashUploadPlan).
// Without it reports stay on the person's computer.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronDistPlan, macSigningPlan, parseDistArgs, requestedArchs, updateFeedPlan, crashUploadPlan } from './dist-plan.mjs';
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
  fail(`npm run dist packages for this machine's OS (--${OS_FLAG}) with the Electron installed here; build --${otherOs.join(', --')} packages on that OS.`);
}

const archs = requestedArchs(cli, process.arch);
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

const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
const built = await run(process.execPath, [electronVite, 'build'], { stdio: 'inherit' });
if (built !== 0) fail('the app build (electron-vite build) failed; see above.');

// An Electron given by path (ELECTRON_OVERRIDE_DIST_PATH) is how packages are built without
// download access, and the native rebuild would download Electron's headers: offline it fails
// after node-gyp has already deleted keytar's build, breaking keytar here. keytar is N-API, so
// its existing build loads in Electron on the same OS and architecture; -c.npmRebuild=true
// still forces the rebuild.
const offline = process.env.ELECTRON_OVERRIDE_DIST_PATH ? { npmRebuild: false } : {};

const { build } = require('electron-builder');
try {
  // electron-builder reads electron-builder.json itself and merges this on top: any -c.<option>
  // overrides given on the command line, and the Electron found on this machine.
  const config = { ...offline, ...signing.config, ...updateFeed.config, ...crashUpload.config, ...cli.config, electronDist: distPlan.electronDist };
  const artifacts = await build({ ...cli, projectDir: ROOT, publish: cli.publish ?? 'never', config });
  const listed = artifacts.map((file) => `\n  ${file}`).join('');
  console.log(`crm-console: packaging done${listed || ' (unpacked app only, see the log above)'}`);
} catch (err) {
  fail(`packaging failed: ${err instanceof Error ? err.message : String(err)}`);
}
