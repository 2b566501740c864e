// System packages for `npm start` and `npm test`: tells which are there, asks at a terminal, and
// installs with apt-get (what to do is systemPlan in bootstrap-plan.mjs). No dependency:
// node_modules may not exist yet.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline/promises';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** a program on PATH, looked up without starting a shell */
export const onPath = (name, env = process.env) => (env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, name)));

/** whether one package's probe (see PACKAGES in bootstrap-plan.mjs) finds it */
export function isPresent(probe, env = process.env) {
  if (probe.command) return onPath(probe.command, env);
  if (probe.executable) return executable(probe.executable);
  if (probe.pkgConfig) return onPath('pkg-config', env) && spawnSync('pkg-config', ['--exists', probe.pkgConfig], { env }).status === 0;
  return false;
}

/** the facts systemPlan decides from, besides the missing packages */
export function systemFacts(env = process.env) {
  return {
    apt: onPath('apt-get', env) && onPath('dpkg', env),
    root: process.getuid?.() === 0,
    sudo: onPath('sudo', env),
    // a person who can answer: CI has no standard input, and a pipe is nobody to ask
    terminal: Boolean(process.stdin.isTTY && process.stdout.isTTY) && !env.CI,
  };
}

export async function ask(question) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * apt-get update, then install `names`, its progress on this terminal. The update comes first
 * because a fresh Debian machine has no package lists yet. Returns true when both succeeded.
 */
export function aptInstall(names, root) {
  const sudo = root ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(command, rest, { stdio: 'inherit', env }).status === 0;
  };
  return run(['update', '-qq']) && run(['install', '-y', '-q', '--no-install-recommends', ...names]);
}
