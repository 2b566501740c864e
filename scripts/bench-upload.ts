// A 100 MB document uploaded as multipart/form-data through the app's own path (request builder
// -> undici sender, the file streamed from disk), against a bare undici POST streaming the same
// file, in the same process: how much the process's resident memory grows at its peak during
// each. The receiving server runs in a child process so its buffers are not counted. Goal: the
// app's upload grows RSS by less than 32 MiB.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createApiClient } from '../src-main/core/http/api-client';
import { buildRequest } from '../src-main/core/request-builder';

const SIZE = 100 * 1000 * 1000;
const GOAL_MIB = 32;
const MIB = 1024 * 1024;

/** A server in a child process that drains every body and answers {"id":"1"}; resolves its URL. */
function startSink(): Promise<{ url: string; stop: () => void }> {
  const code = `
    const http = require('node:http');
    const server = http.createServer((req, res) => { let n = 0; req.on('data', (c) => { n += c.length; }); req.on('end', () => { res.setHeader('Content-Type', 'application/json'); res.end(JSON.stringify({ id: '1', bytes: n })); }); });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve({ url: `http://127.0.0.1:${d.toString().trim()}`, stop: () => child.kill() }));
    child.once('error', reject);
  });
}

/** Runs `work` while sampling RSS every 5 ms; the peak growth over the RSS just before it, in MiB. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return (peak - start) / MIB;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-bench-upload-'));
  const path = join(dir, 'report.pdf');
  const file = await open(path, 'w');
  // a real PDF head, then zeros to 100 MB (a sparse file: written instantly, read as zeros)
  await file.write(Buffer.from('%PDF-1.4\n'));
  await file.truncate(SIZE);
  await file.close();
  const sink = await startSink();
  try {
    const bareUpload = async (): Promise<void> => {
      const answer = await request(`${sink.url}/media`, { method: 'POST', body: createReadStream(path), headers: { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) } });
      await answer.body.text();
    };
    const client = createApiClient();
    const target = {
      baseUrl: sink.url,
      endpointOverrides: {},
      api: { version: 1 as const, operations: { 'media.upload': { method: 'POST' as const, path: '/media', query: [], headers: [], body: { messaging_product: 'whatsapp', file: { $role: 'media' as const }, type: { $role: 'mimetype' as const } }, encoding: 'multipart' as const } } },
    };
    const appUpload = async (): Promise<void> => {
      const upload = await buildRequest({ op: 'media.upload', input: { source: { kind: 'file', path }, mediatype: 'document' } }, target);
      const answer = await client.send(upload, 'bench-key-0000000000');
      if ((answer.json as { bytes?: number }).bytes === undefined || (answer.json as { bytes: number }).bytes < SIZE) throw new Error('the sink did not receive the whole upload');
    };
    // one of each first, unmeasured: module loading, connection pools and JIT are not the upload's
    await bareUpload();
    await appUpload();
    const bare = median([await peakGrowth(bareUpload), await peakGrowth(bareUpload), await peakGrowth(bareUpload)]);
    const app = median([await peakGrowth(appUpload), await peakGrowth(appUpload), await peakGrowth(appUpload)]);
    await client.close();
    console.log(`100 MB multipart upload through the app: peak RSS growth ${app.toFixed(1)} MiB, median of 3 after a warm-up (goal < ${GOAL_MIB} MiB: ${app < GOAL_MIB ? 'met' : 'NOT met'})`);
    console.log(`bare undici POST streaming the same file:  peak RSS growth ${bare.toFixed(1)} MiB, median of 3`);
    console.log(`ratio app / bare: ${(app / Math.max(bare, 0.1)).toFixed(2)}x`);
  } finally {
    sink.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
