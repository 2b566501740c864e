// A queued message is bound to the service and the request it was queued with: a profile that
// moves to another service, or describes the send differently, holds it for the person instead
// of sending it somewhere (or somehow) else. Two real sandboxes, the real HTTP client.
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../../src-main/core/model';
import type { Outbox } from '../../../../src-main/core/outbox/index';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import { startSandbox } from '../../../../src-main/sandbox/index';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { PROFILE_ID, sandboxMessages } from './doubles';
import { countTexts, worldsClosedAfterEach, queuedWithKeysHeld, textOp, waitFor, waitState } from './world';
import type { World } from './world';

let other: RunningSandbox | null = null;
afterEach(async () => {
  await other?.close();
  other = null;
});
// registered last, so it runs first: each world is closed before the other sandbox
const openWorld = worldsClosedAfterEach();

const A = '5511999991001';

/** queued as the message service queues it: with the request as built and where the profile pointed */
async function enqueueBound(w: World, outbox: Outbox, text: string) {
  const profile = w.keys.profiles.get(PROFILE_ID)!;
  const op = textOp(A, text);
  const request = await buildRequest(op, profile);
  return outbox.enqueueMessage({ profileId: PROFILE_ID, keyId: null, op, label: A, request, baseUrl: profile.baseUrl });
}

/** `text` queued by an outbox that could not send (no key to be had), that outbox closed, then the keys given back */
async function queuedWhileKeysHeld(w: World, text: string): Promise<OutboxItem> {
  return queuedWithKeysHeld(w, (first) => enqueueBound(w, first, text));
}

function moveProfile(w: World, patch: { baseUrl?: string; endpointOverrides?: Record<string, string> }): void {
  const p = w.keys.profiles.get(PROFILE_ID)!;
  w.keys.profiles.set(PROFILE_ID, { ...p, ...patch });
}

function posts(s: RunningSandbox): number {
  return s.requests().filter((r) => r.method === 'POST').length;
}

describe('outbox: a queued message keeps its service and its request', () => {
  it('held when the profile moved to another service; retry sends it to the old one, once, and never to the new one', async () => {
    const world = await openWorld();
    other = await startSandbox({ contacts: 1 });
    const item = await queuedWhileKeysHeld(world, 'bound to the first service');
    // the profile now points at the second service (and its key was approved for it)
    moveProfile(world, { baseUrl: other.baseUrl });
    const outbox = await world.open();
    const held = await waitFor(async () => (await outbox.list()).find((i) => i.id === item.id && i.pendingReason === 'held'), 'held');
    expect(held.state).toBe('pending');
    expect(held.lastError?.message).toBe(
      `Queued for ${new URL(world.sandbox.baseUrl).origin}; the profile now points at ` +
        `${new URL(other.baseUrl).origin}: send it to the old service, or discard it.`,
    );
    await outbox.syncNow();
    await new Promise((r) => setTimeout(r, 300));
    expect(posts(other)).toBe(0);
    expect(posts(world.sandbox)).toBe(0);
    expect((await outbox.list()).find((i) => i.id === item.id)?.pendingReason).toBe('held');

    await outbox.retry(item.id);
    await waitState(outbox, item.id, 'sent');
    expect(countTexts(await world.messages()).get('bound to the first service')).toBe(1);
    expect(posts(other)).toBe(0);
    expect(await sandboxMessages(other.baseUrl, other.adminKey)).toEqual([]);
  });

  it('held when the description of the send changed; cancel discards it and nothing is sent', async () => {
    const world = await openWorld();
    const item = await queuedWhileKeysHeld(world, 'described the old way');
    moveProfile(world, { endpointOverrides: { 'messages.text': '/api/v1/messages/text-v2' } });
    const outbox = await world.open();
    const held = await waitFor(async () => (await outbox.list()).find((i) => i.id === item.id && i.pendingReason === 'held'), 'held');
    expect(held.lastError?.message).toMatch(
      /^Queued as POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/messages\/text; the profile's description of this send has changed since \(now: POST .*text-v2\)/,
    );
    const cancelled = await outbox.cancel(item.id);
    expect(cancelled.state).toBe('cancelled');
    await outbox.syncNow();
    expect(posts(world.sandbox)).toBe(0);
  });

  it('sends the stored request as it was queued once the person says so, even if the description changed', async () => {
    const world = await openWorld();
    const item = await queuedWhileKeysHeld(world, 'as queued');
    moveProfile(world, { endpointOverrides: { 'messages.text': '/api/v1/nowhere' } });
    const outbox = await world.open();
    await waitFor(async () => (await outbox.list()).find((i) => i.id === item.id && i.pendingReason === 'held'), 'held');
    await outbox.retry(item.id);
    await waitState(outbox, item.id, 'sent');
    const paths = world.sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .map((r) => r.path);
    expect(paths).toEqual(['/api/v1/messages/text']);
  });

  it("an item queued without its request (an older build) is built from today's description, but still held once the origin moves", async () => {
    const world = await openWorld();
    other = await startSandbox({ contacts: 1 });
    const outbox = await world.open();
    // a first pass binds it to where the profile points; the sandbox is suspended so it waits
    await world.sandbox.suspend();
    const legacy = await outbox.enqueueMessage({ profileId: PROFILE_ID, keyId: null, op: textOp(A, 'older build'), label: A });
    await waitFor(async () => (await outbox.list()).find((i) => i.id === legacy.id && i.pendingReason === 'offline'), 'offline');
    moveProfile(world, { baseUrl: other.baseUrl });
    await outbox.syncNow();
    const held = await waitFor(async () => (await outbox.list()).find((i) => i.id === legacy.id && i.pendingReason === 'held'), 'held');
    expect(held.lastError?.message).toContain(`the profile now points at ${new URL(other.baseUrl).origin}`);
    expect(posts(other)).toBe(0);
    await world.sandbox.resume();
    await outbox.retry(legacy.id);
    await waitState(outbox, legacy.id, 'sent');
    expect(countTexts(await world.messages()).get('older build')).toBe(1);
    expect(posts(other)).toBe(0);
  });
});
