// Benchmark: Send Text through a NON-default API description (the desk dialect, learned from its
// playground cURL) against a bare undici.request of the same POST. The core side does what the
// app does per send: build the request from the description (number check, template fill),
// send it with the key, read the answer through the description. The bare side posts a JSON
// text prepared once. Rounds alternate after a warm-up; the ratio is the median per round.
//
//   npx tsx scripts/bench-mapped-send.ts [--requests 4000] [--concurrency 16] [--warmup 10000]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Pool, request as undiciRequest } from 'undici';
import { parseCurl } from '../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../src-main/core/api/propose';
import { readSendAnswer } from '../src-main/core/api/answers/read-send';
import { createApiClient } from '../src-main/core/http/api-client';
import { buildRequest } from '../src-main/core/request/request-builder';
import { playgroundTabs, startSandbox } from '../src-main/sandbox/index';
import { argValue, median, runConcurrent } from './bench-rounds';

async function main(): Promise<void> {
  const total = argValue('requests', 4000);
  const concurrency = argValue('concurrency', 16);
  const warmup = argValue('warmup', 10_000);
  const rounds = 10;
  const perRound = Math.floor(total / rounds);
  const sandbox = await startSandbox({ dialect: 'desk', rate: 1e9, burst: 1e9, contacts: 100 });
  const tab = playgroundTabs('desk', sandbox.baseUrl).find((t) => t.id === 'text')!;
  const spec = proposeOperation(parseCurl(tab.curl), 'messages.text', { profileBaseUrl: sandbox.baseUrl }).spec;
  const target = { baseUrl: sandbox.baseUrl, endpointOverrides: {}, api: { version: 1 as const, operations: { 'messages.text': spec } } };
  const client = createApiClient();
  const url = new URL(`${sandbox.baseUrl}${spec.path}`);
  const pool = new Pool(url.origin, { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
  const bareBody = JSON.stringify({ chatId: '5511999990000@c.us', message: 'Hello from the bench' });

  const core = async (): Promise<void> => {
    const request = await buildRequest(
      { op: 'messages.text', input: { number: '+55 11 99999-0000', text: 'Hello from the bench' }, idempotencyKey: randomUUID() },
      target,
    );
    const response = await client.send(request, sandbox.adminKey);
    const message = readSendAnswer({ json: response.json, unreadable: response.unreadable !== null }, spec.send, {
      type: 'text',
      number: '5511999990000',
    });
    if (response.status !== 200 || message.id === null) throw new Error(`core: HTTP ${response.status}`);
  };
  const bare = async (): Promise<void> => {
    const response = await undiciRequest(url, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
        'User-Agent': 'crm-console',
        Authorization: `Bearer ${sandbox.adminKey}`,
      },
      body: bareBody,
      dispatcher: pool,
    });
    const json = (await response.body.json()) as { idMessage?: string };
    if (response.statusCode !== 200 || typeof json.idMessage !== 'string') throw new Error(`bare: HTTP ${response.statusCode}`);
  };

  try {
    console.log(`bench-mapped-send: Send Text through the desk dialect's learned description (POST ${spec.path}) at ${sandbox.baseUrl}`);
    console.log(`${perRound * rounds} requests per side, concurrency ${concurrency}, alternating rounds after a warm-up of ${warmup} each`);
    // each side's code optimised before the timed rounds: V8 optimises a function only after thousands of calls, and
    // the learned path's own functions (build, send, read) are called once per send; after 500 sends most still ran
    // unoptimised, some until 7,000 (docs/performance.md, "The learned send: where its microseconds went")
    await runConcurrent(core, warmup, concurrency);
    await runConcurrent(bare, warmup, concurrency);
    const ratios: number[] = [];
    let coreMs = 0;
    let bareMs = 0;
    // the process's CPU time (every thread, the sandbox's work included on both sides), steadier than the wall clock on a loaded machine
    const cpu = { core: 0, bare: 0 };
    const timed = async (side: 'core' | 'bare'): Promise<number> => {
      const before = process.cpuUsage();
      const ms = await runConcurrent(side === 'core' ? core : bare, perRound, concurrency);
      const used = process.cpuUsage(before);
      cpu[side] += used.user + used.system;
      return ms;
    };
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 === 0 ? 'core' : 'bare';
      const second = round % 2 === 0 ? 'bare' : 'core';
      const a = await timed(first);
      const b = await timed(second);
      const ms = round % 2 === 0 ? { core: a, bare: b } : { core: b, bare: a };
      coreMs += ms.core;
      bareMs += ms.bare;
      ratios.push(ms.core / ms.bare);
    }
    const sends = perRound * rounds;
    const load = loadavg().map((l) => l.toFixed(2));
    console.log(`load average: ${load.join(' ')}`);
    const figures = (side: 'core' | 'bare', ms: number): string =>
      `${(sends / (ms / 1000)).toFixed(0)} sends/s, ${(cpu[side] / sends).toFixed(1)} us CPU a send`;
    console.log(`core (description -> build -> send -> read): ${figures('core', coreMs)}`);
    console.log(`bare (undici.request of a prepared body):    ${figures('bare', bareMs)}`);
    console.log(`CPU ratio (core / bare):                     ${(cpu.core / cpu.bare).toFixed(3)}`);
    const ratio = median(ratios);
    console.log(
      `overhead ratio (core time / bare time):      ${ratio.toFixed(3)} (median of per-round ratios; goal <= 1.10: ${ratio <= 1.1 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await client.close();
    await pool.close();
    await sandbox.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
