// Which signing secrets a release build on this OS uses, decided from the environment the
// release workflow gives it (repository secrets; an absent secret arrives as an empty string):
//   node scripts/signing-env.mjs >> "$GITHUB_ENV"
// prints, in GitHub's multi-line NAME<<DELIMITER form, only the variables of a complete set for
// this OS, and says on stderr, one line each, what is signed and what is skipped and why. A set
// given in part stops the build (exit 1): a half-configured release must not ship unsigned.
//   macOS:   CSC_LINK + CSC_KEY_PASSWORD (Developer ID .p12), then APPLE_ID +
//            APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID for notarization (needs the signature)
//   Windows: WIN_CSC_LINK + WIN_CSC_KEY_PASSWORD (Authenticode .pfx)
//   Linux:   nothing: deb and AppImage are not signed (docs/install.md)
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SETS = {
  darwin: [
    { what: 'macOS code signing', names: ['CSC_LINK', 'CSC_KEY_PASSWORD'] },
    { what: 'macOS notarization', names: ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'], needs: 'macOS code signing' },
  ],
  win32: [{ what: 'Windows Authenticode signing', names: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'] }],
  linux: [],
};

/**
 * @returns {{ exports: Record<string, string>, notes: string[], problem: string | null }}
 */
export function signingPlan(platform, env) {
  const has = (name) => Boolean(env[name]?.trim());
  const exports = {};
  const notes = [];
  const used = new Set();
  for (const set of SETS[platform] ?? []) {
    const given = set.names.filter(has);
    if (given.length === 0) {
      notes.push(`${set.what}: SKIPPED, the repository has no ${set.names.join(', ')} secrets`);
      continue;
    }
    if (given.length < set.names.length) {
      return { exports: {}, notes, problem: `${set.what}: only ${given.join(', ')} of ${set.names.join(', ')} are set; set all or none` };
    }
    if (set.needs && !used.has(set.needs)) {
      return { exports: {}, notes, problem: `${set.what} needs ${set.needs}, whose secrets are missing` };
    }
    for (const name of set.names) exports[name] = env[name];
    used.add(set.what);
    notes.push(`${set.what}: ON (${set.names.join(', ')})`);
  }
  if (platform === 'linux')
    notes.push('Linux: deb and AppImage are not signed; updates are checked by the sha512 in latest-linux.yml only');
  if (platform === 'darwin' && !used.has('macOS code signing')) exports.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
  return { exports, notes, problem: null };
}

/** GITHUB_ENV lines; the delimiter form keeps a multi-line value (a wrapped base64 certificate) whole */
export function githubEnvLines(exports, delimiter = `SIGNING_${randomBytes(8).toString('hex')}`) {
  return Object.entries(exports)
    .map(([name, value]) => `${name}<<${delimiter}\n${value}\n${delimiter}\n`)
    .join('');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const plan = signingPlan(process.platform, process.env);
  for (const note of plan.notes) console.error(`signing: ${note}`);
  if (plan.problem) {
    console.error(`signing: ${plan.problem}`);
    process.exit(1);
  }
  process.stdout.write(githubEnvLines(plan.exports));
}
