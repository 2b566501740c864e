// `npm run dist` needs a newer Node than the rest of the scripts: Electron 45's package, and
// @electron/rebuild with node-abi (electron-builder's native rebuild of keytar) declare Node
// >= 22.12. Everything else runs on package.json's engines (Node 20.19 and up).

export const DIST_NODE = '22.12.0';

const parts = (version) => version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

/** one sentence when `version` (process.version) is older than `minimum`, else null */
export function nodeVersionProblem(version, minimum = DIST_NODE) {
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return `npm run dist needs Node ${minimum} or newer (Electron and electron-builder's native rebuild require it); this is Node ${version.replace(/^v/, '')}. The other scripts run on Node 20.19 and up.`;
    }
  }
  return null;
}
