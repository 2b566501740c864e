// Start-up of the `crm` command, end to end (spawn to exit, as a shell script pays it): the
// shipped launcher running the build (bin/crm.mjs -> out/cli/crm.cjs) against the baseline of
// running the TypeScript sources through tsx (scripts/crm-from-source.mjs, how `crm` used to
// start). Timed: `crm contacts --json` against a sandbox in env-var mode (CRM_API_KEY +
// CRM_BASE_URL: no keychain), and `crm --help`. Runs alternate source/built (and which goes
// first) after a warm-up, so drift on the machine hits both alike; tsx's transform cache is warm,
// as it is for anyone who ran `crm` before. Inside a keyring session (npm run bench) also
// `crm contacts --json` in profile mode: a saved profile in the shared crm.db and its key in the
// session's private keychain, as a person who added a key with `crm keys add` runs it.
// Goal: a network command (`crm contacts --json`, built) at p50 150 ms or less, spawn to exit,
// printed beside `crm --help` (the same start without a session) and the load of the machine.
// The built runs start from V8's code cache (bin/code-cache.mjs): the warm-up runs write it.
// The sandbox runs in its own process: the timed commands are children of this one, and a server
// living here would only compete with them for this process's attention.
// Each timed process also reports the CPU time it used (scripts/cpu-at-exit.cjs, loaded with
// --require into every variant and into the bare node alike): on a shared machine the wall clock
// moves with the other work, the CPU a start pays much less.
// Run: npm run -s build && npx tsx scripts/bench-cli-startup.ts [--runs 20]
//      (runCliStartupBench() for `npm run bench`)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LAUNCHER = join(ROOT, 'bin', 'crm.mjs');
const BUILT = join(ROOT, 'out', 'cli', 'crm.cjs');
const FROM_SOURCE = join(ROOT, 'scripts', 'crm-from-source.mjs');
const SANDBOX_CLI = join(ROOT, 'src-main', 'sandbox', 'cli.ts');
const CPU_AT_EXIT = join(ROOT, 'scripts', 'cpu-at-exit.cjs');

export interface StartupFigures {
  /** spawn to exit, wall clock */
  p50: number;
  p95: number;
  /** CPU time of the process (user + system, all its threads), median */
  cpuP50: number;
}

/** one timed start */
interface StartSample {
  wallMs: number;
  cpuMs: number;
}

export interface StartupComparison {
  source: StartupFigures;
  built: StartupFigures;
  /** built / source: below 1 means the built command starts faster */
  p50Ratio: number;
  p95Ratio: number;
}

export interface CliStartupResult {
  runs: number;
  warmup: number;
  contacts: StartupComparison;
  /** null outside a keyring session (no D-Bus session bus to reach a Secret Service) */
  profileContacts: StartupComparison | null;
  help: StartupComparison;
  /** the machine's load average (1, 5, 15 minutes) when the runs ended */
  load: number[];
  /** `node -e 0`, spawn to exit: the floor every command stands on, on this machine now */
  bareNode: StartupFigures;
}

/** spawn to exit of a built network command at the median, in ms */
export const NETWORK_COMMAND_GOAL_MS = 150;

export interface CliStartupOptions {
  /** timed runs per variant and command, default 20 */
  runs?: number;
  /** untimed runs per variant and command first, default 2 */
  warmup?: number;
}

type Variant = 'source' | 'built';

const SCRIPT: Record<Variant, string> = { source: FROM_SOURCE, built: LAUNCHER };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(samples: StartSample[]): StartupFigures {
  const sorted = samples.map((s) => s.wallMs).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.cpuMs).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), cpuP50: percentile(cpu, 50) };
}

function compare(samples: Record<Variant, StartSample[]>): StartupComparison {
  const source = figures(samples.source);
  const built = figures(samples.built);
  return { source, built, p50Ratio: built.p50 / source.p50, p95Ratio: built.p95 / source.p95 };
}

interface SandboxProcess {
  baseUrl: string;
  adminKey: string;
  stop(): Promise<void>;
}

