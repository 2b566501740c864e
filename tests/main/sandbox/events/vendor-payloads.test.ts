// The requests the sandbox's evolution-v2 and wati dialects post: each vendor's own event shape and
// signing (Evolution: the secret as the body's apikey and no signature header; Wati: nothing), and
// what the app reads back from them. Pure: no network.
import { describe, expect, it } from 'vitest';
import { findVendorEvents } from '../../../../src-main/core/events/vendor-events';
import type { SandboxEvent } from '../../../../src-main/sandbox/events/event-types';
import { webhookRequest } from '../../../../src-main/sandbox/events/webhook-request';

const AT = new Date('2026-03-02T10:00:00.000Z');
const URL_ = 'http://127.0.0.1:9/webhooks/p_1';
const NUMBER = '5511999990001';
const SENT_ID = '3EB0AB12CD34EF56AB12CD';
const read: SandboxEvent = { name: 'message.status', seq: 3, id: SENT_ID, number: NUMBER, status: 'read', at: AT, error: null };
const reply: SandboxEvent = {
  name: 'message.received',
  seq: 4,
  id: 'in_0a1b2c3d4e5f',
  number: NUMBER,
  profileName: 'Ana Souza',
  type: 'image',
  text: 'the box',
  media: { url: 'http://127.0.0.1:9/media/samples/photo.png', mimetype: 'image/png', fileName: 'photo.png' },
  at: AT,
  inReplyTo: SENT_ID,
};

const bodyOf = (dialect: 'evolution-v2' | 'wati', event: SandboxEvent, secret: string | null): Record<string, unknown> =>
  JSON.parse(webhookRequest(dialect, event, URL_, secret).body) as Record<string, unknown>;

describe("the evolution-v2 dialect posts Evolution's events", () => {
  it('a state as messages.update, keyed by keyId, signed only by the apikey in the body', () => {
    const request = webhookRequest('evolution-v2', read, URL_, 'instance-key');
    expect(Object.keys(request.headers)).toEqual(['Content-Type']);
    const body = JSON.parse(request.body) as { event: string; apikey: string; data: Record<string, unknown> };
    const data = { keyId: read.id, status: 'READ', fromMe: true };
    expect(body).toMatchObject({ event: 'messages.update', apikey: 'instance-key', data });
    expect(body.data.messageId).not.toBe(read.id);
    expect(findVendorEvents(body)).toEqual([{ kind: 'status', messageId: read.id, state: 'read', number: NUMBER, at: null, reason: null }]);
  });

  it('a reply as messages.upsert with pushName and an imageMessage with its caption; no apikey without a secret', () => {
    const body = bodyOf('evolution-v2', reply, null);
    expect(body).not.toHaveProperty('apikey');
    const data = { key: { fromMe: false, id: reply.id }, pushName: 'Ana Souza', messageType: 'imageMessage' };
    expect(body).toMatchObject({ event: 'messages.upsert', data });
    const fields = { type: 'image', text: 'the box', name: 'Ana Souza', media: { mimetype: 'image/png' } };
    const image = { kind: 'received', messageId: reply.id, ...fields };
    expect(findVendorEvents(body)).toMatchObject([image]);
  });
});

describe("the wati dialect posts Wati's events, unsigned", () => {
  it('a state by eventType, a reply as message with senderName; no signature header even with a secret', () => {
    const request = webhookRequest('wati', read, URL_, 'ignored-secret');
    expect(Object.keys(request.headers)).toEqual(['Content-Type']);
    expect(request.body).not.toContain('ignored-secret');
    const state = JSON.parse(request.body) as Record<string, unknown>;
    expect(state).toMatchObject({ eventType: 'sentMessageREAD_v2', id: read.id, statusString: 'Read', waId: NUMBER });
    expect(findVendorEvents(state)).toMatchObject([{ kind: 'status', messageId: read.id, state: 'read' }]);
    const message = bodyOf('wati', reply, null);
    expect(message).toMatchObject({ eventType: 'message', senderName: 'Ana Souza', type: 'image', data: reply.media!.url, owner: false });
    const image = { kind: 'received', type: 'image', text: 'the box', name: 'Ana Souza', media: { url: reply.media!.url } };
    expect(findVendorEvents(message)).toMatchObject([image]);
  });
});
