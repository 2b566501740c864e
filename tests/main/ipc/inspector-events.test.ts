// inspector:changed, end to end on one data folder: a delivery another process's listener kept
// (a second core on the same crm.db, as `crm webhooks listen` is) reaches the window's events
// through the change counters, and one this process's own listener kept is told once its row is
// written (a moment after the answer), with its profile. A test that fails when the inspector's
// table is not watched or the event not wired.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { signatureOf } from '../../../src-main/core/events/webhooks/signature';
import { startWebhookReceiver, type WebhookReceiver } from '../../../src-main/core/events/webhooks/webhook-receiver';
import { webhookTargetOf } from '../../../src-main/core/events/webhooks/webhook-target';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import type { Disposable } from '../../../src-main/core/emitter';
import { wireCoreEvents } from '../../../src-main/ipc/core-events';
import type { EventMap } from '../../../src-main/ipc/contract';
import { tempDir } from '../helpers/temp-dir';

const SECRET = 'whsec_inspector_events_2290';

let cores: Core[] = [];
let receivers: WebhookReceiver[] = [];
let wirings: Disposable[] = [];
afterEach(async () => {
  for (const w of wirings) w.dispose();
  wirings = [];
  for (const r of receivers) await r.close();
  receivers = [];
  for (const c of cores) await c.close();
  cores = [];
});

async function coreOn(dataDir: string, processKind: 'window' | 'crm', secrets: MemorySecretStore): Promise<Core> {
  const core = await createCore({ dataDir, secretStore: secrets, outbox: false, processKind });
  cores.push(core);
  return core;
}

async function postSigned(core: Core, profileId: string): Promise<number> {
  const receiver = await startWebhookReceiver(webhookTargetOf(core), { port: 0 });
  receivers.push(receiver);
  const body = JSON.stringify({
    event: 'message.received',
    data: { id: `in_${Date.now()}`, number: '5511900000077', type: 'text', text: 'hello', at: new Date().toISOString() },
  });
  const answer = await fetch(receiver.urlFor(profileId), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-crm-signature-256': signatureOf(Buffer.from(body), SECRET) },
  });
  return answer.status;
}

/** the window's core with a signed profile, and the inspector:changed events it gives the window */
async function windowOn(
  label: string,
): Promise<{ dataDir: string; secrets: MemorySecretStore; window: Core; profileId: string; told: EventMap['inspector:changed'][] }> {
  const dataDir = await tempDir(label);
  const secrets = new MemorySecretStore();
  const window = await coreOn(dataDir, 'window', secrets);
  const profileId = (await window.profiles.create({ name: 'shop', baseUrl: 'http://127.0.0.1:9' })).id;
  await window.webhookSecrets.set(profileId, { secret: SECRET });
  const told: EventMap['inspector:changed'][] = [];
  wirings.push(
    wireCoreEvents(window, (event, data) => {
      if (event === 'inspector:changed') told.push(data as EventMap['inspector:changed']);
    }),
  );
  return { dataDir, secrets, window, profileId, told };
}

describe('inspector:changed', () => {
  it("a delivery kept by another process's listener reaches the window as the event", { timeout: 30_000 }, async () => {
    const { dataDir, secrets, window, profileId, told } = await windowOn('crm-inspector-events-');
    const crm = await coreOn(dataDir, 'crm', secrets);
    expect(await postSigned(crm, profileId)).toBe(200);
    await vi.waitFor(() => expect(told).toContainEqual({ profileId: null }), { timeout: 10_000, interval: 50 });
    expect(window.webhookInspector.list({ profileId, limit: 10 })).toHaveLength(1);
  });

  it("a delivery this process's listener kept is told once its row is written, with its profile", { timeout: 30_000 }, async () => {
    const { window, profileId, told } = await windowOn('crm-inspector-events-own-');
    expect(await postSigned(window, profileId)).toBe(200);
    // the row is written a moment after the answer (webhook-inspector.ts take)
    await window.webhookInspector.rowsWritten();
    expect(told).toContainEqual({ profileId });
  });
});
