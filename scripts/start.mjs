// `npm start`: builds the app and opens it in Electron. Where no Electron binary can be had (it
// could not be downloaded, or this Linux would abort it), the same window opens in an installed
// Chromium or Chrome instead (src-main/chromium-host), and says so.
// JS entry points run with process.execPath, never through `npx`: Windows cannot spawn npx.cmd
// without a shell.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.mjs';
import { readSandboxFacts, sandboxBlocker } from './linux-sandbox.mjs';
import { secretServiceCheck } from './secret-service.mjs';
import { electronDownloadFailed, rememberElectronDownloadFailed, windowBuildState } from './start-memory.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** a package's JS entry point: direct dependencies always sit at the top of node_modules */
const entry = (path) => join(root, 'node_modules', path);
const node = (script, args = [], options = {}) => spawnSync(process.execPath, [script, ...args], { cwd: root, ...options });

function electronOrReason() {
  let electron = findElectronBinary();
  const version = electronVersion();
  const failedAt = version === null ? null : electronDownloadFailed(root, version);
  if (!electron.path && !process.env.ELECTRON_OVERRIDE_DIST_PATH && failedAt !== null) {
    // tried before for this version: not again on every start (the line says how to retry)
    return {
      path: null,
      reason: `the Electron binary could not be downloaded (tried ${failedAt.slice(0, 10)}; to try again: node node_modules/electron/install.js)`,
    };
  }
  if (!electron.path && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    // Electron fetches its binary on first use; do it here, quietly, so a failure is one line.
    console.log('crm-console: fetching the Electron binary (first run only)...');
    const fetch = node(entry('electron/install.js'), [], { encoding: 'utf8', timeout: 10 * 60_000 });
    electron = findElectronBinary();
    if (!electron.path && fetch.status !== 0) {
      if (version !== null) rememberElectronDownloadFailed(root, version);
      electron = { path: null, reason: 'the Electron binary could not be downloaded (no access to the Electron download server)' };
    }
  }
  if (!electron.path) return electron;
  const blocker = sandboxBlocker(readSandboxFacts(electron.path));
  return blocker ? { path: null, reason: blocker } : electron;
}

/** the installed electron package's version, or null when it is not installed */
function electronVersion() {
  try {
    return JSON.parse(readFileSync(entry('electron/package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

const electron = electronOrReason();
if (!electron.path) {
  console.log(`crm-console: not using Electron: ${electron.reason}`);
  // the Chromium host checks for a display and a browser first (seconds), then builds
  const host = spawn(process.execPath, ['--import', 'tsx', join(root, 'src-main/chromium-host/main.ts'), '--build'], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => host.kill(sig));
  host.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
} else {
  // no keychain, no keys: said within 2 s with its fix, not after a 15 s wait in the window (the
  // Chromium host checks the same after its display check)
  const keychain = await secretServiceCheck({ root });
  if (keychain !== null) {
    keychain.forEach((line, i) => console.error(`crm-console: ${i === 0 ? 'cannot start: ' : ''}${line}`));
    process.exit(1);
  }
  // built again only when something it reads changed since the last build
  const window = windowBuildState(root);
  if (!window.fresh) {
    const build = node(entry('electron-vite/bin/electron-vite.js'), ['build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    window.remember();
  }
  const child = spawn(electron.path, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
}
