// What `npm start` and `npm test` set up before they run, decided without side effects from facts
// that scripts/bootstrap.mjs gathers (tests/main/scripts/bootstrap-plan.test.ts): whether
// node_modules must be installed again, which system packages each command needs, and whether
// missing ones are installed, asked about, or named for the person to install.
// Plain JavaScript with no dependency: it runs before node_modules exists.

/** about how long `npm ci` takes here: keytar compiles from source (the SQLite module arrives prebuilt) */
const NPM_CI_TIME = 'about a minute';

/** a package-lock.json entry compared by value, whatever order its keys were written in */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The first package whose installed copy is not the one package-lock.json asks for, or null.
 * npm writes node_modules/.package-lock.json after every install: the same entries as
 * package-lock.json, less the project itself ("") and the optional packages this OS skipped
 * (other platforms' esbuild builds). Contents, not dates: a checkout or a pull that leaves the
 * lockfile as it was gives it a new date, and two minutes of compiling for that would be waste.
 */
export function lockDifference(lockPackages, installedPackages) {
  for (const [key, entry] of Object.entries(installedPackages)) {
    if (!(key in lockPackages) || canonical(entry) !== canonical(lockPackages[key])) return key;
  }
  for (const [key, entry] of Object.entries(lockPackages)) {
    if (key !== '' && !(key in installedPackages) && !entry.optional) return key;
  }
  return null;
}

/**
 * Whether node_modules must be installed with `npm ci`, and the one line that says why.
 * @param {{ exists: boolean, linkTarget: string | null, lock: any, installed: any }} facts
 *   lock: package-lock.json parsed (null when absent or unreadable); installed: the same for
 *   node_modules/.package-lock.json
 * @returns {{ run: false } | { run: true, message: string } | { problem: string }}
 */
export function nodeModulesPlan({ exists, linkTarget, lock, installed }) {
  let reason = null;
  if (!exists) reason = 'node_modules is missing';
  else if (!installed?.packages) reason = 'node_modules is incomplete (no install finished in it)';
  else if (lock?.packages) {
    const stale = lockDifference(lock.packages, installed.packages);
    if (stale) reason = `node_modules is older than package-lock.json (${stale.replace(/^node_modules\//, '')} differs)`;
  }
  if (!reason) return { run: false };
  // npm ci empties node_modules first: through a link that would empty a folder that other
  // checkouts use, maybe while they run.
  if (linkTarget) return { problem: `${reason}, and it is a link to ${linkTarget}: run npm ci there, then try again.` };
  return { run: true, message: `${reason}: running npm ci (${NPM_CI_TIME})...` };
}

/**
 * The system packages by their Debian/Ubuntu names, each with how to tell it is there (a
 * program on PATH, a file that must be executable, a pkg-config module) and why it is needed.
 */
const PACKAGES = {
  python3: { probe: { command: 'python3' }, why: 'npm ci builds the native modules with node-gyp' },
  make: { probe: { command: 'make' }, why: 'npm ci builds the native modules with node-gyp' },
  'g++': { probe: { command: 'g++' }, why: 'npm ci compiles keytar' },
  'pkg-config': { probe: { command: 'pkg-config' }, why: 'keytar finds libsecret with it when it compiles' },
  'libsecret-1-dev': { probe: { pkgConfig: 'libsecret-1' }, why: 'keytar, the keychain module, is compiled against it' },
  curl: { probe: { command: 'curl' }, why: 'the cURL export tests run the exported commands' },
  zsh: { probe: { command: 'zsh' }, why: 'the exported cURL commands are run in bash, sh and zsh' },
  chromium: { probe: { executable: '/usr/bin/chromium' }, why: 'the end-to-end tests drive it; set CHROMIUM_PATH to use another browser' },
  xvfb: { probe: { command: 'Xvfb' }, why: 'the Chromium host test opens a real window on a private X server' },
  xauth: { probe: { command: 'xauth' }, why: 'the private X server is reached with it' },
  xdotool: { probe: { command: 'xdotool' }, why: 'the Chromium host test types into that window' },
  dbus: { probe: { command: 'dbus-run-session' }, why: 'the tests start a private D-Bus session for the keychain' },
  'dbus-x11': { probe: { command: 'dbus-launch' }, why: 'dbus-launch: a session bus for programs started outside the private one' },
  'gnome-keyring': { probe: { command: 'gnome-keyring-daemon' }, why: 'the keychain tests use a real Secret Service' },
};

/** what `npm ci` needs to build the one native module it compiles (keytar) on Linux */
const BUILD = ['python3', 'make', 'g++', 'pkg-config', 'libsecret-1-dev'];
/** what the test suite runs besides Node */
const TEST = ['curl', 'zsh', 'chromium', 'xvfb', 'xauth', 'xdotool', 'dbus', 'dbus-x11', 'gnome-keyring'];

/**
 * The system packages a command needs here. Only Linux: on macOS and Windows the build tools
 * come from Xcode / Visual Studio and the keychain is built in (README, Setup), nothing this can
 * install. The build tools only when npm ci is about to run: once keytar is built they are no
 * longer used. `npm start` needs nothing more: Electron comes from npm, and where it cannot run
 * start.mjs names the browser it would open the app in instead.
 * @returns {{ name: string, probe: object, why: string, installable: boolean }[]}
 */
export function neededPackages({ command, platform, npmCi, env }) {
  if (platform !== 'linux') return [];
  const names = [...(npmCi ? BUILD : []), ...(command === 'test' ? TEST : [])];
  return names.map((name) => {
    // another browser named by CHROMIUM_PATH is the person's to install, not apt-get's
    if (name === 'chromium' && env.CHROMIUM_PATH) {
      return {
        name,
        probe: { executable: env.CHROMIUM_PATH },
        why: `the end-to-end tests drive CHROMIUM_PATH, ${env.CHROMIUM_PATH}`,
        installable: false,
      };
    }
    return { name, ...PACKAGES[name], installable: true };
  });
}

/** the one command that installs `names` (sudo unless this already is root) */
export function aptCommand(names, root) {
  return `${root ? '' : 'sudo '}apt-get install -y --no-install-recommends ${names.join(' ')}`;
}

/**
 * What to do about missing system packages:
 * - none missing: nothing;
 * - no apt-get (not Debian/Ubuntu): name them and stop;
 * - root without a terminal (CI, a fresh machine's first run): install them;
 * - at a terminal, as root or with sudo: ask, and install only after an explicit yes;
 * - otherwise: print the one command that installs them and stop.
 * @param {{ missing: {name: string, why: string, installable: boolean}[], apt: boolean, root: boolean, sudo: boolean, terminal: boolean }} facts
 * @returns {{ action: 'none' } | { action: 'install', names: string[] }
 *   | { action: 'ask', names: string[], question: string, lines: string[] } | { action: 'stop', lines: string[] }}
 */
export function systemPlan({ missing, apt, root, sudo, terminal }) {
  if (missing.length === 0) return { action: 'none' };
  const names = missing.map((p) => p.name);
  const lines = ['missing system packages:', ...missing.map((p) => `  - ${p.name} (${p.why})`)];
  if (!apt || missing.some((p) => !p.installable)) {
    return { action: 'stop', lines: [...lines, "install them with your system's package manager (README, Setup), then run this again."] };
  }
  const command = aptCommand(names, root);
  if (root && !terminal) return { action: 'install', names };
  if (terminal && (root || sudo)) return { action: 'ask', names, lines, question: `run "${command}" now? [y/N] ` };
  return { action: 'stop', lines: [...lines, `install them with: ${command}`, 'then run this again.'] };
}

/** only an explicit yes installs anything */
export const isYes = (answer) => /^\s*y(es)?\s*$/i.test(answer ?? '');

/** the lines that stop the run after a terminal prompt was answered with anything but yes */
export function declinedLines(names, root) {
  return [`nothing installed. Install them with: ${aptCommand(names, root)}`, 'then run this again.'];
}
