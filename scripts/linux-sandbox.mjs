// Ubuntu 24.04 and later restrict unprivileged user namespaces through AppArmor; Electron's
// Chromium then needs its chrome-sandbox helper to be setuid root, or it aborts at once with a
// SIGTRAP and no explanation. This finds that case before launching, so the person reads the fix.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @param {{ platform: string, restricted: boolean, sandbox: { uid: number, mode: number } | null, sandboxPath: string }} facts
 * @returns {string | null} the explanation and fix, or null when Electron can start
 */
export function sandboxBlocker(facts) {
  if (facts.platform !== 'linux' || !facts.restricted) return null;
  const setuidRoot = facts.sandbox !== null && facts.sandbox.uid === 0 && (facts.sandbox.mode & 0o4000) !== 0;
  if (setuidRoot) return null;
  return [
    'this Linux restricts unprivileged user namespaces (AppArmor, Ubuntu 24.04+), so Electron would abort on start.',
    'Fix it once by making the sandbox helper setuid root:',
    `  sudo chown root:root "${facts.sandboxPath}" && sudo chmod 4755 "${facts.sandboxPath}"`,
    '(installed packages do this themselves; or allow user namespaces: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0)',
  ].join('\n');
}

/** the facts above, read from this machine for the Electron binary at `electronPath` */
export function readSandboxFacts(electronPath, platform = process.platform) {
  const sandboxPath = join(electronPath, '..', 'chrome-sandbox');
  const flag = (path) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const restricted =
    flag('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1' || flag('/proc/sys/kernel/unprivileged_userns_clone') === '0';
  return { platform, restricted, sandbox: ownerAndMode(sandboxPath), sandboxPath };
}

function ownerAndMode(path) {
  try {
    const info = statSync(path);
    return { uid: info.uid, mode: info.mode };
  } catch {
    return null;
  }
}
