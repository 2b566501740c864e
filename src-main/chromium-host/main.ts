// Process entry of the Chromium host (scripts/start.mjs runs it where no Electron can be had).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { secretServiceCheck } from '../../scripts/secret-service.mjs';
import { windowBuildState } from '../../scripts/start-memory.mjs';
import { runChromiumHost } from './host';

const root = resolve(import.meta.dirname, '../..');
// a look along PATH, not a `which` process per program at every start
const hasProgram = (name: string): boolean =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));

const stopSignal = new Promise((resolve) => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, resolve);
});
/** `--build`: build the window first (npm start), with the build tool's own JS entry; skipped when nothing it reads changed since the last */
const build = (): Promise<void> => {
  const state = windowBuildState(root);
  if (state.fresh) return Promise.resolve();
  return new Promise<void>((ok, fail) => {
    const child = spawn(process.execPath, [resolve(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`the build failed (exit ${code})`));
      state.remember();
      ok();
    });
  });
};

const version = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }).version;
const code = await runChromiumHost({
  env: process.env,
  rendererRoot: resolve(root, 'out/renderer'),
  version,
  hasProgram,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  stopSignal,
  prepare: async () => {
    // no keychain, no keys: said at once with its fix, not after a 15 s wait in the window
    const keychain = await secretServiceCheck({ root });
    if (keychain !== null) throw new Error(keychain.join('\ncrm-console: '));
    if (process.argv.includes('--build')) await build();
  },
});
process.exitCode = code;
// a handle left open by a dependency must not keep the process alive after a clean shutdown
setTimeout(() => process.exit(code), 2000).unref();
