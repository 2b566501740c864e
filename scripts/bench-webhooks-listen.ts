// `crm webhooks listen` under a stream of signed events: how many a second it stores (goal >= 2,000),
// against a bare node:http server that only reads each body and answers 200 (the floor of the HTTP
// path itself), posted by the same client with the same concurrency in the same run; and how soon
// the last reply is visible to another process, `crm conversation NUMBER --json` started right
// after it was answered (goal <= 1 s, spawn included). Events are replies in the default API's
// shape, signed as the sandbox signs them (X-Crm-Signature-256), each from its own number, so every
// one is a new row, a new conversation and a new search entry. Beside the rates, the CPU time the
// listener process spent per stored event (Linux: /proc/<pid>/stat), which says what one core
// could take when the machine is shared and the wall-clock rate is set by the others.
// Run inside a keyring session (npm run bench does): the webhook secret lives in the keychain.
//   npm run -s build && bash tests/harness/with-keyring.sh npx tsx scripts/bench-webhooks-listen.ts [--events 4000]
// BENCH_LISTENER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the listener alone (Node refuses --cpu-prof in NODE_OPTIONS).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { webhookRequest } from '../src-main/sandbox/events/webhook-request';
import type { SandboxEvent } from '../src-main/sandbox/events/event-types';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CRM = join(ROOT, 'bin', 'crm.mjs');
const SECRET = 'bench-webhook-secret-0123456789';
const CONCURRENCY = 16;
const STORED_GOAL_PER_S = 2_000;
const VISIBLE_GOAL_MS = 1_000;

const argIndex = process.argv.indexOf('--events');
const EVENTS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 4_000;

function crm(env: NodeJS.ProcessEnv, args: string[], input?: string): string {
  const run = spawnSync(process.execPath, [CRM, ...args], { env, input, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`crm ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

function replyEvent(n: number): SandboxEvent {
  const number = `55119${String(n).padStart(8, '0')}`;
  return {
    name: 'message.received',
    seq: n,
    id: `in_bench_${n}`,
    number,
    profileName: `Bench ${n}`,
    type: 'text',
    text: `reply ${n}`,
    media: null,
    at: new Date(),
    inReplyTo: `wamid.bench_${n}`,
  };
}

async function bareServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":1}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, url: `http://127.0.0.1:${address.port}/webhooks/bare` };
}

/** starts `crm webhooks listen` on a free port; resolves with the profile's address once it listens */
function listen(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const nodeArgs = (process.env.BENCH_LISTENER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, CRM, 'webhooks', 'listen', '--json'], {
    env: { ...env, CRM_WEBHOOK_PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/webhooks\/\S+)/.exec(said);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`crm webhooks listen exited ${code}: ${said}`)));
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-bench-listen-'));
  const env = { ...process.env, CRM_DATA_DIR: dir, CRM_KEYCHAIN_SERVICE: `crm-bench-listen-${process.pid}`, NO_COLOR: '1' };
  let listener: ChildProcess | null = null;
  try {
    crm(env, ['profiles', 'add', '--name', 'bench', '--url', 'http://127.0.0.1:9']);
    crm(env, ['webhooks', 'secret', '--profile', 'bench'], SECRET);
    const bare = await bareServer();
    const started = await listen(env);
    listener = started.child;
    // warm both paths, then alternate halves so drift on the machine hits both alike
    await postAll(bare.url, EVENTS, 200);
    await postAll(started.url, EVENTS, 200);
    const half = Math.floor(EVENTS / 2);
    const bareRates = [await postAll(bare.url, 0, half)];
    const cpuBefore = await cpuMsOf(started.child.pid);
    const listenRates = [await postAll(started.url, 0, half)];
    const cpuMid = await cpuMsOf(started.child.pid);
    bareRates.push(await postAll(bare.url, half, EVENTS - half));
    const cpuResumed = await cpuMsOf(started.child.pid);
    listenRates.push(await postAll(started.url, half, EVENTS - half));
    const cpuAfter = await cpuMsOf(started.child.pid);
    const last = replyEvent(EVENTS - 1);
    const askedAt = performance.now();
    const visibleMs = await visibleWithin(env, last.number, askedAt);
    bare.server.close();
    const bareRate = mean(bareRates);
    const listenRate = mean(listenRates);
    console.log(
      `events: ${EVENTS} signed replies, ${CONCURRENCY} at a time; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`bare node:http (read body, answer 200): ${bareRate.toFixed(0)} events/s`);
    console.log(
      `crm webhooks listen (check, parse, store):  ${listenRate.toFixed(0)} events/s (${(listenRate / bareRate).toFixed(2)}x the bare server)`,
    );
    console.log(`goal: >= ${STORED_GOAL_PER_S} events/s stored: ${listenRate >= STORED_GOAL_PER_S ? 'met' : 'NOT met'}`);
    if (cpuBefore !== null && cpuMid !== null && cpuResumed !== null && cpuAfter !== null) {
      const perEventMs = (cpuMid - cpuBefore + (cpuAfter - cpuResumed)) / EVENTS;
      console.log(
        `listener CPU per stored event: ${(perEventMs * 1000).toFixed(0)} µs ` +
          `(one core busy with nothing else: ~${(1000 / perEventMs).toFixed(0)} events/s)`,
      );
    }
    console.log(`last reply visible to crm conversation after ${visibleMs.toFixed(0)} ms (spawn included)`);
    console.log(`goal: visible within ${VISIBLE_GOAL_MS} ms: ${visibleMs <= VISIBLE_GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    listener?.kill('SIGTERM');
    // the secret went into this run's own keychain service: take it out again
    spawnSync(process.execPath, [CRM, 'webhooks', 'secret', '--remove', '--profile', 'bench'], { env, encoding: 'utf8' });
    await rm(dir, { recursive: true, force: true });
  }
}

function requestInit(event: SandboxEvent, url: string): { headers: Record<string, string>; body: string } {
  const request = webhookRequest('default', event, url, SECRET);
  return { headers: request.headers, body: request.body };
}

/** posts events `first`.. `first + count - 1`, `CONCURRENCY` at a time (new numbers each run, so each is stored); events a second, all answered 2xx */
async function postAll(url: string, first: number, count: number): Promise<number> {
  let next = first;
  let failed = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (next < first + count) {
      const n = next++;
      const answer = await fetch(url, { method: 'POST', ...requestInit(replyEvent(n), url) });
      await answer.arrayBuffer();
      if (!answer.ok) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed > 0) throw new Error(`${failed} of ${count} posts were not answered 2xx`);
  return count / ((performance.now() - started) / 1000);
}

/** ms from `since` until `crm conversation NUMBER --json` lists the reply (asked again until it does) */
async function visibleWithin(env: NodeJS.ProcessEnv, number: string, since: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const run = spawnSync(process.execPath, [CRM, 'conversation', number, '--json', '--profile', 'bench'], { env, encoding: 'utf8' });
    if (run.status === 0 && run.stdout.includes(`reply ${EVENTS - 1}`)) return performance.now() - since;
  }
  throw new Error(`the last reply never showed in crm conversation ${number}`);
}

/** user + system CPU time of a process so far, in ms (Linux); null where /proc is not there */
async function cpuMsOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (which may hold spaces), from its closing parenthesis: utime is the 12th, stime the 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

await main();
