// The crash test with two processes draining one data folder at once, as the app window and a
// `crm sync` in a terminal do: each round starts two syncing processes together and kills them
// with SIGKILL at random (seeded) moments, both at once or one first while the other keeps
// draining (and takes over what the dead one was sending); a few hundred kills, then one process
// runs to the end. Nothing may be lost and nothing may reach the server twice.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_SIZE } from '../../../../src-main/sandbox/journal';
import type { ChildRun } from './crash-child-runner';
import { runChild, syncToTheEnd } from './crash-child-runner';
import { expectCrashEndState } from './crash-end-state';
import { startCrashRun } from './crash-run';

const KILLS = 200;
/** first batch; when a round drains the queue before its kills, another TOP_UP are queued */
const MESSAGES = 1500;
const TOP_UP = 400;
/**
 * Twice as many recipients as one process sends to at once (8): messages to one recipient go one
 * at a time, in order, so with fewer a single process would hold every recipient's next message.
 */
const NUMBERS = Array.from({ length: 16 }, (_, i) => `55119000000${String(i + 10)}`);
/**
 * Each message POST waits this long at the server before it is handled, like a server across a
 * network: kills then find requests in flight, and the queue lasts for many rounds.
 */
const LATENCY_MS = 30;
const REVOCATIONS = 6;
/** share of the rounds in which one process is killed first and the other drains on alone */
const LONE_SURVIVOR = 0.35;
const SEED = 0x2d12a;

