// Outbox benchmark: `npx tsx scripts/bench-outbox.ts`
//
//   recordedPerSec        operations queued per second, one after the other, each fsynced
//                         before its enqueue resolves (also measured: a concurrent burst, where
//                         group commit lets many share one fsync)
//   syncedPerSec          operations sent per second to a sandbox with a huge rate limit
//   idleWakeupsPerMinute  timer wake-ups of the sync loop with nothing pending (must be 0)
//
// Baseline in the same process: raw writeFile + fsync of the same payload size, one file per
// operation, sequential and concurrent, and the outbox's ratio to it.
import { randomUUID } from 'node:crypto';
import { createHook } from 'node:async_hooks';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApiClient } from '../src-main/core/http/api-client';
import type { Profile } from '../src-main/core/model';
import { createOutbox } from '../src-main/core/outbox/index';
import type { Outbox } from '../src-main/core/outbox/index';
import type { KeyAccess } from '../src-main/core/services';
import { startSandbox } from '../src-main/sandbox/index';
import { freshKeyMeta } from '../tests/fixtures/key-meta';

const RECORD_OPS = 300;
const RECORD_BURST = 2000;
const SYNC_OPS = 1000;
const NUMBERS = 16;
const IDLE_MS = 2000;

export interface OutboxBenchResult {
  recordedPerSec: number;
  syncedPerSec: number;
  idleWakeupsPerMinute: number;
}

interface Extra {
  recordedBurstPerSec: number;
  payloadBytes: number;
  rawSequentialPerSec: number;
  rawConcurrentPerSec: number;
  processTimerCallbacksIdle: number;
}

function text(i: number): string {
  return `bench message ${i}: ${'lorem ipsum '.repeat(12)}`;
}

function deps(dir: string, baseUrl: string, key: string, sender = createApiClient()) {
  const profile: Profile = {
    id: 'p',
    name: 'bench',
    baseUrl,
    endpointOverrides: {},
    api: null,
    activeKeyId: 'k',
    sandbox: true,
    allowInsecureHttp: false,
    createdAt: new Date().toISOString(),
  };
  const meta = freshKeyMeta({ id: 'k', name: 'k', profileId: 'p', fingerprint: key.slice(-4), addedAt: profile.createdAt });
  let hold: Promise<void> | null = null;
  let release = (): void => undefined;
  const keyAccess: KeyAccess = {
    withKey: (_p, _k, fn) => fn(key, new AbortController().signal, meta),
    noteUse: () => undefined,
  };
  return {
    sender,
    holdSync() {
      hold = new Promise((r) => (release = r));
    },
    releaseSync() {
      release();
      hold = null;
    },
    deps: {
      dir,
      sender,
      keyAccess,
      getProfile: async () => {
        if (hold) await hold;
        return profile;
      },
      revocationKeys: { get: async () => null, drop: async () => undefined },
      probeIntervalMs: { min: 200, max: 2000 },
    },
  };
}

function enqueueAll(outbox: Outbox, n: number): Promise<unknown> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      outbox.enqueueMessage({
        profileId: 'p',
        keyId: null,
        op: {
          op: 'messages.text',
          input: { number: `55119000${String(i % NUMBERS).padStart(5, '0')}`, text: text(i) },
          idempotencyKey: randomUUID(),
        },
        label: 'bench',
      }),
    ),
  );
}

async function rawFsync(dir: string, payload: string, n: number, concurrent: boolean): Promise<number> {
  const one = async (i: number): Promise<void> => {
    const handle = await open(join(dir, `raw-${concurrent ? 'c' : 's'}-${i}`), 'w');
    await handle.writeFile(payload);
    await handle.sync();
    await handle.close();
  };
  const t0 = performance.now();
  if (concurrent) await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
  else for (let i = 0; i < n; i++) await one(i);
  return n / ((performance.now() - t0) / 1000);
}

