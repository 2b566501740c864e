// What the benches that run calls in rounds share: running a call many times at a given
// concurrency, the median of the rounds' figures (the mean of the middle two for an even count),
// and their numeric flags. A module of its own, so that a bench importing them does not import
// another bench (whose own main would then run in one bundle).
import { performance } from 'node:perf_hooks';

export type Call = () => Promise<void>;

export async function runConcurrent(call: Call, count: number, concurrency: number): Promise<number> {
  let started = 0;
  const begin = performance.now();
  const worker = async (): Promise<void> => {
    while (started < count) {
      started += 1;
      await call();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return performance.now() - begin;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** the positive number after `--name` on the command line, else `fallback` */
export function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
