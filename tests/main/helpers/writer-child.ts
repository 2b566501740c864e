// A writer child (tests/fixtures/*-child.ts, called with "<data dir> <label> <count>") started
// the way the multi-process tests start them: its output kept, so a test can wait for its
// "ready" and "done" lines and show its stderr when it fails.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface WriterChild {
  process: ChildProcessWithoutNullStreams;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

export function startWriterChild(script: string, dataDir: string, label: string, count: number): WriterChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, label, String(count)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { process: child, out: () => out, err: () => err, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}
