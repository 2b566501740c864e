// The User-Agent every request carries: `product/version`, which some services require (Meta's
// Graph API documents it) and which lets a service's operators tell this console's requests
// apart. The version is read once from the app's own package.json, found by walking up from
// this module: the same walk works from the source tree, the built bundles and the packaged
// app (whose package.json sits at the asar's root), with no JSON import that only bundlers take.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRODUCT = 'crm-console';

function appVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === PRODUCT && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return '0.0.0';
}

export const USER_AGENT = `${PRODUCT}/${appVersion()}`;
