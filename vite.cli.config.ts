// The `crm` command, built for plain Node (`npm run build` runs this after electron-vite):
// out/cli/crm.cjs exports runCli, and bin/crm.mjs wires the real process to it. Built so that a
// start pays no TypeScript transpilation and nothing needs a TypeScript runner at run time.
// CommonJS, not ES modules: Node 20 has no code cache for ES modules, and bin/code-cache.mjs
// hands V8 its code cache for CommonJS files, which spares each start most of its compiling.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { dependencies?: Record<string, string> };
// Installed with the package (keytar is native and cannot be bundled); everything else,
// src-main above all, goes into the bundle.
const installed = Object.keys(pkg.dependencies ?? {});

function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtinModules.includes(id)) return true;
  return installed.some((name) => id === name || id.startsWith(`${name}/`));
}

/** the line of undici's Client that loads its HTTP/2 half, and what the CLI's bundle holds instead */
const EAGER_H2 = "const connectH2 = require('./client-h2.js')";
const LAZY_H2 = "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)";

/**
 * undici's Client loads its HTTP/2 half (and with it `node:http2`, about 8 ms of each start) when
 * it loads, though it runs only on a connection whose TLS handshake chose h2, which no `crm`
 * request offers (none sets allowH2). In the CLI's bundle it is loaded on that first h2
 * connection instead. The build fails if undici's line changes, rather than bundle it eagerly.
 */
function lazyUndiciHttp2Plugin(): Plugin {
  return {
    name: 'crm-lazy-undici-http2',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/undici/lib/dispatcher/client.js')) return null;
      if (!code.includes(EAGER_H2))
        throw new Error(`undici's client.js no longer holds \`${EAGER_H2}\`: update lazyUndiciHttp2Plugin in vite.cli.config.ts`);
      return { code: code.replace(EAGER_H2, LAZY_H2), map: null };
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [lazyUndiciHttp2Plugin()],
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
