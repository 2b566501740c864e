// The `crm` command, built for plain Node (`npm run build` runs this after electron-vite):
// out/cli/crm.cjs exports runCli, and bin/crm.mjs wires the real process to it. Built so that a
// start pays no TypeScript transpilation and nothing needs a TypeScript runner at run time.
// CommonJS, not ES modules: Node 20 has no code cache for ES modules, and bin/code-cache.mjs
// hands V8 its code cache for CommonJS files, which spares each start most of its compiling.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { dependencies?: Record<string, string> };
// Installed with the package (keytar is native and cannot be bundled); everything else,
// src-main above all, goes into the bundle.
const installed = Object.keys(pkg.dependencies ?? {});

function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtinModules.includes(id)) return true;
  return installed.some((name) => id === name || id.startsWith(`${name}/`));
}

export default defineConfig({
  publicDir: false,
  // no .env files: the CLI reads its environment at run time, never at build time
  envDir: false,
  ssr: { target: 'node', noExternal: true },
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { crm: resolve('src-main/cli/main.ts') },
      external: isExternal,
      output: {
        format: 'cjs',
        entryFileNames: '[name].cjs',
        // the sandbox and the session stay lazily loaded chunks: `crm --help` never reads them
        chunkFileNames: 'chunks/[name]-[hash].cjs',
      },
    },
  },
});
