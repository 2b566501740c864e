// The crash test: a few hundred operations, synced by child processes that are killed with
// SIGKILL at random (seeded) moments, over and over; then one child runs to the end.
// Nothing may be lost and nothing may reach the server twice.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChild, syncToTheEnd } from './crash-child-runner';
import { expectCrashEndState } from './crash-end-state';
import { startCrashRun } from './crash-run';

const KILLS = 32;
/** first batch; when a run drains the queue before its kill, another TOP_UP are queued */
const MESSAGES = 600;
const TOP_UP = 200;
const NUMBERS = ['5511900000001', '5511900000002', '5511900000003'];
const REVOCATIONS = 6;
const SEED = 0x5eed;

describe('outbox: crash test', () => {
  it(`loses nothing and sends nothing twice across ${KILLS}+ kill -9 at random moments`, { timeout: 120_000 }, async () => {
    const t0 = Date.now();
    const { sb, work, random, revoked, expected, enqueueMore, writes } = await startCrashRun({
      label: 'crash',
      seed: SEED,
      numbers: NUMBERS,
      messages: MESSAGES,
      revocations: REVOCATIONS,
    });

    let kills = 0;
    let midSync = 0;
    let finishedEarly = 0;
    let stderr = '';
    // Children are started a few ahead and wait, loaded, for their turn: each kill then lands
    // in the outbox's work, not in TypeScript loading, and the test stays short.
    const AHEAD = 3;
    const spare: ReturnType<typeof runChild>[] = [];
    const refill = (): void => {
      while (spare.length < AHEAD) spare.push(runChild('sync', work, sb.baseUrl, true));
    };
    refill();
    for (let runs = 0; kills < KILLS && runs < KILLS * 2; runs++) {
      const c = spare.shift()!;
      refill();
      await c.ready;
      const before = writes();
      c.go();
      await c.started;
      await new Promise((r) => setTimeout(r, 20 + Math.floor(random() * 380)));
      const delivered = c.child.kill('SIGKILL');
      const run = await c.exited;
      stderr += run.stderr;
      if (run.signal === 'SIGKILL' && delivered) {
        kills++;
        // it was sending when it died: it made requests and had not finished
        if (run.started && run.done === null && writes() > before) midSync++;
      } else {
        // it drained the queue before its kill came: queue more so later kills land mid-sync
        expect(run.code, run.stderr).toBe(0);
        finishedEarly++;
        await enqueueMore(TOP_UP);
      }
    }
    // the spares never opened the outbox
    const last = await syncToTheEnd(spare.splice(0), work, sb.baseUrl, expected.length + REVOCATIONS);
    const damaged = (await readdir(join(work, 'data'))).filter((f) => f.includes('.damaged-')).length;

    await expectCrashEndState(sb, { expected, numbers: NUMBERS, revoked, work });

    const resends = sb.requests().filter((r) => r.method === 'POST').length - expected.length;
    stderr += last.stderr;
    // what the kills left behind for the next process to take over
    const lockTakeovers = stderr.split('took over the journal lock').length - 1;
    const claimTakeovers = stderr.split('outbox: took over ob_').length - 1;
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(
      `outbox crash test: survived ${kills} kill -9 (${midSync} mid-sync; ${finishedEarly} runs drained the queue before their kill and got more work); ` +
        `${expected.length} messages + ${REVOCATIONS} revocations, each exactly once; ${resends} message ` +
        `resends after a kill (harmless: same Idempotency-Key); ` +
        `taken over after a kill: ${claimTakeovers} claims of operations being sent, ${lockTakeovers} ` +
        `journal locks; ${damaged} torn journal tail(s) set aside; ${seconds} s`,
    );
    expect(kills).toBeGreaterThanOrEqual(30);
    expect(midSync).toBeGreaterThan(0);
  });
});