type Child = ReturnType<typeof runChild>;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('outbox: crash test, two processes draining at once', () => {
  it(`loses nothing and sends nothing twice across ${KILLS}+ kill -9 of two concurrent drainers`, { timeout: 400_000 }, async () => {
    const t0 = Date.now();
    const { sb, work, random, revoked, expected, enqueueMore, writes } = await startCrashRun({
      label: 'crash two',
      seed: SEED,
      numbers: NUMBERS,
      messages: MESSAGES,
      revocations: REVOCATIONS,
      // one delay per send, and some for the sends again after a kill
      onBatch: (sandbox, n) =>
        sandbox.injectFaults(
          Array.from({ length: Math.ceil(n * 1.2) }, () => ({ kind: 'delay', ms: LATENCY_MS })),
          { method: 'POST', pathPrefix: '/api/v1/messages' },
        ),
    });

    const runs: ChildRun[] = [];
    let kills = 0;
    let midSync = 0;
    let rounds = 0;
    let loneRounds = 0;
    /** rounds in which each process recorded a message as sent while the other was running */
    let bothDraining = 0;
    /** of those, rounds in which each recorded one between the other's first and last */
    let interleaved = 0;
    let finishedEarly = 0;
    /** claims of a process killed a moment ago, taken over by the other one while it drained on */
    let peerTakeovers = 0;

    /** kills a child; `ended`: when it was killed, or when it was seen to finish by itself */
    const kill = async (c: Child, before: number): Promise<{ run: ChildRun; ended: number; finished: boolean }> => {
      const at = Date.now();
      const delivered = c.child.kill('SIGKILL');
      const run = await c.exited;
      if (run.signal === 'SIGKILL' && delivered) {
        kills++;
        // it was sending when it died: it had not finished and requests went out meanwhile
        if (run.started && run.done === null && writes() > before) midSync++;
        return { run, ended: at, finished: false };
      }
      // it drained the queue before its kill came
      expect(run.code, run.stderr).toBe(0);
      return { run, ended: exitedAt.get(c) ?? at, finished: true };
    };

    // Two children are started ahead and wait, loaded, for their round: both then open the
    // outbox at the same moment, and each kill lands in the outbox's work, not in loading.
    const spare: Child[] = [];
    const exitedAt = new Map<Child, number>();
    const refill = (): void => {
      while (spare.length < 2) {
        const c = runChild('sync', work, sb.baseUrl, true);
        void c.exited.then(() => exitedAt.set(c, Date.now()));
        spare.push(c);
      }
    };
    refill();
    while (kills < KILLS && rounds < KILLS) {
      rounds++;
      const pair = spare.splice(0, 2) as [Child, Child];
      await Promise.all(pair.map((c) => c.ready));
      // the schedule is drawn up front, so the seed alone decides it
      const first = 20 + Math.floor(random() * 380);
      const lone = random() < LONE_SURVIVOR ? Math.floor(random() * 2) : null;
      const alone = 20 + Math.floor(random() * 580);
      const before = writes();
      for (const c of pair) c.go();
      await Promise.all(pair.map((c) => c.started));
      await sleep(first);
      let ends: Awaited<ReturnType<typeof kill>>[];
      if (lone === null) {
        ends = await Promise.all(pair.map((c) => kill(c, before)));
      } else {
        loneRounds++;
        const survivor = pair[lone]!;
        const victim = pair[1 - lone]!;
        const gone = await kill(victim, before);
        await sleep(alone);
        const last = await kill(survivor, before);
        ends = lone === 0 ? [last, gone] : [gone, last];
        peerTakeovers += survivor.run.stderr.split(`from process ${victim.child.pid} `).length - 1;
      }
      // the next two load now, not during the round: loading takes the CPU the drainers need
      refill();
      const [a, b] = ends as [(typeof ends)[0], (typeof ends)[0]];
      runs.push(a.run, b.run);
      // each recorded a message as sent while the other was still running
      const sentWhile = (x: typeof a, y: typeof a): boolean => x.run.sent.some((s) => s.at < y.ended);
      if (sentWhile(a, b) && sentWhile(b, a)) {
        bothDraining++;
        const [x, y] = [a.run.sent, b.run.sent];
        if (x[0]!.at < y.at(-1)!.at && y[0]!.at < x.at(-1)!.at) interleaved++;
      }
      if (a.finished || b.finished) {
        // it drained the queue before the kills came: queue more so later kills land mid-sync
        finishedEarly++;
        await enqueueMore(TOP_UP);
      }
    }
    // the spares never opened the outbox
    runs.push(await syncToTheEnd(spare.splice(0), work, sb.baseUrl, expected.length + REVOCATIONS));
    const damaged = (await readdir(join(work, 'data'))).filter((f) => f.includes('.damaged-')).length;

    await expectCrashEndState(sb, { expected, numbers: NUMBERS, revoked, work });

    // The sandbox replays a repeated Idempotency-Key, so the messages alone cannot show two live
    // processes sending one operation. The processes' own words can: a message is recorded as
    // sent by one process only, and every resend follows a takeover of a dead process's claim.
    const told = new Map<string, number>();
    for (const run of runs) for (const s of run.sent) told.set(s.key, (told.get(s.key) ?? 0) + 1);
    expect([...told].filter(([, n]) => n > 1)).toEqual([]);
    const requests = sb.requests();
    // the request log kept every request (it drops the oldest past its size), so the counts below are whole
    expect(requests.length).toBeLessThan(JOURNAL_SIZE);
    const stderr = runs.map((r) => r.stderr).join('');
    const resends = requests.filter((r) => r.method === 'POST').length - expected.length;
    const lockTakeovers = stderr.split('took over the journal lock').length - 1;
    const claimTakeovers = stderr.split('outbox: took over ob_').length - 1;
    expect(resends).toBeLessThanOrEqual(claimTakeovers);

    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(
      `outbox crash test, two drainers: survived ${kills} kill -9 (${midSync} mid-sync) in ${rounds} rounds of two processes ` +
        `(${loneRounds} with one killed first, the other draining on; ${finishedEarly} drained the queue and got more work); ` +
        `${bothDraining} rounds with both processes recording sends while the other ran (${interleaved} of ` +
        `them interleaved); ${expected.length} messages + ${REVOCATIONS} revocations, each exactly once; ` +
        `${resends} message resends after a kill (harmless: same Idempotency-Key); taken over after a kill: ${claimTakeovers} claims ` +
        `(${peerTakeovers} by the surviving peer while it drained), ${lockTakeovers} journal locks; ${damaged} torn journal tail(s) set aside; ${seconds} s`,
    );
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    expect(midSync).toBeGreaterThan(0);
    expect(bothDraining).toBeGreaterThan(0);
  });
});
