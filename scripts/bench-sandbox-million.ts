// The sandbox started with 1,000,000 contacts, against the app's usual 100,000 in the same run:
// start-up time (spawn to its first stdout line, tsx loading included in both) and memory after
// a full GC, each in its own child process (scripts/sandbox-memory-child.ts) so neither run's
// heap colours the other's. Then one contacts page from the end of the list, to show the
// million is served.
// Run: npx tsx scripts/bench-sandbox-million.ts
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export interface SandboxStart {
  contacts: number;
  startMs: number;
  rssMiB: number;
  heapMiB: number;
  /** one page of 100 at the end of the list, over HTTP */
  lastPageMs: number;
}

async function startOnce(contacts: number): Promise<SandboxStart> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/sandbox-memory-child.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_CONTACTS: String(contacts) },
  });
  try {
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const next = async (): Promise<Record<string, unknown>> => JSON.parse(String((await lines.next()).value)) as Record<string, unknown>;
    const { baseUrl, adminKey } = (await next()) as { baseUrl: string; adminKey: string };
    const startMs = performance.now() - started;
    child.stdin!.write('mem\n');
    const mem = await next();
    const perPage = 100;
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/contacts?page=${Math.ceil(contacts / perPage)}&per_page=${perPage}`, { headers: { Authorization: `Bearer ${adminKey}` } });
    const body = (await res.json()) as { data?: unknown[] };
    const lastPageMs = performance.now() - t;
    if (res.status !== 200 || body.data?.length !== perPage) throw new Error(`the last page of ${contacts} answered ${res.status} with ${body.data?.length ?? 0} contacts`);
    return { contacts, startMs, rssMiB: Number(mem.rssMiB), heapMiB: Number(mem.heapMiB), lastPageMs };
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
  const line = (s: SandboxStart) =>
    `  ${s.contacts.toLocaleString('en-US').padStart(9)} contacts   start-up ${s.startMs.toFixed(0).padStart(5)} ms   RSS ${s.rssMiB.toFixed(0).padStart(4)} MiB   heap ${s.heapMiB.toFixed(0).padStart(4)} MiB   last page ${s.lastPageMs.toFixed(1)} ms`;
  return [
    'Sandbox start-up and memory (own process, after a full GC)',
    line(r.baseline),
    line(r.million),
    `  ratio 1M / 100k: start-up ${(r.million.startMs / r.baseline.startMs).toFixed(2)}x, RSS ${(r.million.rssMiB / r.baseline.rssMiB).toFixed(2)}x`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(formatSandboxMillionBench(await runSandboxMillionBench()));
}
