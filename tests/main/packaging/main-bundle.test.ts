// The built main and preload bundles (npm run build) load nothing from node_modules but the
// native modules: every import and require in them is a Node builtin, electron, keytar or
// libsql. Pure JavaScript (undici, zod, js-yaml) is bundled, so the packaged app does not
// resolve hundreds of files inside app.asar at start, and electron-builder ships only what
// cannot be bundled.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './builder-internals';

const NATIVE = ['keytar', 'libsql'];
// debug (inside electron-updater) probes for it in a try/catch and does without it
const OPTIONAL = ['supports-color'];
const MAIN = join(REPO_ROOT, 'out', 'main', 'index.js');
const CHUNKS = join(REPO_ROOT, 'out', 'main', 'chunks');
const PRELOAD = join(REPO_ROOT, 'out', 'preload', 'index.cjs');
/** the request log's writing thread, an entry of its own (src-main/electron/log-thread.ts) */
const LOG_THREAD = join(REPO_ROOT, 'out', 'main', 'request-log-thread.js');
const built = existsSync(MAIN) && existsSync(PRELOAD);

interface Node {
  type: string;
  [key: string]: unknown;
}
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const literal = (value: unknown): string | null =>
  isNode(value) && value.type === 'Literal' && typeof value.value === 'string' ? value.value : null;

/** `require`, rolldown's `__require`, or `createRequire(...)` called at once */
const isRequire = (callee: Node): boolean =>
  (callee.type === 'Identifier' && /^_*require\d*$/.test(String(callee.name))) ||
  (callee.type === 'CallExpression' &&
    isNode(callee.callee) &&
    callee.callee.type === 'Identifier' &&
    callee.callee.name === 'createRequire');

/** every module specifier: static and dynamic imports, re-exports, and require()-like calls */
function specifiers(code: string, sourceType: 'module' | 'script'): string[] {
  const found: string[] = [];
  const visit = (node: Node): void => {
    if (['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].includes(node.type)) {
      const from = literal(node.source);
      if (from !== null) found.push(from);
      else if (node.type === 'ImportExpression') found.push('<computed import()>');
    }
    if (node.type === 'CallExpression' && isNode(node.callee) && isRequire(node.callee)) {
      const [first] = node.arguments as unknown[];
      found.push(literal(first) ?? '<computed require()>');
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(parse(code, { ecmaVersion: 'latest', sourceType }) as unknown as Node);
  return [...new Set(found)];
}

const allowed = (specifier: string): boolean =>
  specifier.startsWith('node:') || builtinModules.includes(specifier) || specifier === 'electron' || NATIVE.includes(specifier);
/** main's own pieces loaded later (electron-updater is only imported by a copy that updates itself) */
const isChunk = (specifier: string): boolean => /^\.\/chunks\/[\w.-]+\.js$/.test(specifier);

describe('the built bundles', () => {
  it.skipIf(!built)(
    built ? 'main imports only Node builtins, electron, keytar and libsql' : 'SKIPPED: out/ is not built (npm run build)',
    async () => {
      const imports = specifiers(await readFile(MAIN, 'utf8'), 'module');
      expect(imports.filter((s) => !allowed(s) && !isChunk(s))).toEqual([]);
      // the database's code may sit in a chunk main shares with the request log's thread
      const chunks = await Promise.all(
        imports.filter(isChunk).map(async (c) => specifiers(await readFile(join(REPO_ROOT, 'out', 'main', c), 'utf8'), 'module')),
      );
      expect([...imports, ...chunks.flat()]).toEqual(expect.arrayContaining(['electron', 'keytar', 'libsql']));
      // the pure-JS libraries really are inside
      expect(imports.some((s) => /^(undici|zod|js-yaml)(\/|$)/.test(s))).toBe(false);
    },
  );

  it.skipIf(!built)(
    built
      ? "main's chunks import only Node builtins, electron, main itself, and what they can do without"
      : 'SKIPPED: out/ is not built (npm run build)',
    async () => {
      const chunks = existsSync(CHUNKS) ? (await readdir(CHUNKS)).filter((f) => f.endsWith('.js')) : [];
      for (const chunk of chunks) {
        const imports = specifiers(await readFile(join(CHUNKS, chunk), 'utf8'), 'module');
        expect(
          imports.filter((s) => !allowed(s) && s !== '../index.js' && !OPTIONAL.includes(s)),
          chunk,
        ).toEqual([]);
      }
    },
  );

  it.skipIf(!built)(
    built ? "the request log's thread imports only Node builtins, libsql and main's chunks" : 'SKIPPED: out/ is not built (npm run build)',
    async () => {
      const imports = specifiers(await readFile(LOG_THREAD, 'utf8'), 'module');
      expect(imports.filter((s) => !(s.startsWith('node:') || s === 'libsql' || isChunk(s)))).toEqual([]);
      expect(imports).toContain('node:worker_threads');
    },
  );

  it.skipIf(!built)(built ? 'the preload requires electron alone' : 'SKIPPED: out/ is not built (npm run build)', async () => {
    expect(specifiers(await readFile(PRELOAD, 'utf8'), 'script')).toEqual(['electron']);
  });

  it('the checker sees every way a bundle loads a module', () => {
    const code =
      "import a from 'x'; export * from 'y'; const b = __require('z'); const c = require(name); await import('w'); createRequire(import.meta.url)('v');";
    expect(specifiers(code, 'module').sort()).toEqual(['<computed require()>', 'v', 'w', 'x', 'y', 'z']);
  });
});