export async function runOutboxBench(): Promise<OutboxBenchResult & Extra> {
  const root = await mkdtemp(join(tmpdir(), 'bench-outbox-'));
  const sandbox = await startSandbox({ contacts: 5, rate: 1e9, burst: 1e9 });
  try {
    // 1. recorded per second: nothing is sent meanwhile (profile lookups are held)
    const recDir = join(root, 'record');
    const rec = deps(recDir, sandbox.baseUrl, sandbox.adminKey);
    rec.holdSync();
    const recorder = await createOutbox(rec.deps);
    let t0 = performance.now();
    for (let i = 0; i < RECORD_OPS; i++) await enqueueAll(recorder, 1);
    const recordedPerSec = RECORD_OPS / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    await enqueueAll(recorder, RECORD_BURST);
    const recordedBurstPerSec = RECORD_BURST / ((performance.now() - t0) / 1000);
    await recorder.close();
    await rec.sender.close();

    // 2. synced per second against the sandbox
    const syncDir = join(root, 'sync');
    const syn = deps(syncDir, sandbox.baseUrl, sandbox.adminKey);
    syn.holdSync();
    const syncer = await createOutbox(syn.deps);
    await enqueueAll(syncer, SYNC_OPS);
    const done = new Promise<void>((resolve) => {
      syncer.onDidChange((items) => {
        if (items.every((i) => i.state === 'sent')) resolve();
      });
    });
    t0 = performance.now();
    syn.releaseSync();
    await syncer.syncNow();
    await done;
    const syncedPerSec = SYNC_OPS / ((performance.now() - t0) / 1000);

    // 3. idle cost: nothing pending; count the loop's timer wake-ups, and every timer callback
    //    in the process (the HTTP client's own keep-alive timers included) for comparison
    await syn.sender.close();
    await new Promise((r) => setTimeout(r, 100));
    const timeouts = new Set<number>();
    let processTimerCallbacks = 0;
    const hook = createHook({
      init(id, type) {
        if (type === 'Timeout') timeouts.add(id);
      },
      before(id) {
        if (timeouts.has(id)) processTimerCallbacks++;
      },
    });
    const wakeupsBefore = syncer.timerWakeups();
    // this wait is the benchmark's own timer, made before the hook is on: not counted
    const idle = new Promise<void>((r) => setTimeout(r, IDLE_MS));
    hook.enable();
    await idle;
    hook.disable();
    const idleWakeups = syncer.timerWakeups() - wakeupsBefore;
    const idleWakeupsPerMinute = (idleWakeups * 60_000) / IDLE_MS;
    await syncer.close();

    // baseline: the same payload, raw writeFile + fsync
    const payloadBytes = Buffer.byteLength(
      JSON.stringify({ op: 'messages.text', input: { number: '5511900000001', text: text(0) }, idempotencyKey: randomUUID() }),
    );
    const rawDir = join(root, 'raw');
    await mkdir(rawDir);
    const payload = 'x'.repeat(payloadBytes);
    const rawSequentialPerSec = await rawFsync(rawDir, payload, 300, false);
    const rawConcurrentPerSec = await rawFsync(rawDir, payload, 300, true);
    return {
      recordedPerSec,
      recordedBurstPerSec,
      syncedPerSec,
      idleWakeupsPerMinute,
      payloadBytes,
      rawSequentialPerSec,
      rawConcurrentPerSec,
      processTimerCallbacksIdle: processTimerCallbacks,
    };
  } finally {
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runOutboxBench();
  const f = (n: number): string => n.toFixed(0).padStart(7);
  console.log(`outbox bench (payload ${r.payloadBytes} bytes per operation)`);
  console.log(`  recorded (fsynced) per second   ${f(r.recordedPerSec)}   (${RECORD_OPS} enqueues, one after the other)`);
  console.log(`  recorded, burst, per second     ${f(r.recordedBurstPerSec)}   (${RECORD_BURST} enqueues issued together: group commit)`);
  console.log(
    `  synced per second               ${f(r.syncedPerSec)}   (${SYNC_OPS} messages to ${NUMBERS} numbers, sandbox rate limit off)`,
  );
  console.log(
    `  idle wake-ups per minute        ${f(r.idleWakeupsPerMinute)}   (sync loop timer over ${IDLE_MS} ms with nothing pending; must be 0)`,
  );
  console.log(
    `  process timer callbacks idle    ${f(r.processTimerCallbacksIdle)}   (all timers in the process over the same ${IDLE_MS} ms)`,
  );
  console.log(`baseline: raw writeFile + fsync, one file per operation, same payload`);
  console.log(
    `  sequential per second           ${f(r.rawSequentialPerSec)}   ratio outbox/raw ` +
      `${(r.recordedPerSec / r.rawSequentialPerSec).toFixed(2)} (one after the other)`,
  );
  console.log(
    `  300 concurrent per second       ${f(r.rawConcurrentPerSec)}   ratio outbox/raw ` +
      `${(r.recordedBurstPerSec / r.rawConcurrentPerSec).toFixed(2)} (burst vs concurrent)`,
  );
}
