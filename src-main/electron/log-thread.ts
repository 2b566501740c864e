// The request log's writing thread in the Electron app. electron.vite.config.ts builds
// core/log/thread/request-log-thread.ts as an entry of its own beside the main entry; the entry
// (index.ts) names the file, since only its own URL is sure to be out/main's.
import { Worker } from 'node:worker_threads';
import type { StartLogThread } from '../core/log/thread/thread-row-writer';

export function startLogThreadAt(script: URL): StartLogThread {
  return (data) => new Worker(script, { workerData: data });
}
