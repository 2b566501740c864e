// Runs the outbox child (tests/fixtures/outbox-child.ts) for the crash tests: a process that
// queues or syncs on a data folder, optionally started ahead of time and waiting, loaded, for go().
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const CHILD = fileURLToPath(new URL('../../../fixtures/outbox-child.ts', import.meta.url));

export interface ChildRun {
  started: boolean;
  done: string | null;
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
  /** the messages this process recorded as sent ("sent <key>"), with when the line arrived */
  sent: { key: string; at: number }[];
}

/** spawns a child; with `wait` it loads, says "ready" and opens the outbox on go() */
export function runChild(mode: 'enqueue' | 'sync', work: string, baseUrl: string, wait = false) {
  const args = ['--import', 'tsx', CHILD, mode, work, baseUrl, ...(wait ? ['--wait'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const run: ChildRun = { started: false, done: null, signal: null, code: null, stderr: '', sent: [] };
  let onStarted: () => void = () => undefined;
  let onReady: () => void = () => undefined;
  const started = new Promise<void>((r) => (onStarted = r));
  const ready = new Promise<void>((r) => (onReady = r));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const line of out.split('\n').slice(0, -1)) {
      if (line === 'ready') onReady();
      else if (line === 'started') {
        run.started = true;
        onStarted();
      } else if (line.startsWith('sent ')) run.sent.push({ key: line.slice(5), at: Date.now() });
      else if (line.startsWith('done ')) run.done = line.slice(5);
    }
    out = out.slice(out.lastIndexOf('\n') + 1);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    run.stderr += chunk.toString();
  });
  child.stdin.on('error', () => undefined);
  const exited = new Promise<ChildRun>((resolveExit) => {
    child.on('exit', (code, signal) => {
      run.code = code;
      run.signal = signal;
      onStarted();
      onReady();
      resolveExit(run);
    });
  });
  const go = (): void => {
    child.stdin.write('go\n');
  };
  return { child, run, ready, started, exited, go };
}

/**
 * The end of a crash run: the spare processes (loaded, never told to go) are killed, then one
 * more process syncs to the end, within a minute, and must say every operation was sent.
 */
export async function syncToTheEnd(spares: ReturnType<typeof runChild>[], work: string, baseUrl: string, total: number): Promise<ChildRun> {
  for (const spare of spares) {
    spare.child.kill('SIGKILL');
    await spare.exited;
  }
  const last = runChild('sync', work, baseUrl);
  const final = await Promise.race([last.exited, new Promise<null>((r) => setTimeout(() => r(null), 60_000))]);
  if (final === null) last.child.kill('SIGKILL');
  expect(final?.code, last.run.stderr).toBe(0);
  expect(JSON.parse(final!.done!)).toMatchObject({ sent: total, failed: 0 });
  return last.run;
}
