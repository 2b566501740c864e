// A 100 MB document sent through the app's own path (request builder -> undici sender, the file
// streamed from disk) two ways: as multipart/form-data, and as base64 inside a JSON body (the
// default description's Send Media: the JSON around the file is written whole, the file's base64
// is encoded in 3-byte-aligned chunks as it is read). The baseline is a bare undici POST streaming
// the same file, in the same process. The figure is how much the process's resident memory grows
// at its peak during each. The receiving server runs in a child process so its buffers are not
// counted. Goal (issue 24): each of the app's uploads grows RSS by at most 32 MiB.
// Run: node --expose-gc --import tsx scripts/bench-upload.ts
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createApiClient } from '../src-main/core/http/api-client';
import { base64Length } from '../src-main/core/http/file-body';
import { buildRequest } from '../src-main/core/request/request-builder';

const SIZE = 100 * 1000 * 1000;
const GOAL_MIB = 32;
const MIB = 1024 * 1024;

/** A server in a child process that drains every body and answers {"id":"1"}; resolves its URL. */
function startSink(): Promise<{ url: string; stop: () => void }> {
  const code = `
    const http = require('node:http');
    const server = http.createServer((req, res) => {
      let n = 0;
      req.on('data', (c) => { n += c.length; });
      req.on('end', () => { res.setHeader('Content-Type', 'application/json'); res.end(JSON.stringify({ id: '1', bytes: n })); });
    });
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
      const answer = await request(`${sink.url}/media`, {
        method: 'POST',
        body: createReadStream(path),
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) },
      });
      await answer.body.text();
    };
    const client = createApiClient();
    const target = {
      baseUrl: sink.url,
      endpointOverrides: {},
      api: {
        version: 1 as const,
        operations: {
          'media.upload': {
            method: 'POST' as const,
            path: '/media',
            query: [],
            headers: [],
            body: { messaging_product: 'whatsapp', file: { $role: 'media' as const }, type: { $role: 'mimetype' as const } },
            encoding: 'multipart' as const,
          },
        },
      },
    };
    const appUpload = async (): Promise<void> => {
      const upload = await buildRequest({ op: 'media.upload', input: { source: { kind: 'file', path }, mediatype: 'document' } }, target);
      const answer = await client.send(upload, 'bench-key-0000000000');
      if ((answer.json as { bytes?: number }).bytes === undefined || (answer.json as { bytes: number }).bytes < SIZE)
        throw new Error('the sink did not receive the whole upload');
    };
    // the default description's Send Media: {"number",...,"media":"<base64>"} as one JSON body
    const base64Target = { baseUrl: sink.url, endpointOverrides: {} };
    const appBase64Upload = async (): Promise<void> => {
      const send = await buildRequest(
        {
          op: 'messages.media',
          input: { number: '5511999990000', mediatype: 'document', source: { kind: 'file', path } },
          idempotencyKey: `bench-${Date.now()}`,
        },
        base64Target,
      );
      if (send.body?.kind !== 'json-with-file')
        throw new Error(`the default Send Media body is ${send.body?.kind ?? 'empty'}, not base64 in JSON`);
      const answer = await client.send(send, 'bench-key-0000000000');
      if (((answer.json as { bytes?: number }).bytes ?? 0) < base64Length(SIZE))
        throw new Error('the sink did not receive the whole base64 body');
    };
    // one of each first, unmeasured: module loading, connection pools and JIT are not the upload's
    await bareUpload();
    await appUpload();
    await appBase64Upload();
    const bare = median([await peakGrowth(bareUpload), await peakGrowth(bareUpload), await peakGrowth(bareUpload)]);
    const app = median([await peakGrowth(appUpload), await peakGrowth(appUpload), await peakGrowth(appUpload)]);
    const base64 = median([await peakGrowth(appBase64Upload), await peakGrowth(appBase64Upload), await peakGrowth(appBase64Upload)]);
    await client.close();
    // the baseline grows RSS by about nothing, so a ratio to it says little: the difference is shown
    const verdict = (mib: number): string => `goal <= ${GOAL_MIB} MiB: ${mib <= GOAL_MIB ? 'met' : 'NOT met'}`;
    console.log(`bare undici POST streaming the same file (baseline): peak RSS growth ${bare.toFixed(1)} MiB, median of 3`);
    console.log(
      `100 MB as multipart through the app:      peak RSS growth ${app.toFixed(1)} MiB, median of 3 after a warm-up ` +
        `(${verdict(app)}); ${(app - bare).toFixed(1)} MiB against the baseline`,
    );
    console.log(
      `100 MB as base64 in JSON through the app:  peak RSS growth ${base64.toFixed(1)} MiB, median of 3 after a warm-up ` +
        `(${verdict(base64)}); ${(base64 - bare).toFixed(1)} MiB against the baseline (${(base64Length(SIZE) / 1e6).toFixed(0)} ` +
        `MB on the wire)`,
    );
  } finally {
    sink.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  console.error(`bench-upload could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
