// The webhook inspector's record on a real crm.db file: what is kept of a delivery holds no
// secret (signature headers, credential headers and body fields, the profile's own secret), a
// long body is cut and then cannot be replayed, the table keeps the newest N per profile and
// nothing older than its days, a second process sees what the first kept, and Copy as cURL shows
// the signature as a placeholder unless asked.
import { describe, expect, it } from 'vitest';
import { KEPT_BODY_BYTES, SIGNATURE_PLACEHOLDER, scrubBody, scrubHeaders } from '../../../../src-main/core/events/webhooks/delivery-scrub';
import { WebhookInspector } from '../../../../src-main/core/events/webhooks/webhook-inspector';
import type { ObservedDelivery } from '../../../../src-main/core/events/webhooks/webhook-delivery';
import { signatureOf } from '../../../../src-main/core/events/webhooks/signature';
import { openDatabase } from '../../../../src-main/core/store/database';
import { userVersion } from '../../../../src-main/core/store/migrate';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { WebhookDeliveriesTable } from '../../../../src-main/core/store/tables/webhook-deliveries-table';
import { tempDir } from '../../helpers/temp-dir';

const SECRET = 'whsec_inspector_unit_5521';
const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));

function seen(body: string, extra: Partial<ObservedDelivery> = {}): ObservedDelivery {
  return {
    profileId: 'p1',
    at: new Date('2026-03-01T12:00:00Z'),
    source: '127.0.0.1',
    method: 'POST',
    path: '/webhooks/p1',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signatureOf(Buffer.from(body), SECRET),
      authorization: 'Bearer tok_abc',
    },
    body: Buffer.from(body),
    verdict: 'valid',
    status: 200,
    problem: null,
    payload: JSON.parse(body) as unknown,
    outcome: { found: 1, changed: 1 },
    ...extra,
  };
}

async function inspectorOn(dir: string, now = (): Date => new Date('2026-03-01T12:00:00Z'), perProfile = 500) {
  const db = openDatabase(dir);
  const received: unknown[] = [];
  const inspector = new WebhookInspector({
    table: new WebhookDeliveriesTable(db, { perProfile, maxDays: 7 }, () => now().getTime()),
    secretsOf: () => Promise.resolve([SECRET]),
    scrub: (text) => text,
    receive: (_id, payload) => {
      received.push(payload);
      return { found: 1, changed: 0 };
    },
    now,
  });
  return { db, inspector, received };
}

const STATUS = JSON.stringify({
  event: 'message.status',
  data: { id: 'm_1', number: '5511900000001', status: 'delivered', at: '2026-03-01T12:00:00Z' },
});

