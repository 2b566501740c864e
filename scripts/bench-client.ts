// Benchmark: the core HTTP client (builder output + createApiClient().send, with JSON parsing,
// error mapping and logging hooks) against a bare undici.request of the same GET, at the same
// concurrency. Rounds alternate core/bare/bare/core... after a warm-up, so drift in the server
// or the machine hits both sides alike.
//
// Then the contacts page through the app (core.contacts.list, request log and all) against a bare
// GET of the same page (bench-contacts-page.ts), served by a sandbox in its own process.
//
//   npx tsx scripts/bench-client.ts [--requests 6000] [--concurrency 16] [--contacts-page-only]
//     [--page-rounds 7] [--pages-per-round 200] [--log-here]
//
// --contacts-page-only skips the core send and runs the contacts page alone (a change to the
// page's path measured without the minute the core send takes before it); --page-rounds and
// --pages-per-round time more pages for a steadier figure on a loaded machine. The bundle writes
// the request log's rows on their own thread, as the window does; --log-here writes them on the
// bench's thread instead, as `crm` does.
//
// Standalone it starts its own sandbox with a rate limit far above what it can reach.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Pool, request as undiciRequest } from 'undici';
import type { StartLogThread } from '../src-main/core/log/thread/thread-row-writer';
import { startLogThreadAt } from '../src-main/electron/log-thread';
import { createApiClient } from '../src-main/core/http/api-client';
import { buildRequest } from '../src-main/core/request/request-builder';
import { formatContactsPageBench, runContactsPageBench } from './bench-contacts-page';
import { argValue, median, runConcurrent, type Call } from './bench-rounds';
import { startSandboxProcess } from './sandbox-process';
/** the core send pipeline against bare undici: at most this much slower (median of per-round ratios) */
export const CORE_SEND_GOAL_RATIO = 1.15;

export interface ClientBenchOptions {
  baseUrl: string;
  getKey: () => Promise<string> | string;
  /** requests per side (core and bare each), default 6000 */
  requests?: number;
  /** requests in flight at once, default 16 */
  concurrency?: number;
  /** timed rounds per side, default 12 */
  rounds?: number;
  log?: (line: string) => void;
}

export interface ClientBenchResult {
  coreRps: number;
  bareRps: number;
  /**
   * bare / core throughput: 1.0 means no overhead, 1.15 means the core is 15 % slower. The
   * median of the per-round ratios (each core round next to a bare one), so a burst of load
   * on the machine during one round does not decide the result.
   */
  overheadRatio: number;
}

export async function runClientBench(options: ClientBenchOptions): Promise<ClientBenchResult> {
  const total = options.requests ?? 6000;
  const concurrency = options.concurrency ?? 16;
  const rounds = Math.max(1, options.rounds ?? 12);
  const perRound = Math.max(1, Math.floor(total / rounds));
  const log = options.log ?? (() => undefined);

  const prepared = await buildRequest({ op: 'contacts.list', input: { perPage: 1 } }, { baseUrl: options.baseUrl, endpointOverrides: {} });
  const url = new URL(prepared.url);
  const client = createApiClient();
  const pool = new Pool(url.origin, { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

  const core: Call = async () => {
    const response = await client.send(prepared, await options.getKey());
    if (response.status !== 200) throw new Error(`core: HTTP ${response.status}`);
  };
  const bare: Call = async () => {
    const key = await options.getKey();
    const response = await undiciRequest(prepared.url, {
      method: 'GET',
      headers: { ...prepared.headers, 'User-Agent': 'crm-console', Authorization: `Bearer ${key}` },
      dispatcher: pool,
    });
    const json: unknown = await response.body.json();
    if (response.statusCode !== 200 || json === undefined) throw new Error(`bare: HTTP ${response.statusCode}`);
  };

  try {
    const warmup = Math.min(1000, total);
    log(`warm-up: ${warmup} requests each`);
    await runConcurrent(core, warmup, concurrency);
    await runConcurrent(bare, warmup, concurrency);

    let coreMs = 0;
    let bareMs = 0;
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // ABBA order: core first on even rounds, bare first on odd ones
      const order: ['core' | 'bare', Call][] =
        round % 2 === 0
          ? [
              ['core', core],
              ['bare', bare],
            ]
          : [
              ['bare', bare],
              ['core', core],
            ];
      const ms = { core: 0, bare: 0 };
      for (const [name, call] of order) ms[name] = await runConcurrent(call, perRound, concurrency);
      coreMs += ms.core;
      bareMs += ms.bare;
      ratios.push(ms.core / ms.bare);
      log(
        `round ${round + 1}: core ${Math.round((perRound / ms.core) * 1000)} req/s, bare ` +
          `${Math.round((perRound / ms.bare) * 1000)} req/s, ratio ${(ms.core / ms.bare).toFixed(3)}`,
      );
    }
    const coreRps = (perRound * rounds) / (coreMs / 1000);
    const bareRps = (perRound * rounds) / (bareMs / 1000);
    return { coreRps, bareRps, overheadRatio: median(ratios) };
  } finally {
    await client.close();
    await pool.close();
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--contacts-page-only')) await mainCoreSend();
  // one call after another, as the window pages: against a sandbox in its own process, so the
  // app's log work after an answer can overlap the wait for the next one, as it does with a
  // real service
  const service = await startSandboxProcess(1000);
  try {
    const pages = { rounds: argValue('page-rounds', 7), perRound: argValue('pages-per-round', 200) };
    const requestLogThread = process.argv.includes('--log-here') ? undefined : bundledLogThread();
    const options = { baseUrl: service.baseUrl, adminKey: service.adminKey, ...pages, ...(requestLogThread ? { requestLogThread } : {}) };
    console.log(formatContactsPageBench(await runContactsPageBench(options)));
  } finally {
    await service.close();
  }
}

/**
 * the request log's writing thread as the window runs it, from this bundle's build of it
 * (vite.bench.config.ts); through tsx there is none and the rows are written on the bench's thread
 */
function bundledLogThread(): StartLogThread | undefined {
  const script = new URL('./request-log-thread.mjs', import.meta.url);
  return existsSync(script) ? startLogThreadAt(script) : undefined;
}

async function mainCoreSend(): Promise<void> {
  const { startSandbox } = await import('../src-main/sandbox/index');
  const sandbox = await startSandbox({ rate: 1e9, burst: 1e9, contacts: 1000 });
  const requests = argValue('requests', 6000);
  const concurrency = argValue('concurrency', 16);
  try {
    console.log(`bench-client: GET /api/v1/contacts?per_page=1 against the sandbox at ${sandbox.baseUrl}`);
    console.log(`${requests} requests per side, concurrency ${concurrency}, alternating rounds after a warm-up`);
    const result = await runClientBench({
      baseUrl: sandbox.baseUrl,
      getKey: () => sandbox.adminKey,
      requests,
      concurrency,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`core (createApiClient().send): ${result.coreRps.toFixed(0)} req/s`);
    console.log(`bare (undici.request):         ${result.bareRps.toFixed(0)} req/s`);
    const met = result.overheadRatio <= CORE_SEND_GOAL_RATIO ? 'met' : 'NOT met';
    console.log(
      `overhead ratio (bare/core):    ${result.overheadRatio.toFixed(3)} (median of per-round ratios; goal <= ${CORE_SEND_GOAL_RATIO}: ${met})`,
    );
  } finally {
    await sandbox.close();
  }
  console.log('');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
