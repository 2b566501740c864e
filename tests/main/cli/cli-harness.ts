// Running `crm` in tests: in-process through runCli with fake streams, or as a real child
// process through the real bin (node bin/crm.mjs, which runs the build in out/cli: `npm run
// build` comes first).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { runCli } from '../../../src-main/cli/main';
import type { CliStdin } from '../../../src-main/cli/io';
import type { TerminalLook } from '../../../src-main/cli/terminal';

export const BIN = fileURLToPath(new URL('../../../bin/crm.mjs', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** every output a test saw, for the final "no key value anywhere" scan */
export const transcript: CliRun[] = [];

class Sink {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** piped stdin (ends after this text); omitted: an empty, ended stdin */
  input?: string;
  /** a fake terminal: stdin stays open, `typed` is written to it chunk by chunk */
  tty?: { typed: string[]; raw?: boolean };
  /** colour and progress on stderr, as the launcher decides them for a terminal */
  look?: TerminalLook;
  /** stdout is a terminal (the launcher's process.stdout.isTTY) */
  stdoutTty?: boolean;
}

export interface FakeTty {
  stdin: CliStdin;
  rawModes: boolean[];
}

function fakeTty(typed: string[], raw: boolean): FakeTty {
  const stream = new PassThrough() as unknown as CliStdin;
  const rawModes: boolean[] = [];
  stream.isTTY = true;
  if (raw) {
    stream.setRawMode = (mode: boolean) => {
      rawModes.push(mode);
      return stream;
    };
  }
  // typed once the command listens (as a person would, after the prompt)
  let i = 0;
  const feed = (): void => {
    if (i < typed.length) {
      (stream as unknown as PassThrough).write(typed[i]);
      i += 1;
      setImmediate(feed);
    }
  };
  stream.once('resume', () => setImmediate(feed));
  return { stdin: stream, rawModes };
}

/** runCli in this process */
export async function runInProcess(argv: string[], options: RunOptions = {}): Promise<CliRun & { rawModes: boolean[] }> {
  const stdout = new Sink();
  const stderr = new Sink();
  let stdin: CliStdin;
  let rawModes: boolean[] = [];
  if (options.tty) {
    const tty = fakeTty(options.tty.typed, options.tty.raw !== false);
    stdin = tty.stdin;
    rawModes = tty.rawModes;
  } else {
    const piped = new PassThrough();
    piped.end(options.input ?? '');
    stdin = piped;
  }
  const code = await runCli(argv, {
    stdout,
    stderr,
    stdin,
    env: options.env ?? {},
    isTTY: options.tty !== undefined,
    stdoutIsTTY: options.stdoutTty === true,
    ...(options.look ? { look: options.look } : {}),
  });
  const run = { code, stdout: stdout.text, stderr: stderr.text };
  transcript.push(run);
  return { ...run, rawModes };
}

/** a minimal environment (PATH, HOME, the test's D-Bus session) plus `extra` */
function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    XDG_DATA_HOME: process.env.XDG_DATA_HOME,
    ...extra,
  };
  return Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * the real executable (or `bin`, a copy of it placed elsewhere), as a child process; after
 * `timeoutMs` it is killed (its code is then -1), so a command that never ends cannot outlive the test
 */
export function spawnCli(
  argv: string[],
  options: { env?: Record<string, string | undefined>; input?: string; bin?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...argv], {
      cwd: options.cwd ?? REPO_ROOT,
      env: childEnv(options.env ?? {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const run = { code: code ?? -1, stdout, stderr };
      transcript.push(run);
      resolve(run);
    });
    child.stdin.end(options.input ?? '');
  });
}

/** a real `crm ... --follow` left running: what it printed so far, and a Ctrl+C that waits for its exit status */
export interface FollowingCli {
  out(): string;
  err(): string;
  interrupt(): Promise<number | null>;
}

export function followCli(argv: string[], env: Record<string, string>): FollowingCli {
  const child = spawn(process.execPath, [BIN, ...argv], { cwd: REPO_ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    out: () => stdout,
    err: () => stderr,
    interrupt: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** stderr without blank lines, as lines */
export function stderrLines(run: CliRun): string[] {
  return run.stderr.split('\n').filter((l) => l.trim() !== '');
}

/**
 * A test's clean-up: the keychain entries of every key the data folder lists, deleted (by default
 * the key's own entry; `accountsOf` names others too). What cannot be listed any more (a folder
 * already gone, a command that fails) is left as it is.
 */
export async function forgetListedKeys(
  list: () => Promise<{ stdout: string }>,
  store: { delete(account: string): Promise<unknown> },
  accountsOf: (id: string) => string[] = (id) => [`key:${id}`],
): Promise<void> {
  const keys = await list()
    .then((run) => (JSON.parse(run.stdout) as { keys?: { id: string }[] }).keys ?? [])
    .catch(() => []);
  for (const key of keys) for (const account of accountsOf(key.id)) await store.delete(account).catch(() => false);
}
