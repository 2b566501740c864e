// The conversation panel under a stream of service events: 10,000 events a minute (replies and
// delivery states, a third of them for the contact on view) posted over real HTTP to the
// window's webhook listener, each stored and announced, the panel re-reading its conversation
// as conversation:changed arrives, while the page records its frame intervals. Measured in
// headless Debian Chromium against the BUILT renderer with the real handlers (tests/e2e harness).
// Figure: the frame p95 while the events arrive; baseline: the same page's frame p95 with no
// events, measured just before; goal: under 16.7 ms (a 60 Hz display's frame). Also: whether
// every event was applied, and how soon the panel showed the last reply.
// Exits non-zero when it cannot run (no Chromium, no listener, events refused or not applied).
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { Agent, request } from 'undici';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from '../tests/harness/headless-chromium';
import { launchConsole, type ConsoleHarness } from '../tests/e2e/support/app-harness';
import { openSection, uniqueNumber } from '../tests/e2e/support/fixtures';

const EVENTS_PER_MINUTE = 10_000;
/** the stream lasts this long (BENCH_EVENTS_SECONDS); the rate, not the length, is the claim */
const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 60);
/**
 * The goal: each frame's work within a 60 Hz display's frame, 16.7 ms, for 95% of frames. The
 * page sees frames as intervals of the display's clock, so an on-time frame measures 16.6-16.9 ms
 * (clock jitter, idle too) and a late one two frames, 33.3 ms: the p95 interval is under 1.5
 * display frames exactly when 95% of frames kept the 16.7 ms budget (bench-renderer.ts counts
 * missed frames the same way).
 */
const DISPLAY_FRAME_MS = 1000 / 60;
const LATE_MS = DISPLAY_FRAME_MS * 1.5;
/** posts in flight at most: the listener answers at once, so more means the machine fell behind */
const IN_FLIGHT = 16;

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** the page's frame intervals over `ms`, from its own requestAnimationFrame clock */
async function framesDuring(h: ConsoleHarness, work: () => Promise<void>): Promise<number[]> {
  // a string, not a function: the TypeScript runner would wrap a function's inner names in a
  // helper the page does not have
  await h.page.evaluate(`(() => {
    const g = globalThis;
    g.__frames = [];
    g.__framesOn = true;
    let last = 0;
    function tick(now) {
      g.__frames.push(now - last);
      last = now;
      if (g.__framesOn) requestAnimationFrame(tick);
    }
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  })()`);
  await work();
  return h.page.evaluate<number[]>('(() => { globalThis.__framesOn = false; return globalThis.__frames; })()');
}

