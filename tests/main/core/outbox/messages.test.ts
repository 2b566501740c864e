// Messages through the outbox against the real sandbox and the real HTTP client.
import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../../src-main/core/model';
import type { Outbox } from '../../../../src-main/core/outbox/index';
import { PROFILE_ID, countTexts, enqueueText, worldsClosedAfterEach, waitAll, waitFor, waitState } from './world';
import type { World } from './world';

const openWorld = worldsClosedAfterEach();

const A = '5511999990001';
const B = '5511999990002';
const C = '5511999990003';

/** Writes a 1x1 PNG as `name` into the world's folder and queues it as an image to A; returns the file too. */
async function enqueuePixel(w: World, outbox: Outbox, name: string, caption?: string): Promise<{ file: string; item: OutboxItem }> {
  const file = join(w.dir, name);
  await writeFile(file, Buffer.from(PNG_1X1, 'base64'));
  const input = {
    number: A,
    mediatype: 'image' as const,
    source: { kind: 'file' as const, path: file },
    ...(caption !== undefined ? { caption } : {}),
  };
  const item = await outbox.enqueueMessage({
    profileId: PROFILE_ID,
    keyId: null,
    op: { op: 'messages.media', input, idempotencyKey: randomUUID() },
    label: A,
  });
  return { file, item };
}

function postsTo(w: World, path = '/api/v1/messages/text'): number {
  return w.sandbox.requests().filter((r) => r.method === 'POST' && r.path === path).length;
}

