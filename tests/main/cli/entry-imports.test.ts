// What `crm` loads before it knows the command: the static imports of src-main/cli/main.ts, read
// from the sources. Every command pays for them, `crm --help` included, so none may reach the
// HTTP client, the database, the keychain or the schema and YAML readers: those come with the
// session (session.ts, imported lazily). A command file that imports a constant from a module
// that holds the HTTP client brings the whole client into every start (settings.ts did, through
// the received files' size limits: media-cap.ts now holds them apart).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './cli-harness';

const ENTRY = join(REPO_ROOT, 'src-main', 'cli', 'main.ts');
const HEAVY_PACKAGES = ['undici', 'zod', 'js-yaml', 'libsql', 'keytar'];

/** the modules a file imports for their values (`import type` and `export type` are erased) */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?'([^']+)'/gms)].map((m) => m[1]!);
  return specifiers.map((spec) => {
    if (!spec.startsWith('.')) return spec;
    const base = resolve(dirname(file), spec);
    return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? base;
  });
}

/** each package reached, with the chain of files that reaches it first */
function packagesReached(entry: string): Map<string, string[]> {
  const via = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const reached = new Map<string, string[]>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of staticImports(file)) {
      if (via.has(next)) continue;
      via.set(next, file);
      if (next.endsWith('.ts')) queue.push(next);
      else if (!next.startsWith('/') && !next.startsWith('node:')) {
        const chain: string[] = [];
        for (let at: string | null | undefined = file; at; at = via.get(at)) chain.unshift(relative(REPO_ROOT, at));
        reached.set(next.split('/')[0]!, chain);
      }
    }
  }
  return reached;
}

describe("crm's entry", () => {
  it('reaches none of the packages that only a session needs', () => {
    const reached = packagesReached(ENTRY);
    const heavy = HEAVY_PACKAGES.filter((name) => reached.has(name)).map((name) => `${name} via ${reached.get(name)!.join(' -> ')}`);
    expect(heavy).toEqual([]);
  });

  it('sees a package imported deep in the graph (the walk itself works)', () => {
    expect(packagesReached(join(REPO_ROOT, 'src-main', 'core', 'conversations', 'inbound-media.ts')).has('undici')).toBe(true);
  });
});
