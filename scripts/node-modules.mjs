// node_modules for `npm start` and `npm test`: looks at what is installed and, when it is missing
// or not what package-lock.json asks for, runs `npm ci` with its progress on this terminal (the
// decision is nodeModulesPlan in bootstrap-plan.mjs). No dependency: node_modules may not exist.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { nodeModulesPlan } from './bootstrap-plan.mjs';

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** the facts nodeModulesPlan decides from, read from the project folder `root` */
export function readNodeModulesFacts(root) {
  const dir = join(root, 'node_modules');
  const exists = existsSync(dir);
  return {
    exists,
    linkTarget: exists && lstatSync(dir).isSymbolicLink() ? realpathSync(dir) : null,
    lock: readJson(join(root, 'package-lock.json')),
    installed: readJson(join(dir, '.package-lock.json')),
  };
}

/**
 * How to start npm: under `npm start`/`npm test` npm names its own entry point (npm_execpath),
 * run with this Node, since Windows cannot spawn npm.cmd without a shell. npx sets the same
 * variable to npx-cli.js, which must not be used here.
 */
export function npmInvocation(env = process.env) {
  const cli = env.npm_execpath;
  if (cli && basename(cli) === 'npm-cli.js') return { command: process.execPath, prefix: [cli], shell: false };
  return { command: 'npm', prefix: [], shell: process.platform === 'win32' };
}

/** `npm ci` in `root`, its output on this terminal; resolves to its exit code */
function npmCi(root, env) {
  const npm = npmInvocation(env);
  return new Promise((resolve) => {
    const child = spawn(npm.command, [...npm.prefix, 'ci', '--no-audit', '--no-fund'], {
      cwd: root,
      env,
      stdio: 'inherit',
      shell: npm.shell,
    });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Installs node_modules in `root` when it is missing or stale; silent when it is up to date.
 * @returns {Promise<{ ran: boolean, ok: boolean }>}
 */
export async function ensureNodeModules(root, { say = (line) => console.log(line), env = process.env } = {}) {
  const plan = nodeModulesPlan(readNodeModulesFacts(root));
  if ('problem' in plan) {
    say(plan.problem);
    return { ran: false, ok: false };
  }
  if (!plan.run) return { ran: false, ok: true };
  say(plan.message);
  const code = await npmCi(root, env);
  if (code !== 0) say(`npm ci failed (exit ${code}); its output above says why.`);
  return { ran: true, ok: code === 0 };
}
