// Reads the output of `npm run test:inner` and prints one closing line for the whole run:
// "tests: N passed, N failed, N skipped" (Vitest and Playwright counts added up).
import { readFileSync } from 'node:fs';

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const text = readFileSync(process.argv[2], 'utf8').replace(ANSI_COLOUR, '');
const sum = { passed: 0, failed: 0, skipped: 0 };
// Vitest: "      Tests  845 passed | 2 failed | 3 skipped (850)"
for (const line of text.split('\n').filter((l) => /^\s*Tests\s+\d/.test(l))) {
  for (const [, n, what] of line.matchAll(/(\d+) (passed|failed|skipped)/g)) sum[what] += Number(n);
}
// Playwright: "  63 passed (1.3m)", "  2 failed", "  3 skipped", "  1 flaky"
for (const [, n, what] of text.matchAll(/^\s+(\d+) (passed|failed|skipped|flaky)\b/gm)) {
  if (what === 'flaky') sum.passed += Number(n);
  else sum[what] += Number(n);
}
const exit = Number(process.argv[3] ?? 0);
if (exit !== 0 && sum.failed === 0) sum.failed = 1; // a failure before any test ran (typecheck, lint, build)
console.log(`tests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
