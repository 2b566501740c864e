// The shells the exported cURL must run in. zsh is optional here (CI installs it): a missing
// shell is reported, not silently passed.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Shell {
  name: string;
  path: string;
}

function which(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export const WANTED_SHELLS = ['bash', 'sh', 'zsh'] as const;

export function availableShells(): { shells: Shell[]; missing: string[] } {
  const shells: Shell[] = [];
  const missing: string[] = [];
  for (const name of WANTED_SHELLS) {
    const path = which(name);
    if (path) shells.push({ name, path });
    else missing.push(name);
  }
  return { shells, missing };
}

/** An empty HOME, so no ~/.bashrc, ~/.zshenv or ~/.curlrc of this machine changes the run. */
export const CLEAN_HOME = mkdtempSync(join(tmpdir(), 'crm-curl-home-'));
process.on('exit', () => rmSync(CLEAN_HOME, { recursive: true, force: true }));

export function shellEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: CLEAN_HOME, LANG: 'C.UTF-8', ...extra };
}

/**
 * Runs a command string with `<shell> -c`, asynchronously (the sandbox lives in this process),
 * with stdin closed: bash reads ~/.bashrc when stdin is a socket, as Node's default pipes are.
 */
export function runInShell(
  shell: Shell,
  command: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell.path, ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}
