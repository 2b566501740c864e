// `npm run dist` needs a newer Node than the rest of the scripts: Electron 45's package, and
// @electron/rebuild with node-abi (electron-builder's native rebuild of keytar) declare Node
// >= 22.12. Everything else runs on package.json's engines (Node 20.19 and up).

export const DIST_NODE = '22.12.0';

const parts = (version) =>
  version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);

/** one sentence when `version` (process.version) is older than `minimum`, else null */
export function nodeVersionProblem(version, minimum = DIST_NODE) {
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return (
        `npm run dist needs Node ${minimum} or newer (Electron and electron-builder's native rebuild require it); this is ` +
        `Node ${version.replace(/^v/, '')}. The other scripts run on Node 20.19 and up.`
      );
    }
  }
  return null;
}

/**
 * package.json's engines.node, which npm only warns about: vite and rolldown need 20.19 on Node
 * 20, eslint 22.13 on Node 22, and Node 21 and 23 are outside both. A test keeps this equal to
 * package.json.
 */
export const ENGINES_NODE = '^20.19.0 || ^22.13.0 || >=24';

/** one sentence when `version` is outside ENGINES_NODE, else null (plain Node: runs before npm ci) */
export function enginesProblem(version) {
  const [major = 0, minor = 0] = parts(version);
  const fits = (major === 20 && minor >= 19) || (major === 22 && minor >= 13) || major >= 24;
  if (fits) return null;
  return (
    `this is Node ${version.replace(/^v/, '')}; CRM Console needs Node 20.19 or newer on 20, 22.13 or newer on 22, or 24 ` +
    `and later (its build and test tools require it). Install one of those, then run the command again.`
  );
}
