// The sync loop costs nothing when nothing waits, and backs off (no busy loop) while offline.
import { describe, expect, it } from 'vitest';
import { enqueueText, worldsClosedAfterEach, waitAll, waitFor } from './world';

const openWorld = worldsClosedAfterEach();

function timeouts(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('outbox: idle and back-off', () => {
  it('an empty outbox sets no timer at all', async () => {
    const world = await openWorld();
    const before = timeouts();
    const outbox = await world.open();
    await outbox.syncNow();
    await sleep(400);
    expect(outbox.hasTimer()).toBe(false);
    expect(outbox.timerWakeups()).toBe(0);
    expect(timeouts()).toBeLessThanOrEqual(before);
  });

  it('after everything is sent the loop stops: no timer, no wake-ups', async () => {
    const world = await openWorld();
    const outbox = await world.open();
    for (let i = 0; i < 5; i++) await enqueueText(outbox, '5511966660001', `idle ${i}`);
    await waitAll(outbox, 'sent');
    await waitFor(() => !outbox.hasTimer(), 'the timer to go');
    const wakeups = outbox.timerWakeups();
    await world.sender.close(); // the HTTP client's keep-alive timers are not the outbox's
    await sleep(100);
    const before = timeouts();
    await sleep(600);
    expect(outbox.timerWakeups()).toBe(wakeups);
    expect(outbox.hasTimer()).toBe(false);
    expect(timeouts()).toBeLessThanOrEqual(before);
  });

  it('while the server is down it probes with growing back-off, not in a loop', async () => {
    const world = await openWorld();
    await world.sandbox.suspend();
    const outbox = await world.open({ probeIntervalMs: { min: 40, max: 320 }, random: () => 0.5 });
    const item = await enqueueText(outbox, '5511966660002', 'waits');
    await waitFor(async () => (await outbox.list())[0]!.pendingReason === 'offline', 'offline');
    const start = outbox.timerWakeups();
    await sleep(1500);
    const wakeups = outbox.timerWakeups() - start;
    // 40, 80, 160, 320, 320... ms (x0.75 with this jitter): about 8 in 1.5 s; a loop would be thousands
    expect(wakeups).toBeGreaterThan(2);
    expect(wakeups).toBeLessThan(15);
    expect(outbox.hasTimer()).toBe(true);
    const shown = (await outbox.list())[0]!;
    expect(shown.state).toBe('pending');
    // the next probe time (in the past only while that probe is under way)
    expect(Math.abs(Date.parse(shown.nextAttemptAt!) - Date.now())).toBeLessThan(1_000);
    await world.sandbox.resume();
    await waitAll(outbox, 'sent');
    expect(item.id).toBe(shown.id);
  });

  it('waiting only for an admin key sets no timer', async () => {
    const world = await openWorld();
    world.keys.forget('admin'); // no admin key saved on this machine
    const outbox = await world.open();
    await outbox.revocations.enqueue({ profileId: 'p_test', localKeyId: null, serverKeyId: 'k_somewhere', label: 'x' });
    await waitFor(async () => (await outbox.list())[0]!.pendingReason === 'needs_admin_key', 'needs_admin_key');
    await waitFor(() => !outbox.hasTimer(), 'no timer');
    const wakeups = outbox.timerWakeups();
    await sleep(400);
    expect(outbox.timerWakeups()).toBe(wakeups);
  });
});