/** the sandbox as `npm run sandbox` runs it, in a child process; resolves once it listens */
async function startSandboxProcess(): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SANDBOX_CLI, '--port', '0', '--json', '--contacts', '200', '--rate', '1000000', '--burst', '1000000'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // its request log goes to stderr: drained, the tail kept to explain a failed start
  let logTail = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (logTail = (logTail + d).slice(-2000)));
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((done, fail) => {
    lines.once('line', done);
    child.once('close', (code) => fail(new Error(`the sandbox exited (${code}) before it listened: ${logTail.trim()}`)));
  });
  const { baseUrl, adminKey } = JSON.parse(first) as { baseUrl: string; adminKey: string };
  return {
    baseUrl,
    adminKey,
    async stop() {
      lines.close();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface TimedExit {
  code: number | null;
  stdout: string;
  stderr: string;
  sample: StartSample;
}

/** node with `args` from spawn to exit, with the CPU time the process reported (cpu-at-exit.cjs) */
function timeNode(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<TimedExit> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', CPU_AT_EXIT, ...args], {
      ...options,
      env: { ...(options.env ?? process.env), CPU_AT_EXIT_FD: '3' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let cpu = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (d: string) => (cpu += d));
    child.once('error', fail);
    child.once('close', (code) => {
      const wallMs = performance.now() - started;
      const cpuMs = Number(cpu);
      if (cpu === '' || !Number.isFinite(cpuMs)) fail(new Error(`node ${args.join(' ')} did not report its CPU time (exit ${code})`));
      else done({ code, stdout, stderr, sample: { wallMs, cpuMs } });
    });
  });
}

/** one `crm` from spawn to exit; throws unless it exits 0 and `check` accepts its stdout */
async function timeOne(variant: Variant, argv: string[], env: NodeJS.ProcessEnv, check: (stdout: string) => boolean): Promise<StartSample> {
  const { code, stdout, stderr, sample } = await timeNode([SCRIPT[variant], ...argv], { cwd: ROOT, env });
  if (code === 0 && check(stdout)) return sample;
  throw new Error(`crm ${argv.join(' ')} (${variant}) exited ${code}: ${stderr.trim() || stdout.slice(0, 200)}`);
}

/** `node -e 0` from spawn to exit, in the commands' own environment (NODE_EXTRA_CA_CERTS alone costs 40 ms of CPU) */
async function timeBareNode(env: NodeJS.ProcessEnv): Promise<StartSample> {
  return (await timeNode(['-e', '0'], { env })).sample;
}

async function alternate(runs: number, warmup: number, one: (variant: Variant) => Promise<StartSample>): Promise<StartupComparison> {
  const samples: Record<Variant, StartSample[]> = { source: [], built: [] };
  for (let i = 0; i < warmup + runs; i += 1) {
    const order: Variant[] = i % 2 === 0 ? ['source', 'built'] : ['built', 'source'];
    for (const variant of order) {
      const sample = await one(variant);
      if (i >= warmup) samples[variant].push(sample);
    }
  }
  return compare(samples);
}

/** runs one `crm` (built) to set up state; throws unless it exits 0 */
function runOnce(argv: string[], env: NodeJS.ProcessEnv, input = ''): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [LAUNCHER, ...argv], { cwd: ROOT, env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', fail);
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`crm ${argv.join(' ')} exited ${code}: ${stderr.trim()}`))));
    child.stdin.end(input);
  });
}

/**
 * A data dir with one profile for the sandbox and its admin key in the keychain, as `crm keys
 * add` leaves them. The keychain is the keyring session's own, gone when the session ends.
 */
async function profileModeEnv(sandbox: SandboxProcess, dataDir: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    CRM_DATA_DIR: dataDir,
    CRM_KEYCHAIN_SERVICE: `crm-bench-cli-${process.pid}`,
  };
  await runOnce(['profiles', 'add', '--name', 'bench', '--url', sandbox.baseUrl], env);
  await runOnce(['keys', 'add', '--name', 'bench-admin'], env, `${sandbox.adminKey}\n`);
  return env;
}

function isContactPage(stdout: string): boolean {
  try {
    return Array.isArray((JSON.parse(stdout) as { items?: unknown }).items);
  } catch {
    return false;
  }
}

