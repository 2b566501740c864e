// The request log's writing thread started from its TypeScript source, for tests: a worker cannot
// load a .ts file by itself, so a one-line bootstrap registers tsx's loader in the thread first.
// The app and the bench start the built file instead (src-main/electron/log-thread.ts,
// scripts/bench-client.ts).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StartLogThread } from '../../../src-main/core/log/thread/thread-row-writer';

const entry = pathToFileURL(new URL('../../../src-main/core/log/thread/request-log-thread.ts', import.meta.url).pathname).href;
// tsx's package resolves this path to its CommonJS build for require(); the thread imports the ESM one beside it
const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');

/** every thread started, so a test can end one */
export const startedLogThreads: Worker[] = [];

export const startLogThreadFromSource: StartLogThread = (data) => {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: data });
  startedLogThreads.push(worker);
  return worker;
};
