// The sandbox's memory under the two floods of issue 10 item 11, against its own idle memory:
//   1. 10,000 requests without a key, each with a 64 KiB body and 15 KiB of headers;
//   2. 12 uploads of a 100 MiB document (134 MiB of base64 JSON) started at once; a refused one
//      (503, past the upload budget) is sent again after its Retry-After, until all 12 are in.
// The sandbox runs alone in a child process (as big as the app's: 100,000 contacts); its RSS is
// sampled every 50 ms for the peak, and read after a full GC for what stays.
// Run: npx tsx scripts/bench-sandbox-memory.ts   (runSandboxMemoryBench() for `npm run bench`)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export interface MemoryFigure {
  /** after a full GC */
  settledMiB: number;
  /** highest RSS sampled during the phase */
  peakMiB: number;
}

export interface SandboxMemoryResult {
  idleMiB: number;
  flood: MemoryFigure & { requests: number; seconds: number; statuses: Record<string, number> };
  uploads: MemoryFigure & { uploads: number; refusedThenRetried: number; seconds: number };
}

const FLOOD = 10_000;
const FLOOD_BODY = 64 * 1024;
const FLOOD_HEADERS = 15 * 1024;
const UPLOADS = 12;
const UPLOAD_BYTES = 100 * 1024 * 1024;

async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0; // not Linux: the peak is then the settled figure
  }
}

export async function runSandboxMemoryBench(): Promise<SandboxMemoryResult> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/sandbox-memory-child.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => JSON.parse(String((await lines.next()).value)) as Record<string, unknown>;
  const { baseUrl, adminKey } = (await next()) as { baseUrl: string; adminKey: string };
  const mem = async (): Promise<number> => {
    child.stdin!.write('mem\n');
    return Number((await next()).rssMiB);
  };
  const sampling = (): { stop(): Promise<number> } => {
    let peak = 0;
    let running = true;
    const loop = (async () => {
      while (running) {
        peak = Math.max(peak, await rssOf(child.pid!));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    return {
      async stop() {
        running = false;
        await loop;
        return peak;
      },
    };
  };
  try {
    const idleMiB = await mem();

    // 1. the unauthenticated flood, 16 at a time over keep-alive connections
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const body = Buffer.alloc(FLOOD_BODY, 0x61);
    const pad = 'h'.repeat(FLOOD_HEADERS);
    const statuses: Record<string, number> = {};
    const one = (): Promise<void> =>
      new Promise((done) => {
        const req = request(
          `${baseUrl}/api/v1/messages/text`,
          {
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'X-Padding': pad },
          },
          (res) => {
            statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1;
            res.resume().on('end', done);
          },
        );
        req.on('error', () => {
          statuses.error = (statuses.error ?? 0) + 1;
          done();
        });
        req.end(body);
      });
    let sampler = sampling();
    let started = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < FLOOD) {
          sent += 1;
          await one();
        }
      }),
    );
    const floodSeconds = (performance.now() - started) / 1000;
    const floodPeak = await sampler.stop();
    agent.destroy();
    const floodSettled = await mem();

    // 2. twelve 100 MiB document uploads at once
    const prefix = Buffer.from(
      `{"number":"5511912345678","mediatype":"document","mimetype":"application/pdf","fileName":"big.pdf","media":"`,
    );
    const upload = Buffer.concat([prefix, Buffer.from(randomBytes(UPLOAD_BYTES).toString('base64')), Buffer.from('"}')]);
    let refused = 0;
    const uploadOnce = (i: number): Promise<{ status: number; retryAfterMs: number }> =>
      new Promise((done) => {
        const req = request(
          `${baseUrl}/api/v1/messages/media`,
          {
            method: 'POST',
            agent: false,
            headers: {
              Authorization: `Bearer ${adminKey}`,
              'Content-Type': 'application/json',
              'Content-Length': String(upload.length),
              'Idempotency-Key': `bench-upload-${i}`,
            },
          },
          (res) => {
            res
              .resume()
              .on('end', () => done({ status: res.statusCode ?? 0, retryAfterMs: Number(res.headers['retry-after'] ?? 1) * 1000 }));
          },
        );
        // a refused upload is answered before its body is read and the connection closed
        req.on('error', () => done({ status: 0, retryAfterMs: 1000 }));
        req.end(upload);
      });
    sampler = sampling();
    started = performance.now();
    await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        for (let attempt = 0; attempt < 120; attempt += 1) {
          const { status, retryAfterMs } = await uploadOnce(i);
          if (status === 201) return;
          refused += 1;
          await new Promise((r) => setTimeout(r, retryAfterMs * (0.5 + Math.random())));
        }
        throw new Error(`upload ${i} never got through`);
      }),
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploadPeak = await sampler.stop();
    const uploadSettled = await mem();
    return {
      idleMiB,
      flood: { requests: FLOOD, seconds: floodSeconds, statuses, peakMiB: Math.max(floodPeak, floodSettled), settledMiB: floodSettled },
      uploads: {
        uploads: UPLOADS,
        refusedThenRetried: refused,
        seconds: uploadSeconds,
        peakMiB: Math.max(uploadPeak, uploadSettled),
        settledMiB: uploadSettled,
      },
    };
  } finally {
    child.stdin!.end();
    child.kill('SIGTERM');
  }
}

export function formatSandboxMemoryBench(r: SandboxMemoryResult): string {
  const x = (v: number): string => `${(v / r.idleMiB).toFixed(2)}x idle`;
  const mib = (v: number): string => `${v.toFixed(0)} MiB`;
  return [
    `sandbox memory (RSS of the sandbox process, 100,000 contacts): idle ${mib(r.idleMiB)}`,
    `  ${r.flood.requests} requests without a key (64 KiB body, 15 KiB headers) in ${r.flood.seconds.toFixed(1)} s, answers ` +
      `${JSON.stringify(r.flood.statuses)}`,
    `    peak ${mib(r.flood.peakMiB)} (${x(r.flood.peakMiB)}), after ${mib(r.flood.settledMiB)} (${x(r.flood.settledMiB)})`,
    `  ${r.uploads.uploads} parallel 100 MiB uploads (134 MiB of base64 each) in ${r.uploads.seconds.toFixed(1)} s, ` +
      `${r.uploads.refusedThenRetried} refused (503) and sent again`,
    `    peak ${mib(r.uploads.peakMiB)} (${x(r.uploads.peakMiB)}), after ${mib(r.uploads.settledMiB)} (${x(r.uploads.settledMiB)})`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(formatSandboxMemoryBench(await runSandboxMemoryBench()));
}
