// What `npm start` remembers between starts, so a start where nothing changed is quick and quiet:
// when the window was last built and from which inputs (out/.window-build.json), and that the
// Electron binary could not be downloaded for this Electron version (node_modules/.cache), so
// the download is not tried, and announced, on every start.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** what the window's build reads: a change to any of them means building again */
export const BUILD_INPUTS = [
  'src-main',
  'src-renderer',
  'resources',
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
const BUILD_STAMP = 'out/.window-build.json';
const FETCH_MEMO = 'node_modules/.cache/crm-console/electron-download.json';
/** the build's own outputs: the stamp is only trusted while they are there */
const BUILD_OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

/** the newest modification time (ms) of every file under the inputs; 0 for none */
export function newestInputMs(root, inputs = BUILD_INPUTS) {
  let newest = 0;
  const visit = (path) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const input of inputs) visit(join(root, input));
  return newest;
}

/** Whether the last build is still what the inputs would give (pure: the caller gathers the facts). */
export function buildIsFresh({ stamp, newestMs, outputsPresent, nodeVersion }) {
  return outputsPresent && stamp !== null && stamp.node === nodeVersion && typeof stamp.inputsMs === 'number' && stamp.inputsMs >= newestMs;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function writeJson(path, value) {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(value)}\n`);
  } catch {
    // a memory that cannot be written only means the next start builds or asks again
  }
}

/** `newestMs`: measured BEFORE the build, so an edit made during it is still seen next time */
export function windowBuildState(root) {
  const newestMs = newestInputMs(root);
  const fresh = buildIsFresh({
    stamp: readJson(join(root, BUILD_STAMP)),
    newestMs,
    outputsPresent: BUILD_OUTPUTS.every((p) => existsSync(join(root, p))),
    nodeVersion: process.version,
  });
  return { fresh, remember: () => writeJson(join(root, BUILD_STAMP), { inputsMs: newestMs, node: process.version }) };
}

/** the day the Electron binary last failed to download for this version, or null */
export function electronDownloadFailed(root, electronVersion) {
  const memo = readJson(join(root, FETCH_MEMO));
  return memo !== null && memo.version === electronVersion && typeof memo.failedAt === 'string' ? memo.failedAt : null;
}

export function rememberElectronDownloadFailed(root, electronVersion, at = new Date()) {
  writeJson(join(root, FETCH_MEMO), { version: electronVersion, failedAt: at.toISOString() });
}
