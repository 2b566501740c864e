import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { developmentCsp, withCspMeta } from './src-main/app-shell/security-policy';

/**
 * `electron-vite dev` only: the page's CSP meta tag would block the dev server's React refresh
 * preamble and hot-reload socket (a blank window). The dev server's page gets the development
 * policy instead; a build keeps the strict one untouched.
 */
function developmentCspPlugin(): Plugin {
  return {
    name: 'crm-development-csp',
    apply: 'serve',
    transformIndexHtml(html, ctx) {
      const url = ctx.server?.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
      return withCspMeta(html, developmentCsp(url));
    },
  };
}

/**
 * The window's first script (src-renderer/early-first-page.ts) is an entry of its own, loaded
 * async beside the app's bundle: it asks main for the first contacts page while the bundle is
 * parsed and run. It and the chunk it imports come first in the page, before the bundle: the
 * window requests them in the page's order, and with the bundle listed first the two small files
 * arrived after it, 30-40 ms later (npm run bench: first IPC call). A build only: the dev
 * server serves the app as before.
 */
function earlyFirstPagePlugin(): Plugin {
  return {
    name: 'crm-early-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === EARLY_ENTRY);
        if (chunk?.type !== 'chunk') return html;
        const preloads = chunk.imports.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`);
        // the same links Vite wrote for the bundle's imports, further down: each only once
        let out = html;
        for (const link of preloads) out = out.replace(new RegExp(`\\s*${escapeRegExp(link)}`), '');
        const script = `<script type="module" async crossorigin src="./${chunk.fileName}"></script>`;
        const firstScript = out.search(/<script\b/);
        if (firstScript < 0) return out.replace('</head>', `  ${[script, ...preloads].join('\n    ')}\n  </head>`);
        // Preloaded ahead of the bundle, the script itself after it: the bundle stays the page's
        // first script, which is what it is (and what npm run bench reports as the first chunk).
        const ahead = [`<link rel="modulepreload" crossorigin href="./${chunk.fileName}">`, ...preloads].join('\n    ');
        return `${out.slice(0, firstScript)}${ahead}\n    ${out.slice(firstScript).replace('</head>', `  ${script}\n  </head>`)}`;
      },
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const EARLY_ENTRY = 'early-first-page';

/**
 * A modulepreload link for the chunk of `module` and the chunks it imports that the page does not
 * link yet, so the window fetches and compiles them beside the app's bundle and a later import()
 * finds them ready instead of starting its fetches then. A build only, as above.
 */
function chunkPreloadPlugin(name: string, module: string): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(module));
        if (chunk?.type !== 'chunk') return html;
        const files = [chunk.fileName, ...chunk.imports].filter((f) => !html.includes(`href="./${f}"`) && !html.includes(`src="./${f}"`));
        const links = files.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`);
        return links.length === 0 ? html : html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The phone number formatter (src-main/shared/phone-display.ts) is a chunk of its own, imported
 * once the first contact rows are on screen (src-renderer/lib/phone-display-when-ready.ts).
 */
const phoneFormatPreloadPlugin = () => chunkPreloadPlugin('crm-phone-format-preload', 'src-main/shared/phone-display.ts');

/**
 * The Conversations screen's chunk: its import starts with the inbox's first ask, before React
 * renders (src-renderer/app/start-first-load.ts), and the window opens on it when the profile has
 * conversations. Fetched there, its files reached the window only after main had served them
 * (in Electron, main's thread serves app:// too), behind the inbox's own answer.
 */
const inboxScreenPreloadPlugin = () => chunkPreloadPlugin('crm-inbox-screen-preload', 'src-renderer/features/inbox/inbox-screen.tsx');

// Explicit inputs: the project keeps main, preload and renderer outside electron-vite's default src/ layout.
export default defineConfig({
  main: {
    build: {
      // Only package.json `dependencies` stay external (electron-vite's default): the native
      // modules (keytar, libsql: both N-API), which electron-builder unpacks from app.asar. Pure-JS
      // libraries (undici, zod, js-yaml) are devDependencies and go into the bundle, so the
      // packaged app loads one file instead of resolving hundreds inside app.asar.
      externalizeDeps: true,
      outDir: 'out/main',
      // the request log's writing thread is an entry of its own (src-main/electron/log-thread.ts)
      rolldownOptions: {
        input: { index: resolve('src-main/index.ts'), 'request-log-thread': resolve('src-main/core/log/thread/request-log-thread.ts') },
      },
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
    plugins: [react(), developmentCspPlugin(), earlyFirstPagePlugin(), phoneFormatPreloadPlugin(), inboxScreenPreloadPlugin()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves output unminified by default; the renderer's cold load and its
      // size are measured (npm run bench), so ship it minified.
      minify: true,
      rolldownOptions: { input: { index: resolve('src-renderer/index.html'), [EARLY_ENTRY]: resolve('src-renderer/early-first-page.ts') } },
    },
  },
});
