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
// --inspect, app code only from an integrity-checked app.asar) are flipped in the packaged copy
// only. `npm start` and the _electron Playwright suite (tests/electron) keep running the unfused
// Electron in node_modules: Playwright attaches through the inspector and loads the app from the
// project folder, both of which those fuses forbid.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.mjs';

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

/** electron-builder's own command-line parser, so its flags mean here what its docs say */
function parseBuilderArgs(argv) {
  const { configureBuildCommand, createYargs } = require('electron-builder/out/builder.js');
  try {
    return configureBuildCommand(createYargs())
      .strict()
      .fail((msg, err) => {
        throw err ?? new Error(msg);
      })
      .parse(argv);
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

const electronDist = await electronDistOrExit();

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
  const artifacts = await build({ ...cli, projectDir: ROOT, publish: cli.publish ?? 'never', config: { ...offline, ...cli.config, electronDist } });
  const listed = artifacts.map((file) => `\n  ${file}`).join('');
  console.log(`crm-console: packaging done${listed || ' (unpacked app only, see the log above)'}`);
} catch (err) {
  fail(`packaging failed: ${err instanceof Error ? err.message : String(err)}`);
}
