// Before the window opens (npm start, on Linux): does a Secret Service (the OS keychain) answer
// on D-Bus? The keychain module asked with no one answering waits for its own 15 s timeout at
// each use, so the start looked stuck and then failed vaguely. Here the same module is asked
// once, in a child process bounded to 2 s, and the start stops at once with what is wrong and
// the one command that fixes it. No dependency beyond keytar, which the app needs anyway.
import { spawn } from 'node:child_process';
import { onPath } from './system-packages.mjs';

export const PROBE_TIMEOUT_MS = 2000;

/** a lookup of an account nobody has: it needs the service to answer, and changes nothing */
const PROBE =
  "require('keytar').getPassword('crm-console-probe','probe').then(()=>process.stdout.write('answered'),(e)=>process.stdout.write('failed: '+(e&&e.message)))";

/**
 * Asks the keychain once. Resolves { outcome: 'answered' } | { outcome: 'failed', detail } |
 * { outcome: 'silent' } (no answer within the bound; the child is stopped) | { outcome: 'unknown' }
 * (the probe itself could not run: keytar missing; the app reports that on its own).
 */
export function probeSecretService({
  root,
  env = process.env,
  command = [process.execPath, '-e', PROBE],
  timeoutMs = PROBE_TIMEOUT_MS,
} = {}) {
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done({ outcome: 'silent' });
    }, timeoutMs);
    child.stdout.on('data', (chunk) => (out += chunk.toString()));
    child.on('error', () => done({ outcome: 'unknown' }));
    child.on('close', () => {
      if (out === 'answered') done({ outcome: 'answered' });
      else if (out.startsWith('failed: ')) done({ outcome: 'failed', detail: out.slice('failed: '.length) });
      else done({ outcome: 'unknown' });
    });
  });
}

/**
 * What the start says for a probe's result, or null when the keychain answered (or the probe
 * could not tell). `facts`: { platform, hasKeyring (gnome-keyring-daemon on PATH), apt }.
 */
export function secretServiceProblem(result, facts) {
  if (facts.platform !== 'linux') return null;
  const install = facts.apt
    ? 'sudo apt-get install -y gnome-keyring'
    : 'install gnome-keyring (or another Secret Service) with your package manager';
  if (result.outcome === 'silent') {
    return {
      reason:
        `no Secret Service (the OS keychain) answered on D-Bus within ${PROBE_TIMEOUT_MS / 1000} s: one is registered but ` +
        `does not reply (it may be waiting for an unlock prompt nobody can see)`,
      fix: `bash -c 'read -rsp "keyring password: " pw; echo; printf %s "$pw" | gnome-keyring-daemon --replace --unlock --components=secrets >/dev/null'`,
      rerun: true,
    };
  }
  if (result.outcome !== 'failed') return null;
  const detail = result.detail;
  if (/autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|connect to the session bus|Could not connect/i.test(detail)) {
    return {
      reason:
        'there is no D-Bus session bus, through which the OS keychain (a Secret Service) is reached (a login without a desktop, e.g. over ssh)',
      // the session lasts as long as the command in it: the app is started inside it
      fix: facts.hasKeyring
        ? `dbus-run-session -- bash -c 'read -rsp "keyring password: " pw; echo; printf %s "$pw" | gnome-keyring-daemon --unlock ` +
          `--components=secrets >/dev/null; npm start'`
        : install,
      rerun: !facts.hasKeyring,
    };
  }
  if (/not provided by any \.service files|ServiceUnknown|NameHasNoOwner|was not provided/i.test(detail)) {
    return {
      reason: facts.hasKeyring
        ? 'no Secret Service (the OS keychain) is running on this D-Bus session, and the session does not start one by itself'
        : 'no Secret Service (the OS keychain) is running on this D-Bus session, and none is installed',
      fix: facts.hasKeyring ? 'gnome-keyring-daemon --start --components=secrets' : install,
      rerun: true,
    };
  }
  // it answered, with an error of its own (a locked collection...): the app says that itself
  return null;
}

/** the lines the start prints for a problem: what is wrong, then the one command that fixes it */
export function problemLines(problem) {
  const keys = 'The app keeps API keys only in the OS keychain, never in a file.';
  return [
    `${problem.reason}.`,
    `Fix: ${problem.fix}`,
    problem.rerun ? `Then run npm start again. ${keys}` : `It starts the app once the keyring is unlocked. ${keys}`,
  ];
}

/**
 * The whole check for a start: on Linux, the probe and what it means; null when the start may
 * go on (elsewhere the keychain is built into the OS).
 */
export async function secretServiceCheck({ root, env = process.env, platform = process.platform } = {}) {
  if (platform !== 'linux') return null;
  const result = await probeSecretService({ root, env });
  const problem = secretServiceProblem(result, { platform, hasKeyring: onPath('gnome-keyring-daemon', env), apt: onPath('apt-get', env) });
  return problem === null ? null : problemLines(problem);
}
