// Finds an installed Electron binary WITHOUT triggering electron's on-demand download (which
// cannot work on machines without internet access). Used by `npm start` and by the _electron
// test suite to decide whether to run or to skip with a clear message.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @returns {{ path: string } | { path: null, reason: string }} */
export function findElectronBinary(env = process.env) {
  let pkgDir;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm ci)' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(candidate)
      ? { path: candidate }
      : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH is set but ${candidate} does not exist` };
  }
  if (relative && existsSync(join(pkgDir, 'dist', relative))) return { path: join(pkgDir, 'dist', relative) };
  return { path: null, reason: 'the Electron binary was not downloaded (this machine cannot reach the Electron download server)' };
}
