// Latency of the sandbox's contact listing with 100,000 contacts, over HTTP with keep-alive,
// against the server's own floor (an unauthenticated 404, which does no work) measured in the
// same process. Run: npx tsx scripts/bench-sandbox.ts   (runSandboxBench() for `npm run bench`)
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSandbox } from '../src-main/sandbox/index';

export interface LatencyFigures {
  p50: number;
  p95: number;
}

export interface SandboxBenchRow extends LatencyFigures {
  name: string;
  /** an example of the requests measured */
  path: string;
  samples: number;
  /** p50 / floor p50, p95 / floor p95 */
  p50VsFloor: number;
  p95VsFloor: number;
}

export interface SandboxBenchResult {
  contacts: number;
  /** time to seed the contacts and start listening */
  startMs: number;
  floor: LatencyFigures;
  rows: SandboxBenchRow[];
}

export interface SandboxBenchOptions {
  contacts?: number;
  samples?: number;
  warmup?: number;
}

// More distinct common substrings than the sandbox keeps cached searches (16), visited in a
// cycle, so every "uncached" request really scans all contacts.
const COMMON = [
  'an',
  'ar',
  'ma',
  'ra',
  'el',
  'ri',
  'er',
  'in',
  'na',
  'la',
  'li',
  'da',
  'ta',
  'sa',
  'ha',
  'on',
  'ia',
  'ch',
  'al',
  'en',
  'es',
  'os',
  'ro',
  'de',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export async function runSandboxBench(options: SandboxBenchOptions = {}): Promise<SandboxBenchResult> {
  const contacts = options.contacts ?? 100_000;
  const samples = options.samples ?? 300;
  const warmup = options.warmup ?? 30;
  const t0 = performance.now();
  const sb = await startSandbox({ contacts, rate: 1e9, burst: 1e9 });
  const startMs = performance.now() - t0;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const auth = { Authorization: `Bearer ${sb.adminKey}` };

  const timed = (path: string, headers: Record<string, string>, expected: number): Promise<number> =>
    new Promise((done, fail) => {
      const started = performance.now();
      const req = request(`${sb.baseUrl}${path}`, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          res.statusCode === expected ? done(performance.now() - started) : fail(new Error(`${path}: HTTP ${res.statusCode}`)),
        );
      });
      req.on('error', fail);
      req.end();
    });

  const measure = async (pathFor: (i: number) => string, headers: Record<string, string>, expected: number): Promise<LatencyFigures> => {
    for (let i = 0; i < warmup; i += 1) await timed(pathFor(i), headers, expected);
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) times.push(await timed(pathFor(warmup + i), headers, expected));
    return figures(times);
  };

  try {
    const floor = await measure(() => '/bench-floor-404', {}, 404);
    const deepPage = Math.min(1500, Math.max(1, Math.floor(contacts / 50)));
    const cases: { name: string; pathFor: (i: number) => string }[] = [
      { name: 'page 1 (per_page 50)', pathFor: () => '/api/v1/contacts?page=1&per_page=50' },
      { name: `deep page ${deepPage} (per_page 50)`, pathFor: () => `/api/v1/contacts?page=${deepPage}&per_page=50` },
      { name: 'search, common substring, uncached', pathFor: (i) => `/api/v1/contacts?search=${COMMON[i % COMMON.length]}&per_page=50` },
      {
        name: 'search, rare substring, uncached',
        pathFor: (i) => `/api/v1/contacts?search=${String((i * 7919) % 1_000_000).padStart(6, '0')}&per_page=50`,
      },
      { name: 'search repeated (cached)', pathFor: () => '/api/v1/contacts?search=an&per_page=50' },
    ];
    const rows: SandboxBenchRow[] = [];
    for (const c of cases) {
      const f = await measure(c.pathFor, auth, 200);
      rows.push({ name: c.name, path: c.pathFor(0), samples, ...f, p50VsFloor: f.p50 / floor.p50, p95VsFloor: f.p95 / floor.p95 });
    }
    return { contacts, startMs, floor, rows };
  } finally {
    agent.destroy();
    await sb.close();
  }
}

export function formatSandboxBench(result: SandboxBenchResult): string {
  const ms = (v: number): string => v.toFixed(3).padStart(9);
  const x = (v: number): string => `${v.toFixed(1)}x`.padStart(8);
  const lines = [
    `sandbox bench: ${result.contacts} contacts, started in ${result.startMs.toFixed(0)} ms, keep-alive HTTP, ${result.rows[0]?.samples ?? 0} samples each`,
    `${'case'.padEnd(40)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p50/floor'.padStart(10)}${'p95/floor'.padStart(10)}`,
    `${'floor: unauthenticated 404'.padEnd(40)}${ms(result.floor.p50)}${ms(result.floor.p95)}${x(1).padStart(10)}${x(1).padStart(10)}`,
    ...result.rows.map((r) => `${r.name.padEnd(40)}${ms(r.p50)}${ms(r.p95)}${x(r.p50VsFloor).padStart(10)}${x(r.p95VsFloor).padStart(10)}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(formatSandboxBench(await runSandboxBench()));
}
