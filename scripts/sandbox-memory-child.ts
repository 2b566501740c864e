// The sandbox alone in its own process, for scripts/bench-sandbox-memory.ts: started as the app
// starts it (100,000 contacts), it prints {"baseUrl","adminKey"} on its first stdout line, then
// answers each "mem" line on stdin with its memory after a full GC: {"rssMiB","heapMiB"}.
// Run with --expose-gc.
import { createInterface } from 'node:readline';
import { startSandbox } from '../src-main/sandbox/index';

const sandbox = await startSandbox({ contacts: Number(process.env.BENCH_CONTACTS ?? 100_000), rate: 1e9, burst: 1e9 });
const mib = (n: number): number => Math.round((n / 1024 / 1024) * 10) / 10;
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, adminKey: sandbox.adminKey })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === 'mem') {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ rssMiB: mib(m.rss), heapMiB: mib(m.heapUsed + m.external + m.arrayBuffers) })}\n`);
  }
}
await sandbox.close();
