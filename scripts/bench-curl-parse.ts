// Benchmark: reading pasted cURL commands near the 256 KiB limit that are built to trip a
// parser that is not linear (tests/fixtures/pathological-curls.ts), against the baseline of a
// plain command of the same size (one single-quoted body) read in the same process. A ratio
// near 1 means the hostile shapes cost what any paste of that size costs.
//
//   npx tsx scripts/bench-curl-parse.ts
import { performance } from 'node:perf_hooks';
import { parseCurl } from '../src-main/core/api/curl/curl-parse';
import { PATHOLOGICAL_CURLS } from '../tests/fixtures/pathological-curls';

const URL_ = 'https://api.example.com/v1/messages';

function medianMs(text: string, runs = 7): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    try {
      parseCurl(text);
    } catch {
      // refused is a result too: what is timed is how long it took to decide
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const texts = PATHOLOGICAL_CURLS(URL_);
for (const text of texts) medianMs(text, 2); // warm-up
console.log('bench-curl-parse: pasted cURL near 256 KiB, median of 7 reads each');
for (const text of texts) {
  const baseline = `curl ${URL_} --data-raw '${'x'.repeat(Math.max(0, text.length - URL_.length - 20))}'`;
  const plain = medianMs(baseline);
  const hostile = medianMs(text);
  console.log(
    `  ${JSON.stringify(text.slice(0, 36)).padEnd(42)} ${(text.length / 1024).toFixed(0).padStart(4)} KiB  ` +
      `${hostile.toFixed(2).padStart(7)} ms  plain ${plain.toFixed(2).padStart(6)} ms  ratio ` +
      `${(hostile / Math.max(plain, 0.01)).toFixed(1)}`,
  );
}
const huge = `curl ${URL_} -d '${'x'.repeat(1024 * 1024)}'`;
console.log(`  a 1 MiB paste is refused in ${medianMs(huge).toFixed(2)} ms`);
