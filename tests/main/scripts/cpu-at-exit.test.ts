// The start-up bench's CPU reporter (scripts/cpu-at-exit.cjs): loaded with --require into a timed
// process, it writes that process's CPU time to the pipe CPU_AT_EXIT_FD names as it exits, and a
// process started without it runs and exits as it would without the reporter.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';

// a path, not a package name: --require resolves a bare name from node_modules
const REPORTER = resolve('scripts/cpu-at-exit.cjs');

function reported(args: string[]): Promise<{ code: number | null; cpu: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--require', REPORTER, ...args], {
      env: { ...process.env, CPU_AT_EXIT_FD: '3' },
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let cpu = '';
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (d: string) => (cpu += d));
    child.once('error', fail);
    child.once('close', (code) => done({ code, cpu }));
  });
}

describe('cpu-at-exit', () => {
  it('reports the CPU milliseconds the process used, more for more work', async () => {
    const idle = await reported(['-e', '0']);
    const busy = await reported(['-e', 'const end = process.cpuUsage().user + 200000; while (process.cpuUsage().user < end);']);
    expect(idle.code).toBe(0);
    expect(busy.code).toBe(0);
    expect(Number(idle.cpu)).toBeGreaterThan(0);
    // the busy process spun 200 ms of user time before it exited
    expect(Number(busy.cpu)).toBeGreaterThanOrEqual(200);
  });

  it('reports when the process ends with process.exit and keeps its exit code', async () => {
    const run = await reported(['-e', 'process.exit(3)']);
    expect(run.code).toBe(3);
    expect(Number(run.cpu)).toBeGreaterThan(0);
  });

  it('changes nothing for a process started without CPU_AT_EXIT_FD', () => {
    const env = { ...process.env };
    delete env.CPU_AT_EXIT_FD;
    const run = spawnSync(process.execPath, ['--require', REPORTER, '-e', 'console.log("ran")'], { encoding: 'utf8', env });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('ran\n');
    expect(run.stderr).toBe('');
  });
});
