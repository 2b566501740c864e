// Each vendor's own webhook events, in the shape its docs give (our own values), posted over real
// HTTP to the real receiver with a real database and keychain: Evolution API v2 (signed only by
// the apikey in its body, which is never kept), Wati (states named by event, unsigned), a Twilio
// file named only by its MediaContentType0. States never move back; one delivery counts once.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox } from '../../helpers/sandbox';
import { closeCoreReceiver, startCoreReceiver } from './support/core-receiver';
import { sendText } from '../../helpers/send-operations';

const available = await keychainAvailable();
const APIKEY = 'evolution-instance-key-4417';
const CONTACT = '5511999990001';
const JID = `${CONTACT}@s.whatsapp.net`;
/** Evolution's own id of a stored row: it matches nothing a send answered */
const ROW_ID = 'cm8row0000000000000000001';

describe.skipIf(!available)("each vendor's own webhook events", () => {
  let t: TestCore;
  let receiver: WebhookReceiver;
  let profileId: string;
  let postsForms = false;
  const logged: string[] = [];

  beforeAll(async () => {
    const sandbox = await openSandbox({ contacts: 5 });
    t = await openTestCore('vendor-webhooks');
    ({ profileId } = await addProfileWithKey(t.core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey }));
    const { core } = t;
    receiver = await startCoreReceiver(core, {
      exists: async (id) => id === profileId,
      verifyTokenOf: async () => null,
      postsForms: () => postsForms,
      log: (line) => logged.push(line),
    });
  });

  afterAll(() => closeCoreReceiver(receiver, t, profileId));

  const post = async (payload: unknown): Promise<{ status: number; received: number | null }> => {
    const headers = { 'content-type': 'application/json' };
    const res = await fetch(receiver.urlFor(profileId), { method: 'POST', headers, body: JSON.stringify(payload) });
    const body = (await res.json()) as { received?: number };
    return { status: res.status, received: body.received ?? null };
  };

  const send = async (text: string): Promise<string> => {
    const sent = await sendText(t.core.messages, { number: CONTACT, text });
    if (sent.status !== 'sent' || !sent.message.id) throw new Error('the send was not taken');
    return sent.message.id;
  };

  const lineOf = async (messageId: string): Promise<{ state: string | null; text: string | null } | undefined> =>
    (await t.core.conversations.thread({ number: CONTACT })).items.find((i) => i.messageId === messageId);

  describe('Evolution API v2', () => {
    const evolution = (event: string, data: unknown, apikey: string | null = APIKEY): Record<string, unknown> => ({
      event,
      instance: 'shop-main',
      data,
      destination: 'http://127.0.0.1/webhooks',
      date_time: '2026-03-02T10:00:00.000Z',
      sender: '5511900000000@s.whatsapp.net',
      server_url: 'http://evolution.local:8080',
      ...(apikey === null ? {} : { apikey }),
    });
    const update = (keyId: string, status: string, apikey: string | null = APIKEY): Record<string, unknown> =>
      evolution('messages.update', { messageId: ROW_ID, keyId, remoteJid: JID, fromMe: true, status, instanceId: 'inst-1' }, apikey);
    /** what a chat got: `key.id` the message's id */
    type Fields = Record<string, unknown>;
    const upsert = (id: string, fromMe: boolean, message: Fields, extra: Fields): Fields => {
      const messageType = Object.keys(message)[0];
      return evolution('messages.upsert', { key: { remoteJid: JID, fromMe, id }, message, messageType, ...extra, instanceId: 'inst-1' });
    };

    beforeAll(async () => {
      await t.core.webhookSecrets.set(profileId, { secret: APIKEY });
    });
    afterAll(async () => {
      await t.core.webhookSecrets.set(profileId, { secret: null });
    });

    it("messages.update is matched by keyId (not Evolution's own messageId); a late ack never moves the state back", async () => {
      const messageId = await send('Your order ships today');
      expect(await post(update(messageId, 'SERVER_ACK'))).toEqual({ status: 200, received: 1 });
      expect(await post(update(messageId, 'READ'))).toEqual({ status: 200, received: 1 });
      expect(await post(update(messageId, 'DELIVERY_ACK'))).toEqual({ status: 200, received: 1 });
      expect((await lineOf(messageId))?.state).toBe('read');
    });

    it('messages.upsert: a text reply with its pushName, an image with its caption; our own echo (fromMe) is ignored', async () => {
      const at = Math.floor(Date.now() / 1000);
      // the phone's ack of an incoming message rides along as `status`: not a state of ours
      const fromAna = { pushName: 'Ana Souza', status: 'DELIVERY_ACK', source: 'android' };
      const text = upsert('3EB0C0FFEE0001', false, { conversation: 'Thanks, it arrived' }, { ...fromAna, messageTimestamp: at });
      const photo = { imageMessage: { url: 'https://files.example.net/box.jpg', mimetype: 'image/jpeg', caption: 'the box' } };
      const image = upsert('3EB0C0FFEE0002', false, photo, { ...fromAna, messageTimestamp: at + 1 });
      const echo = upsert('3EB0C0FFEE0003', true, { conversation: 'our own words' }, { pushName: 'Shop', status: 'PENDING' });
      expect(await post(text)).toEqual({ status: 200, received: 1 });
      expect(await post(image)).toEqual({ status: 200, received: 1 });
      expect(await post(echo)).toEqual({ status: 200, received: 0 });
      const thread = await t.core.conversations.thread({ number: CONTACT });
      expect(thread.name).toBe('Ana Souza');
      const lines = thread.items.filter((i) => i.direction === 'in').map((i) => [i.messageId, i.kind, i.text, i.media?.mimetype ?? null]);
      expect(lines).toEqual(
        expect.arrayContaining([
          ['3EB0C0FFEE0001', 'text', 'Thanks, it arrived', null],
          ['3EB0C0FFEE0002', 'image', 'the box', 'image/jpeg'],
        ]),
      );
      expect(thread.items.some((i) => i.messageId === '3EB0C0FFEE0003')).toBe(false);
    });

    it('an update without keyId, an upsert without a message or from a group, and other events: 200, counted 0', async () => {
      const before = await t.core.conversations.thread({ number: CONTACT });
      const ignored = { status: 200, received: 0 };
      expect(await post(evolution('messages.update', { messageId: ROW_ID, remoteJid: JID, status: 'READ' }))).toEqual(ignored);
      expect(await post(upsert('3EB0C0FFEE0004', false, {}, { pushName: 'Ana Souza' }))).toEqual(ignored);
      const groupKey = { remoteJid: '120363000000000001@g.us', fromMe: false, id: '3EB0C0FFEE0005' };
      expect(await post(evolution('messages.upsert', { key: groupKey, message: { conversation: 'hi all' } }))).toEqual(ignored);
      expect(await post(evolution('connection.update', { state: 'open' }))).toEqual(ignored);
      expect((await t.core.conversations.thread({ number: CONTACT })).items).toEqual(before.items);
    });

    it('a wrong apikey, or none, is refused and nothing is read; the apikey is never stored or logged', async () => {
      const messageId = await send('Is this signed?');
      expect(await post(update(messageId, 'READ', 'someone-elses-key'))).toEqual({ status: 401, received: null });
      expect(await post(update(messageId, 'READ', null))).toEqual({ status: 401, received: null });
      expect((await lineOf(messageId))?.state).toBeNull();
      const files = (await readdir(t.dataDir, { recursive: true })).map(String);
      for (const file of files) {
        const bytes = await readFile(join(t.dataDir, file)).catch(() => Buffer.alloc(0));
        expect(bytes.includes(APIKEY), file).toBe(false);
      }
      expect(logged.join('\n')).not.toContain(APIKEY);
    });
  });

  describe('Wati', () => {
    const wati = (eventType: string, fields: Record<string, unknown>): Record<string, unknown> => ({
      eventType,
      conversationId: '65f0c0ffee00000000000001',
      ticketId: '65f0c0ffee00000000000002',
      created: '2026-03-02T10:00:00.000Z',
      timestamp: String(Math.floor(Date.now() / 1000)),
      waId: CONTACT,
      ...fields,
    });

    it('sessionMessageSent, then DELIVERED and READ (and a late DELIVERED), matched by id: sent, delivered, read, still read', async () => {
      const messageId = await send('Your table is booked');
      const ids = { id: messageId, whatsappMessageId: 'wamid.HBgNNTUxMTk5OTk5MDAwMRUCABEYEjA1' };
      const taken = { status: 200, received: 1 };
      const echo = wati('sessionMessageSent', { ...ids, owner: true, text: 'Your table is booked', type: 'text', statusString: 'SENT' });
      expect(await post(echo)).toEqual(taken);
      expect((await lineOf(messageId))?.state).toBe('sent');
      expect(await post(wati('sentMessageDELIVERED', { ...ids, owner: true, statusString: 'Delivered' }))).toEqual(taken);
      expect((await lineOf(messageId))?.state).toBe('delivered');
      expect(await post(wati('sentMessageREAD_v2', { ...ids, owner: true, statusString: 'Read' }))).toEqual(taken);
      expect(await post(wati('sentMessageDELIVERED', { ...ids, owner: true, statusString: 'Delivered' }))).toEqual(taken);
      expect((await lineOf(messageId))?.state).toBe('read');
    });

    it("a state named by a Wati id this app never saw is matched by WhatsApp's id when the send recorded that one", async () => {
      const messageId = await send('Matched by the other id');
      const otherId = '65f0c0ffee000000000000ff';
      const read = wati('sentMessageREAD', { id: otherId, whatsappMessageId: messageId, owner: true, statusString: 'Read' });
      expect(await post(read)).toEqual({ status: 200, received: 1 });
      expect((await lineOf(messageId))?.state).toBe('read');
    });

    it('message: a reply with its senderName; an event of our own (owner) is not a reply', async () => {
      const words = { text: 'See you at eight', type: 'text', owner: false, senderName: 'Bia Costa' };
      const reply = wati('message', { id: '65f0c0ffee00000000000010', whatsappMessageId: 'wamid.in.wati.1', ...words });
      expect(await post(reply)).toEqual({ status: 200, received: 1 });
      const ours = wati('message', { id: '65f0c0ffee00000000000011', text: 'from the team inbox', type: 'text', owner: true });
      expect(await post(ours)).toEqual({ status: 200, received: 0 });
      const thread = await t.core.conversations.thread({ number: CONTACT });
      expect(thread.items.filter((i) => i.direction === 'in' && i.text === 'See you at eight')).toHaveLength(1);
      expect(thread.items.some((i) => i.text === 'from the team inbox')).toBe(false);
    });

    it("templateMessageFailed: failed, with Wati's reason", async () => {
      const messageId = await send('A template that will fail');
      const reason = { failedCode: '131026', failedDetail: 'Message undeliverable' };
      const failed = wati('templateMessageFailed', { id: messageId, owner: true, ...reason });
      expect(await post(failed)).toEqual({ status: 200, received: 1 });
      const line = (await t.core.conversations.thread({ number: CONTACT })).items.find((i) => i.messageId === messageId);
      expect([line?.state, line?.reason]).toEqual(['failed', 'Message undeliverable']);
    });

    it('events with no id, no number or an unknown name are answered 200, counted 0, and change nothing', async () => {
      const before = await t.core.conversations.thread({ number: CONTACT });
      const ignored = { status: 200, received: 0 };
      expect(await post(wati('sentMessageREAD', { owner: true, statusString: 'Read' }))).toEqual(ignored);
      expect(await post(wati('message', { id: '65f0c0ffee00000000000012', text: 'no number', waId: 'not-a-number' }))).toEqual(ignored);
      expect(await post(wati('contactCreated', { id: '65f0c0ffee00000000000013' }))).toEqual(ignored);
      expect((await t.core.conversations.thread({ number: CONTACT })).items).toEqual(before.items);
    });
  });

  it('one payload holding the same delivery twice counts it once', async () => {
    const messageId = await send('Counted once');
    const status = { id: messageId, status: 'delivered', timestamp: '1767225600', recipient_id: CONTACT };
    const payload = { entry: [{ changes: [{ value: { statuses: [status] } }, { value: { statuses: [{ ...status }] } }] }] };
    expect(await post(payload)).toEqual({ status: 200, received: 1 });
    expect((await lineOf(messageId))?.state).toBe('delivered');
  });

  it('a Twilio file named only by NumMedia and MediaContentType0 is an image reply', async () => {
    postsForms = true;
    try {
      const sid = 'MM00000000000000000000000000000001';
      const form = new URLSearchParams({
        AccountSid: 'AC0000000000000000000000000000000a',
        MessageSid: sid,
        SmsSid: sid,
        SmsStatus: 'received',
        From: `whatsapp:+${CONTACT}`,
        To: 'whatsapp:+15550001111',
        Body: '',
        NumMedia: '1',
        MediaContentType0: 'image/png',
        MediaUrl0: 'https://media.example.net/Media/ME0001',
        ProfileName: 'Ana Souza',
        WaId: CONTACT,
      });
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      const res = await fetch(receiver.urlFor(profileId), { method: 'POST', headers, body: form.toString() });
      expect(await res.json()).toEqual({ received: 1 });
      const line = (await t.core.conversations.thread({ number: CONTACT })).items.find((i) => i.messageId === sid);
      expect([line?.kind, line?.media?.mimetype]).toEqual(['image', 'image/png']);
    } finally {
      postsForms = false;
    }
  });
});
