// `npm start`: builds the app and launches it in Electron. Where the Electron binary could not
// be downloaded, says so in one line and points to what still works.
import { spawn, spawnSync } from 'node:child_process';
import { findElectronBinary } from './electron-binary.mjs';

let electron = findElectronBinary();
if (!electron.path && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
  // Electron fetches its binary on first use; do it here, quietly, so a failure is one line.
  console.log('crm-console: fetching the Electron binary (first run only)...');
  const fetch = spawnSync('npx', ['--no-install', 'install-electron'], { encoding: 'utf8', timeout: 10 * 60_000 });
  electron = findElectronBinary();
  if (!electron.path && fetch.status !== 0) {
    electron = { path: null, reason: 'the Electron binary could not be downloaded (no access to the Electron download server)' };
  }
}
if (!electron.path) {
  console.error(
    `crm-console: cannot launch the desktop app: ${electron.reason}. ` +
      'Still available here: `npx crm --help` (the same features from a terminal), `npm run sandbox` (the built-in CRM API), `npm test`. ' +
      'To use an Electron you installed yourself, set ELECTRON_OVERRIDE_DIST_PATH to its folder.',
  );
  process.exit(1);
}

const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn(electron.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
