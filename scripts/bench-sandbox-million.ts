// The sandbox started with 1,000,000 contacts, against the app's usual 100,000 in the same run:
// start-up time (spawn to its first stdout line, tsx loading included in both) and memory after
// a full GC, each in its own child process (scripts/sandbox-memory-child.ts) so neither run's
// heap colours the other's. Then contacts pages at the start, middle and end of the list (after
// one warm-up request, so the first request's connection and compilation are not counted), and
// searches: a name (answered from the columns), then the median of a name, another name and a
// number (the first search by digits builds the numbers' text), then one mixing letters and
// digits (the first such search builds the full search text).
// Goals (issue 24): 1M starts in <= 3 s, holds <= 400 MiB RSS, answers any page in <= 20 ms.
// Run: node --expose-gc --import tsx scripts/bench-sandbox-million.ts
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export interface SandboxStart {
  contacts: number;
  startMs: number;
  rssMiB: number;
  heapMiB: number;
  /** pages of 100 at the start, middle and end of the list over HTTP: the median of 5 each */
  pageMs: { first: number; middle: number; last: number };
  /** search pages: the first (a name), the median of three others (two names, a number), the first needing the full text */
  searchMs: { first: number; again: number; fullText: number };
}

export const GOALS = { startMs: 3000, rssMiB: 400, pageMs: 20 };
const PER_PAGE = 100;
const REPEATS = 5;

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function startOnce(contacts: number): Promise<SandboxStart> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/sandbox-memory-child.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_CONTACTS: String(contacts) },
  });
  try {
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const next = async (): Promise<Record<string, unknown>> => {
      const line = await lines.next();
      if (line.done === true) throw new Error(`the sandbox with ${contacts} contacts exited before it answered`);
      return JSON.parse(String(line.value)) as Record<string, unknown>;
    };
    const { baseUrl, adminKey } = (await next()) as { baseUrl: string; adminKey: string };
    const startMs = performance.now() - started;
    child.stdin!.write('mem\n');
    const mem = await next();
    const get = async (query: string, expected: number): Promise<number> => {
      const t = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/contacts?${query}`, { headers: { Authorization: `Bearer ${adminKey}` } });
      const body = (await res.json()) as { data?: unknown[] };
      const ms = performance.now() - t;
      if (res.status !== 200 || (expected >= 0 && body.data?.length !== expected))
        throw new Error(`${query} of ${contacts} answered ${res.status} with ${body.data?.length ?? 0} contacts`);
      return ms;
    };
    const pages = Math.ceil(contacts / PER_PAGE);
    const page = async (n: number): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i += 1) times.push(await get(`page=${n}&per_page=${PER_PAGE}`, PER_PAGE));
      return median(times);
    };
    await get('page=1&per_page=1', 1);
    const pageMs = { first: await page(1), middle: await page(Math.ceil(pages / 2)), last: await page(pages) };
    const search = (term: string): Promise<number> => get(`search=${term}&per_page=${PER_PAGE}`, -1);
    const first = await search('lima');
    const others: number[] = [];
    for (const term of ['silva', 'kumar', '5511']) others.push(await search(term));
    const searchMs = { first, again: median(others), fullText: await search('lima1') };
    return { contacts, startMs, rssMiB: Number(mem.rssMiB), heapMiB: Number(mem.heapMiB), pageMs, searchMs };
  } finally {
    child.stdin!.end();
    child.kill();
  }
}

export async function runSandboxMillionBench(): Promise<{ baseline: SandboxStart; million: SandboxStart }> {
  const baseline = await startOnce(100_000);
  const million = await startOnce(1_000_000);
  return { baseline, million };
}

export function formatSandboxMillionBench(r: { baseline: SandboxStart; million: SandboxStart }): string {
  const worstPage = (s: SandboxStart): number => Math.max(s.pageMs.first, s.pageMs.middle, s.pageMs.last);
  const line = (s: SandboxStart) =>
    `  ${s.contacts.toLocaleString('en-US').padStart(9)} contacts   start-up ${s.startMs.toFixed(0).padStart(5)} ms   RSS ` +
    `${s.rssMiB.toFixed(0).padStart(4)} MiB   heap ${s.heapMiB.toFixed(0).padStart(4)} MiB   ` +
    `page of ${PER_PAGE} first/middle/last ` +
    `${s.pageMs.first.toFixed(1)}/${s.pageMs.middle.toFixed(1)}/${s.pageMs.last.toFixed(1)} ms   search first ` +
    `${s.searchMs.first.toFixed(1)} ms, then ${s.searchMs.again.toFixed(1)} ms, full text ${s.searchMs.fullText.toFixed(0)} ms`;
  const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');
  const m = r.million;
  return [
    'Sandbox start-up and memory (own process, after a full GC); baseline: 100,000 contacts in the same run',
    line(r.baseline),
    line(m),
    `  ratio 1M / 100k: start-up ${(m.startMs / r.baseline.startMs).toFixed(2)}x, RSS ` +
      `${(m.rssMiB / r.baseline.rssMiB).toFixed(2)}x, slowest page ${(worstPage(m) / worstPage(r.baseline)).toFixed(2)}x`,
    `  goal 1M start-up <= ${GOALS.startMs} ms: ${m.startMs.toFixed(0)} ms (${verdict(m.startMs <= GOALS.startMs)})`,
    `  goal 1M RSS <= ${GOALS.rssMiB} MiB: ${m.rssMiB.toFixed(0)} MiB (${verdict(m.rssMiB <= GOALS.rssMiB)})`,
    `  goal 1M any page <= ${GOALS.pageMs} ms: slowest ${worstPage(m).toFixed(1)} ms (${verdict(worstPage(m) <= GOALS.pageMs)}); ` +
      `a search page: ${m.searchMs.first.toFixed(1)} ms, then ${m.searchMs.again.toFixed(1)} ms ` +
      `(${(m.searchMs.again / r.baseline.searchMs.again).toFixed(2)}x 100k's)`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    console.log(formatSandboxMillionBench(await runSandboxMillionBench()));
  } catch (err) {
    console.error(`bench-sandbox-million could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
