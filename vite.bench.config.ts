// The benchmarks that time the core against a bare baseline in one process (the core send, the
// contacts page, a learned send, the request log), built the way the app and `crm` are: the
// project's modules in one bundle, each imported name a plain variable. Run through tsx instead,
// every module is turned into CommonJS on its own and each imported name is read through a getter
// at every use, a cost the shipped code does not have (docs/performance.md, "The contacts page as
// the product runs it"). Packages stay in node_modules, so both sides use the same undici.
import { isAbsolute, resolve } from 'node:path';
import { defineConfig } from 'vite';
import { BUNDLED_BENCHES } from './scripts/bundled-benches';

export default defineConfig({
  publicDir: false,
  envDir: false,
  ssr: { target: 'node' },
  build: {
    ssr: true,
    outDir: 'out/bench',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        ...Object.fromEntries(BUNDLED_BENCHES.map((name) => [name, resolve(`scripts/${name}.ts`)])),
        // the request log's writing thread, as the window runs it (bench-client.ts)
        'request-log-thread': resolve('src-main/core/log/thread/request-log-thread.ts'),
      },
      // every bare specifier (node:*, undici, libsql, keytar…) is loaded from node_modules as it is
      external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});
