// What `npm run dist` asks electron-builder for, decided from its arguments without side effects
// (tests/main/scripts/dist-plan.test.ts): which architectures, which Electron to package for
// each, and how macOS is signed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** electron-builder's own command-line parser, so its flags mean here what its docs say; throws on a bad argument */
export function parseDistArgs(argv) {
  const { configureBuildCommand, createYargs } = require('electron-builder/out/builder.js');
  return configureBuildCommand(createYargs())
    .strict()
    .fail((msg, err) => {
      throw err ?? new Error(msg);
    })
    .parse(argv);
}

const ARCH_FLAGS = ['x64', 'ia32', 'armv7l', 'arm64', 'universal'];

/**
 * The architectures the arguments ask for: --x64/--arm64/... flags and `target:arch` suffixes
 * (`--linux deb:arm64`); none means this machine's, as electron-builder itself does.
 */
export function requestedArchs(cli, hostArch) {
  const archs = new Set(ARCH_FLAGS.filter((flag) => cli[flag] === true));
  for (const os of ['mac', 'linux', 'win']) {
    for (const target of [cli[os] ?? []].flat()) {
      const suffix = String(target).lastIndexOf(':');
      if (suffix > 0) archs.add(String(target).slice(suffix + 1));
    }
  }
  return archs.size > 0 ? [...archs] : [hostArch];
}

/**
 * The `electronDist` for electron-builder. The Electron in node_modules (or the override) is an
 * unpacked copy for THIS machine's architecture: copied into an arm64 package it would ship an
 * x64 binary under an arm64 name. So it is used only for this architecture; another one is
 * downloaded by electron-builder for its own architecture (electronDist returns null).
 * @returns {{ electronDist: string | ((o: { arch: string | number }) => string | null) } | { problem: string }}
 */
export function electronDistPlan({ archs, hostArch, localDist, override }) {
  const foreign = archs.filter((arch) => arch !== hostArch);
  if (foreign.length === 0) return { electronDist: localDist };
  if (override) {
    return {
      problem:
        `ELECTRON_OVERRIDE_DIST_PATH is one unpacked Electron for this machine (${hostArch}), and keytar is built for it too; ` +
        `build --${foreign.join(', --')} on a machine of that architecture, or with internet access (without ELECTRON_OVERRIDE_DIST_PATH).`,
    };
  }
  const archName = (arch) => (typeof arch === 'number' ? ['ia32', 'x64', 'armv7l', 'arm64', 'universal'][arch] : arch);
  return { electronDist: (options) => (archName(options.arch) === hostArch ? localDist : null) };
}

const NOTARY_SETS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
];

/**
 * macOS signing, driven by the environment (electron-builder reads the same variables):
 * - CSC_LINK (a .p12 file or base64) + CSC_KEY_PASSWORD, or CSC_NAME (an identity in the login
 *   keychain): signed with that Developer ID, hardened runtime and entitlements as configured.
 *   Notarised when one complete set is given: APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD +
 *   APPLE_TEAM_ID, or APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_KEYCHAIN +
 *   APPLE_KEYCHAIN_PROFILE. A half-given set is refused rather than shipping un-notarised.
 * - none of them: signed ad hoc ("-"). The fuses flipped in the packaged Electron invalidate its
 *   original signature, and an Apple silicon Mac refuses to start a binary without a valid one;
 *   ad hoc is enough to run it on the machine that built it (Gatekeeper still asks elsewhere).
 *   The hardened runtime is off then: it would refuse to load the ad-hoc signed frameworks.
 * @returns {{ config: object, notarise: boolean } | { problem: string }}
 */
export function macSigningPlan(env) {
  const has = (name) => Boolean(env[name]?.trim());
  const partial = NOTARY_SETS.find((set) => set.some(has) && !set.every(has));
  if (partial) return { problem: `notarisation needs ${partial.join(', ')} together; missing: ${partial.filter((n) => !has(n)).join(', ')}.` };
  const notarise = NOTARY_SETS.some((set) => set.every(has));
  if (has('CSC_LINK') || has('CSC_NAME')) return { config: {}, notarise };
  if (notarise) return { problem: 'notarisation needs a Developer ID to sign with: set CSC_LINK (and CSC_KEY_PASSWORD) or CSC_NAME.' };
  return { config: { mac: { identity: '-', hardenedRuntime: false } }, notarise: false };
}

/**
 * Where an installed copy looks for updates: CRM_UPDATE_URL at build time, a folder on a web
 * server holding what `npm run dist` made (the installers and the latest*.yml files beside them).
 * electron-builder writes it into the package (app-update.yml), which is what turns the app's
 * updater on. Without it the package never asks anyone for updates. Only https, so what is
 * installed cannot be swapped on the way (plain http is accepted for this computer, to try it).
 * @returns {{ config: object } | { problem: string }}
 */
export function updateFeedPlan(env) {
  const raw = env.CRM_UPDATE_URL?.trim();
  if (!raw) return { config: {} };
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `CRM_UPDATE_URL is not a URL: ${raw}` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { problem: 'CRM_UPDATE_URL must be an https address (plain http only for this computer).' };
  }
  if (url.username || url.password || url.search) {
    return { problem: 'CRM_UPDATE_URL must not carry a password or a query: every installed copy would hold it.' };
  }
  return { config: { publish: [{ provider: 'generic', url: url.toString() }] } };
}

/**
 * Where the installed app may send a crash report, and only after the person says yes:
 * CRM_CRASH_REPORT_URL at build time, written into the packaged package.json (crashReportUrl),
 * which the app reads (src-main/electron/crash-report.ts). Without it reports stay on the
 * person's computer. The same rules as the update address: https (plain http only for this
 * computer), no password or query, since every installed copy would hold it.
 * @returns {{ config: object } | { problem: string }}
 */
export function crashUploadPlan(env) {
  const raw = env.CRM_CRASH_REPORT_URL?.trim();
  if (!raw) return { config: {} };
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `CRM_CRASH_REPORT_URL is not a URL: ${raw}` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { problem: 'CRM_CRASH_REPORT_URL must be an https address (plain http only for this computer).' };
  }
  if (url.username || url.password || url.search) {
    return { problem: 'CRM_CRASH_REPORT_URL must not carry a password or a query: every installed copy would hold it.' };
  }
  return { config: { extraMetadata: { crashReportUrl: url.toString() } } };
}