function fail(message: string): never {
  console.error(`!!! conversation events bench cannot run: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const browser = await chromium
    .launch({ executablePath: CHROMIUM_PATH, args: [...HEADLESS_CHROMIUM_ARGS] })
    .catch((err: unknown) => fail(`Chromium did not start (${CHROMIUM_PATH}): ${err instanceof Error ? err.message : String(err)}`));
  const h = await launchConsole(browser, { contacts: 1_000 });
  const agent = new Agent({ connections: IN_FLIGHT });
  try {
    const info = await h.dispatch('webhooks:info', {});
    const url = info.ok ? (info.value as { url: string | null }).url : null;
    if (url === null) fail(`the window's webhook listener is not running (${info.ok ? JSON.stringify(info.value) : info.error.message})`);
    const onView = uniqueNumber();
    const others = Array.from({ length: 20 }, () => uniqueNumber());
    // messages to give the delivery states something to move
    const sentIds: string[] = [];
    for (const number of [onView, ...others.slice(0, 4)]) {
      const sent = await h.core.messages.send({
        op: 'messages.text',
        idempotencyKey: randomUUID(),
        input: { number, text: `Order for ${number}` },
      });
      if (sent.status === 'sent' && sent.message.id) sentIds.push(sent.message.id);
    }
    if (sentIds.length === 0) fail('no send was accepted by the sandbox');
    await openSection(h.page, 'Messages');
    const filter = h.page.getByRole('search', { name: 'Filter messages by number' });
    await filter.getByLabel('Recipient number').fill(onView);
    await filter.getByRole('button', { name: 'Show', exact: true }).click();
    await h.page.getByTestId('conversation').getByTestId('conversation-out').first().waitFor();

    const idle = await framesDuring(h, () => new Promise((ok) => setTimeout(ok, 5_000)));

    const total = Math.round((EVENTS_PER_MINUTE / 60) * SECONDS);
    const intervalMs = 60_000 / EVENTS_PER_MINUTE;
    const states = ['sent', 'delivered', 'read'];
    let refused = 0;
    let lastPostedAt = 0;
    const lastReply = `reply ${total - 1} on view`;
    const bodyOf = (i: number): unknown => {
      const at = new Date().toISOString();
      if (i === total - 1 || i % 3 === 0)
        return {
          event: 'message.received',
          data: { id: `in_bench_${i}`, number: onView, type: 'text', text: i === total - 1 ? lastReply : `reply ${i} on view`, at },
        };
      if (i % 3 === 1)
        return {
          event: 'message.received',
          data: { id: `in_bench_${i}`, number: others[i % others.length], type: 'text', text: `reply ${i}`, at },
        };
      return {
        event: 'message.status',
        data: { id: sentIds[i % sentIds.length], number: null, status: states[Math.floor(i / 3) % 3], at },
      };
    };
    const started = performance.now();
    const busy = await framesDuring(h, async () => {
      const inFlight = new Set<Promise<void>>();
      for (let i = 0; i < total; i += 1) {
        const due = started + i * intervalMs;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
        while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
        const post = request(url, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bodyOf(i)),
        })
          .then(async (res) => {
            if (res.statusCode !== 200) refused += 1;
            await res.body.dump();
          })
          .catch(() => {
            refused += 1;
          })
          .finally(() => inFlight.delete(post));
        inFlight.add(post);
      }
      await Promise.all(inFlight);
      lastPostedAt = performance.now();
      await h.page.getByTestId('conversation').getByText(lastReply, { exact: true }).waitFor({ timeout: 30_000 });
    });
    const shownAfterMs = performance.now() - lastPostedAt;
    const elapsedS = (lastPostedAt - started) / 1000;
    if (refused > 0) fail(`${refused} of ${total} posts were refused or failed`);
    const thread = await h.core.conversations.thread({ number: onView });
    const repliesOnView = thread.items.filter((i) => i.direction === 'in').length;
    // the conversation shows the latest 200 replies (THREAD_LIMIT in conversation-service.ts)
    const expectedOnView = Math.min(200, Array.from({ length: total }, (_, i) => i === total - 1 || i % 3 === 0).filter(Boolean).length);
    if (repliesOnView !== expectedOnView) fail(`${repliesOnView} replies of the contact on view were applied, expected ${expectedOnView}`);

    const figure = pct(busy, 0.95);
    const baseline = pct(idle, 0.95);
    console.log('\nConversation panel under 10,000 events a minute (headless Chromium, built renderer, real handlers and listener)');
    console.log(
      `  events posted                    ${total} in ${elapsedS.toFixed(1)} s (${((total / elapsedS) * 60).toFixed(0)} a ` +
        `minute), a third for the contact on view; every one answered 200 and applied`,
    );
    console.log(
      `  frame p95 while events arrive    ${figure.toFixed(1)} ms over ${busy.length} frames (p50 ${pct(busy, 0.5).toFixed(1)} ` +
        `ms, max ${Math.max(...busy).toFixed(1)} ms)`,
    );
    console.log(
      `  baseline: frame p95 idle         ${baseline.toFixed(1)} ms over ${idle.length} frames (ratio ${(figure / baseline).toFixed(2)})`,
    );
    const missed = busy.filter((f) => f > LATE_MS).length;
    console.log(
      `  frames missed                    ${missed} of ${busy.length} (${((missed / busy.length) * 100).toFixed(1)}%) while ` +
        `events arrive, ${idle.filter((f) => f > LATE_MS).length} of ${idle.length} idle`,
    );
    console.log(
      `  goal                             frame p95 under ${DISPLAY_FRAME_MS.toFixed(1)} ms of work, i.e. the p95 interval one ` +
        `display frame (under ${LATE_MS.toFixed(1)} ms): ${figure < LATE_MS ? 'met' : 'NOT MET'}`,
    );
    console.log(`  last reply shown in the panel    ${shownAfterMs.toFixed(0)} ms after the last post was answered`);
  } finally {
    await agent.close();
    await h.close();
    await browser.close();
  }
}

await main();