describe('outbox: messages', () => {
  it('never fails a message for resets, even while the probe says the server is fine: it backs off and goes once the resets stop', async () => {
    // the probe (GET of the base URL) answers every time, every POST is reset
    const world = await openWorld();
    world.sandbox.injectFaults(
      Array.from({ length: 50 }, () => ({ kind: 'reset' as const })),
      { method: 'POST', pathPrefix: '/api/v1/messages/text' },
    );
    const outbox = await world.open();
    const item = await enqueueText(outbox, A, 'reset every time');
    const seen: OutboxItem[] = [];
    outbox.onDidChange((items) => items.forEach((i) => i.id === item.id && seen.push(i)));
    await waitFor(async () => world.sent.filter((r) => r.method === 'POST').length >= 6, 'six resets', 20_000);
    // its own back-off grows (FAST: 40..300 ms), so six resets take a while, not one probe each
    expect(seen.every((i) => i.state !== 'failed')).toBe(true);
    const waiting = (await outbox.list()).find((i) => i.id === item.id)!;
    expect(['pending', 'sending']).toContain(waiting.state);
    world.sandbox.clearFaults();
    await waitState(outbox, item.id, 'sent', 10_000);
    expect(countTexts(await world.messages()).get('reset every time')).toBe(1);
    // every try carried the same Idempotency-Key
    const keys = new Set(
      world.sent.filter((r) => r.method === 'POST').map((r) => r.requestHeaders['Idempotency-Key'] ?? r.requestHeaders['idempotency-key']),
    );
    expect(keys.size).toBe(1);
  });

  it('queues while the server is down and sends each message exactly once when it is back', async () => {
    const world = await openWorld();
    await world.sandbox.suspend();
    const outbox = await world.open();
    const seen = new Set<string>();
    outbox.onDidChange((items) => items.forEach((i) => i.pendingReason && seen.add(i.pendingReason)));
    const texts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const text = `offline ${i}`;
      texts.push(text);
      await enqueueText(outbox, [A, B, C][i % 3]!, text);
    }
    await waitFor(async () => (await outbox.list()).some((i) => i.pendingReason === 'offline'), 'an offline item');
    expect(seen.has('offline')).toBe(true);
    expect(postsTo(world)).toBe(0); // none reached the (suspended) server
    // queued while the API is known to be down: shown as waiting for the network at once
    const late = await enqueueText(outbox, C, 'offline late');
    texts.push('offline late');
    expect(late.pendingReason).toBe('offline');
    expect(late.nextAttemptAt).not.toBeNull();

    await world.sandbox.resume();
    const items = await waitAll(outbox, 'sent');
    const counts = countTexts(await world.messages());
    expect(counts.size).toBe(13);
    for (const t of texts) expect(counts.get(t)).toBe(1);
    for (const item of items) expect(item.resultSummary).toMatch(/^m_/);
    expect(outbox.hasTimer()).toBe(false);
  });

  it('keeps the order per recipient, and a waiting message blocks only its own recipient', async () => {
    const world = await openWorld();
    const outbox = await world.open({ probeIntervalMs: { min: 2000, max: 4000 } });
    // the first text POST gets an HTML 500: whichever head gets it waits 1..2 s
    world.sandbox.injectFaults([{ kind: 'status', status: 500, body: '<html>down</html>', contentType: 'text/html' }], {
      method: 'POST',
      pathPrefix: '/api/v1/messages/text',
    });
    await world.sandbox.suspend();
    for (let i = 0; i < 5; i++) {
      await enqueueText(outbox, A, `A${i}`);
      await enqueueText(outbox, B, `B${i}`);
    }
    await world.sandbox.resume();
    await outbox.syncNow();
    await waitAll(outbox, 'sent', 20_000);
    const messages = await world.messages();
    expect(messages.filter((m) => m.number === A).map((m) => m.text)).toEqual(['A0', 'A1', 'A2', 'A3', 'A4']);
    expect(messages.filter((m) => m.number === B).map((m) => m.text)).toEqual(['B0', 'B1', 'B2', 'B3', 'B4']);
    // the recipient whose first message hit the 500 waited; the other one did not wait for it
    const order = messages.map((m) => m.text!);
    const delayed = order[order.length - 1]!.startsWith('A') ? 'A' : 'B';
    const other = delayed === 'A' ? 'B' : 'A';
    expect(order.indexOf(`${other}4`)).toBeLessThan(order.indexOf(`${delayed}0`));
  });

  it('rides out a 429 storm and still sends each message exactly once', async () => {
    const world = await openWorld();
    const outbox = await world.open();
    const reasons = new Set<string>();
    outbox.onDidChange((items) => items.forEach((i) => i.pendingReason && reasons.add(i.pendingReason)));
    world.sandbox.injectFaults(
      Array.from({ length: 6 }, () => ({ kind: 'rate_limit' as const, retryAfter: '1' })),
      { method: 'POST', pathPrefix: '/api/v1/messages' },
    );
    await world.sandbox.suspend();
    for (let i = 0; i < 9; i++) await enqueueText(outbox, [A, B, C][i % 3]!, `storm ${i}`);
    await world.sandbox.resume();
    await waitAll(outbox, 'sent', 20_000);
    const counts = countTexts(await world.messages());
    expect([...counts.values()]).toEqual(Array(9).fill(1));
    expect(reasons.has('rate_limited')).toBe(true);
  });

  it('retries after HTML 500s and succeeds; a long run of 500s never fails it', async () => {
    const world = await openWorld();
    const outbox = await world.open({ probeIntervalMs: { min: 20, max: 60 } });
    const html = { kind: 'status' as const, status: 500, body: '<html><body>Internal error</body></html>', contentType: 'text/html' };
    world.sandbox.injectFaults([html, html, html], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    const errors: OutboxItem[] = [];
    outbox.onDidChange((items) => items.forEach((i) => i.pendingReason === 'server_error' && errors.push(i)));
    const one = await enqueueText(outbox, A, 'after 500s');
    const sent = await waitState(outbox, one.id, 'sent');
    expect(sent.attempts).toBe(4);
    expect(errors[0]?.lastError?.status).toBe(500);
    expect(countTexts(await world.messages()).get('after 500s')).toBe(1);

    // a 5xx is no definite answer: the message waits out any number of them
    world.sandbox.injectFaults(Array(12).fill(html), { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    const two = await enqueueText(outbox, B, 'outlasts the 500s');
    const states = new Set<string>();
    outbox.onDidChange((items) => items.forEach((i) => i.id === two.id && states.add(i.state)));
    const done = await waitState(outbox, two.id, 'sent', 15_000);
    expect(done.attempts).toBe(13);
    expect(states.has('failed')).toBe(false);
    expect(countTexts(await world.messages()).get('outlasts the 500s')).toBe(1);
  });

  it('fails (does not retry) after a 4xx, and a retry by the person sends it', async () => {
    const world = await openWorld();
    const outbox = await world.open();
    world.sandbox.injectFaults([{ kind: 'status', status: 400, body: '{"error":{"code":"bad_request","message":"nope"}}' }], {
      method: 'POST',
      pathPrefix: '/api/v1/messages/text',
    });
    const item = await enqueueText(outbox, A, 'four hundred');
    const failed = await waitState(outbox, item.id, 'failed');
    expect(failed.lastError?.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(postsTo(world)).toBe(1);
    expect(outbox.hasTimer()).toBe(false);
    await outbox.retry(item.id);
    await waitState(outbox, item.id, 'sent');
    expect(postsTo(world)).toBe(2);
  });

  it("fails with the service's reason, once, when a 200 answer says the message was not sent", async () => {
    const world = await openWorld();
    const outbox = await world.open();
    const body = '{"result":false,"info":"Invalid WhatsApp number"}';
    world.sandbox.injectFaults([{ kind: 'status', status: 200, body, contentType: 'application/json' }], {
      method: 'POST',
      pathPrefix: '/api/v1/messages/text',
    });
    const item = await enqueueText(outbox, A, 'refused in a 200');
    const failed = await waitState(outbox, item.id, 'failed');
    expect(failed.lastError).toEqual({
      code: 'refused_by_service',
      message: 'The service did not send the message: Invalid WhatsApp number',
      status: 200,
    });
    expect(failed.attempts).toBe(1);
    // a definite answer: nothing is sent again on its own
    await new Promise((r) => setTimeout(r, 300));
    expect(postsTo(world)).toBe(1);
    expect(outbox.hasTimer()).toBe(false);
  });

  it('cancels pending and failed messages, not one being sent', async () => {
    const world = await openWorld();
    await world.sandbox.suspend();
    const outbox = await world.open();
    const keep = await enqueueText(outbox, A, 'keep me');
    const drop = await enqueueText(outbox, B, 'cancel me');
    const cancelled = await outbox.cancel(drop.id);
    expect(cancelled.state).toBe('cancelled');
    await world.sandbox.resume();
    await waitState(outbox, keep.id, 'sent');
    await expect(outbox.cancel(keep.id)).rejects.toMatchObject({ code: 'conflict' });
    const texts = (await world.messages()).map((m) => m.text);
    expect(texts).toEqual(['keep me']);

    world.sandbox.injectFaults([{ kind: 'delay', ms: 600 }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    const slow = await enqueueText(outbox, C, 'slow one');
    await waitState(outbox, slow.id, 'sending');
    await expect(outbox.cancel(slow.id)).rejects.toMatchObject({ code: 'conflict' });
    await waitState(outbox, slow.id, 'sent');
  });

  it('close() during a send gives the operation back; the next instance sends it once', async () => {
    const world = await openWorld();
    const first = await world.open();
    world.sandbox.injectFaults([{ kind: 'delay', ms: 400 }], { method: 'POST', pathPrefix: '/api/v1/messages/text' });
    const item = await enqueueText(first, A, 'closed mid-send');
    await waitState(first, item.id, 'sending');
    await first.close();
    world.keys.hold(); // look before the next instance syncs
    const second = await world.open();
    const [after] = await second.list();
    expect(after).toMatchObject({ state: 'pending', pendingReason: 'queued', attempts: 1 });
    world.keys.release();
    await second.syncNow();
    await waitState(second, item.id, 'sent');
    await new Promise((r) => setTimeout(r, 500)); // the aborted request's delayed arrival, if any
    expect(countTexts(await world.messages()).get('closed mid-send')).toBe(1);
  });

  it('fails a media message whose staged file was deleted before the send, with a clear reason', async () => {
    const world = await openWorld();
    await world.sandbox.suspend();
    const outbox = await world.open();
    const { file, item } = await enqueuePixel(world, outbox, 'photo.png');
    await rm(file);
    await world.sandbox.resume();
    const failed = await waitState(outbox, item.id, 'failed');
    expect(failed.lastError?.code).toBe('file_unreadable');
    expect(failed.lastError?.message).toMatch(/photo\.png.*deleted/);
  });

  it('sends a staged media file once it can', async () => {
    const world = await openWorld();
    const outbox = await world.open();
    const { item } = await enqueuePixel(world, outbox, 'pixel.png', 'pixel');
    await waitState(outbox, item.id, 'sent');
    expect(postsTo(world, '/api/v1/messages/media')).toBe(1);
  });

  it('fails a message with no usable key; after a key is added, retry sends it', async () => {
    const world = await openWorld();
    world.keys.setActive(null);
    const outbox = await world.open();
    const item = await enqueueText(outbox, A, 'needs a key', 'k_gone');
    const failed = await waitState(outbox, item.id, 'failed');
    expect(failed.lastError?.message).toMatch(/No usable key.*add one and retry/);
    world.keys.add('k_new', world.sandbox.adminKey, null, { active: true });
    await outbox.retry(item.id);
    await waitState(outbox, item.id, 'sent');
    expect(countTexts(await world.messages()).get('needs a key')).toBe(1);
  });

  it('queues the same Idempotency-Key once', async () => {
    const world = await openWorld();
    world.keys.hold();
    const outbox = await world.open();
    const op = { op: 'messages.text' as const, input: { number: A, text: 'twice?' }, idempotencyKey: randomUUID() };
    const one = await outbox.enqueueMessage({ profileId: PROFILE_ID, keyId: null, op, label: A });
    const two = await outbox.enqueueMessage({ profileId: PROFILE_ID, keyId: null, op, label: A });
    expect(two.id).toBe(one.id);
    expect(await outbox.list()).toHaveLength(1);
  });
});

/** a valid 1x1 PNG */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
