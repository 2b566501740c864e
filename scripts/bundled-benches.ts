// The benches that time the core against a bare baseline in one process: `npm run bench` builds
// them with vite.bench.config.ts and runs them from out/bench, as bundles like the shipped code.
export const BUNDLED_BENCHES = ['bench-client', 'bench-mapped-send', 'bench-request-log'] as const;

/** what `npm run bench` runs for a script: its bundle when it is one of the above, else the TypeScript through tsx */
export function benchCommand(script: string): string[] {
  const name = BUNDLED_BENCHES.find((bench) => script === `scripts/${bench}.ts`);
  // --expose-gc: memory benches collect garbage before they measure
  return name === undefined ? ['--expose-gc', '--import', 'tsx', script] : ['--expose-gc', `out/bench/${name}.mjs`];
}