export async function runCliStartupBench(options: CliStartupOptions = {}): Promise<CliStartupResult> {
  const runs = options.runs ?? 20;
  const warmup = options.warmup ?? 2;
  if (!existsSync(BUILT)) throw new Error('out/cli/crm.cjs is missing: run `npm run build` first');
  const dataDir = await mkdtemp(join(tmpdir(), 'crm-bench-cli-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'crm-bench-cli-profile-'));
  const sandbox = await startSandboxProcess();
  try {
    // Only what `crm` needs: no NODE_OPTIONS (an inherited `--import tsx` would load tsx into the
    // built runs too) and no D-Bus address, so a keychain call would fail instead of passing unseen.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CRM_DATA_DIR: dataDir,
      CRM_API_KEY: sandbox.adminKey,
      CRM_BASE_URL: sandbox.baseUrl,
      CRM_KEYCHAIN_SERVICE: 'crm-bench-cli-unused',
    };
    const contacts = await alternate(runs, warmup, (variant) => timeOne(variant, ['contacts', '--json'], env, isContactPage));
    let profileContacts: StartupComparison | null = null;
    if (process.env.DBUS_SESSION_BUS_ADDRESS) {
      const profileEnv = await profileModeEnv(sandbox, profileDir);
      profileContacts = await alternate(runs, warmup, (variant) => timeOne(variant, ['contacts', '--json'], profileEnv, isContactPage));
    }
    const help = await alternate(runs, warmup, (variant) => timeOne(variant, ['--help'], env, (stdout) => stdout.includes('Usage: crm')));
    const bareNode: StartSample[] = [];
    for (let i = 0; i < runs; i += 1) bareNode.push(await timeBareNode(env));
    return { runs, warmup, contacts, profileContacts, help, load: loadavg(), bareNode: figures(bareNode) };
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  }
}

export function formatCliStartupBench(r: CliStartupResult): string {
  const ms = (v: number): string => `${v.toFixed(0)} ms`.padStart(9);
  const row = (name: string, c: StartupComparison): string[] => [
    `  ${name.padEnd(22)}${'source (tsx)'.padEnd(14)}p50 ${ms(c.source.p50)}  p95 ${ms(c.source.p95)}  CPU p50 ${ms(c.source.cpuP50)}`,
    `  ${''.padEnd(22)}${'built'.padEnd(14)}p50 ${ms(c.built.p50)}  p95 ${ms(c.built.p95)}  CPU p50 ${ms(c.built.cpuP50)}`,
    `  ${''.padEnd(22)}built/source  p50 ${c.p50Ratio.toFixed(2).padStart(9)}  p95 ${c.p95Ratio.toFixed(2).padStart(9)}  ` +
      `CPU p50 ${(c.built.cpuP50 / c.source.cpuP50).toFixed(2).padStart(9)}`,
  ];
  const goal = (name: string, c: StartupComparison): string =>
    `  goal: ${name} built p50 ${c.built.p50.toFixed(0)} ms <= ${NETWORK_COMMAND_GOAL_MS} ms ` +
    `(crm --help p50 ${r.help.built.p50.toFixed(0)} ms, ${(c.built.p50 / r.help.built.p50).toFixed(1)}x; ` +
    `CPU ${c.built.cpuP50.toFixed(0)} ms against crm --help ${r.help.built.cpuP50.toFixed(0)} ms ` +
    `and node -e 0 ${r.bareNode.cpuP50.toFixed(0)} ms): ` +
    `${c.built.p50 <= NETWORK_COMMAND_GOAL_MS ? 'met' : 'NOT met'}`;
  return [
    `crm start-up, spawn to exit, ${r.runs} runs per variant after ${r.warmup} warm-up runs, alternating (node ${process.version})`,
    `  load average ${r.load.map((l) => l.toFixed(2)).join(' ')} on this machine after measuring; ` +
      `node -e 0 p50 ${r.bareNode.p50.toFixed(0)} ms, CPU p50 ${r.bareNode.cpuP50.toFixed(0)} ms`,
    ...row('crm contacts --json', r.contacts),
    ...(r.profileContacts
      ? row('  profile + keychain', r.profileContacts)
      : ['  profile + keychain    skipped: no D-Bus session (run inside tests/harness/with-keyring.sh, as npm run bench does)']),
    ...row('crm --help', r.help),
    goal('crm contacts --json (CRM_API_KEY)', r.contacts),
    ...(r.profileContacts ? [goal('crm contacts --json (profile)', r.profileContacts)] : []),
  ].join('\n');
}

function runsArg(argv: string[]): number | undefined {
  const i = argv.indexOf('--runs');
  const value = i >= 0 ? Number(argv[i + 1]) : Number.NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(formatCliStartupBench(await runCliStartupBench({ runs: runsArg(process.argv.slice(2)) })));
}