describe('webhook inspector', () => {
  it('the table comes with the latest schema version', async () => {
    const { db } = await inspectorOn(await tempDir('crm-inspector-'));
    expect(userVersion(db)).toBe(LATEST);
  });

  it('keeps no signature, credential header, credential field or secret', async () => {
    const { inspector } = await inspectorOn(await tempDir('crm-inspector-'));
    const body = JSON.stringify({ event: 'messages.upsert', apikey: 'evo-instance-key-99', data: { note: `echo ${SECRET}` } });
    const kept = await inspector.record(seen(body));
    expect(kept.headers['x-hub-signature-256']).toBe(SIGNATURE_PLACEHOLDER);
    expect(kept.headers.authorization).toBe('[scrubbed]');
    expect(JSON.stringify(kept)).not.toContain('evo-instance-key-99');
    expect(JSON.stringify(kept)).not.toContain(SECRET);
    expect(JSON.stringify(kept)).not.toContain('tok_abc');
  });

  it('a form body loses its credential fields; an untouched body keeps its exact bytes', () => {
    const form = scrubBody(Buffer.from('Body=hi&AuthToken=abc123'), 'application/x-www-form-urlencoded', []);
    expect(form.text).toBe('Body=hi&AuthToken=%5Bscrubbed%5D');
    expect(scrubBody(Buffer.from('{ "a" : 1 }'), 'application/json', []).text).toBe('{ "a" : 1 }');
    expect(scrubHeaders({ 'X-Twilio-Signature': 'abc=' })['x-twilio-signature']).toBe(SIGNATURE_PLACEHOLDER);
  });

  it('a body over the cap is cut, and its replay is refused with the reason', async () => {
    const { inspector, received } = await inspectorOn(await tempDir('crm-inspector-'));
    const big = JSON.stringify({ event: 'x', data: { text: 'a'.repeat(KEPT_BODY_BYTES + 10) } });
    const kept = await inspector.record(seen(big, { payload: null, outcome: { found: 0, changed: 0 } }));
    expect(kept).toMatchObject({ bodyCut: true, bodyBytes: Buffer.byteLength(big) });
    expect(Buffer.byteLength(kept.body!)).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    await expect(inspector.replay(kept.id)).rejects.toThrow(/longer than the inspector keeps/);
    expect(received).toEqual([]);
  });

  it('a delivery refused before its body was read cannot be replayed', async () => {
    const { inspector } = await inspectorOn(await tempDir('crm-inspector-'));
    const refused = { body: null, verdict: 'not_checked', status: 403, problem: 'browser origin', outcome: null } as const;
    const kept = await inspector.record(seen(STATUS, refused));
    await expect(inspector.replay(kept.id)).rejects.toThrow(/nothing to replay/);
  });

  it('a replay hands the same payload to the app and is kept marked as one', async () => {
    const { inspector, received } = await inspectorOn(await tempDir('crm-inspector-'));
    const kept = await inspector.record(seen(STATUS));
    const replay = await inspector.replay(kept.id);
    expect(received).toEqual([JSON.parse(STATUS)]);
    expect(replay).toMatchObject({ replayOf: kept.id, changed: 0, verdict: 'not_checked' });
    expect(replay.effects).toEqual([{ kind: 'state', messageId: 'm_1', state: 'delivered', reason: null }]);
  });

  it('keeps the newest N per profile and nothing older than its days; another process reads what was kept', async () => {
    const dir = await tempDir('crm-inspector-');
    let clock = new Date('2026-03-01T12:00:00Z');
    const { inspector } = await inspectorOn(dir, () => clock, 3);
    for (let i = 0; i < 5; i += 1) await inspector.record(seen(STATUS, { at: clock }));
    await inspector.record(seen(STATUS, { profileId: 'p2', at: clock }));
    expect(inspector.list({ profileId: 'p1', limit: 100 })).toHaveLength(3);
    const other = await inspectorOn(dir, () => clock, 3);
    expect(other.inspector.list({ profileId: null, limit: 100 })).toHaveLength(4);
    clock = new Date(clock.getTime() + 8 * 24 * 60 * 60 * 1000);
    await inspector.record(seen(STATUS, { at: clock }));
    expect(inspector.list({ profileId: null, limit: 100 }).map((d) => d.at)).toEqual([clock.toISOString()]);
  });

  it('Copy as cURL shows a placeholder for the signature unless asked, then the right one', async () => {
    const { inspector } = await inspectorOn(await tempDir('crm-inspector-'));
    const kept = await inspector.record(seen(STATUS));
    const plain = inspector.curlOf(kept.id, 'http://127.0.0.1:47474/webhooks/p1');
    expect(plain).toContain(SIGNATURE_PLACEHOLDER);
    expect(plain).not.toContain('tok_abc');
    expect(plain).not.toContain('host:');
    const signed = inspector.curlOf(kept.id, 'http://127.0.0.1:47474/webhooks/p1', SECRET);
    expect(signed).toContain(signatureOf(Buffer.from(STATUS), SECRET));
  });

  it('an unknown id is a clear not-found', async () => {
    const { inspector } = await inspectorOn(await tempDir('crm-inspector-'));
    expect(() => inspector.get('nope')).toThrow(/No kept webhook delivery/);
  });
});
