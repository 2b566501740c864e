import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Explicit inputs: the project keeps main, preload and renderer outside electron-vite's default src/ layout.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve('src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve('src-main/preload/index.ts') },
        // Sandboxed preloads must be CommonJS; package.json declares "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves output unminified by default; the renderer's cold load and its
      // size are measured (npm run bench), so ship it minified.
      minify: true,
      rolldownOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
