// `npm run bench` runs the benches that time the core against a bare baseline from their bundles
// (vite.bench.config.ts), and every other bench from its TypeScript through tsx.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_BENCHES, benchCommand } from '../../../scripts/bundled-benches';

describe('which benches run bundled', () => {
  it('runs the core-against-bare benches from out/bench and the rest through tsx', () => {
    expect(benchCommand('scripts/bench-client.ts')).toEqual(['--expose-gc', 'out/bench/bench-client.mjs']);
    expect(benchCommand('scripts/bench-mapped-send.ts')).toEqual(['--expose-gc', 'out/bench/bench-mapped-send.mjs']);
    expect(benchCommand('scripts/bench-renderer.ts')).toEqual(['--expose-gc', '--import', 'tsx', 'scripts/bench-renderer.ts']);
  });

  it('names only benches that exist', () => {
    for (const name of BUNDLED_BENCHES) expect(existsSync(`scripts/${name}.ts`), name).toBe(true);
  });
});
