// Message events found in what services post, whatever the vendor's shape: Meta's nested
// entries, Twilio's flat forms, a WhatsApp Web bridge's key objects, this app's default shape;
// and the states' order (a late "delivered" never undoes "read").
import { describe, expect, it } from 'vitest';
import { digitsOf, findMessageEvents } from '../../../../src-main/core/events/event-finder';
import { deliveryStateOf, laterState } from '../../../../src-main/core/events/status-words';

const metaChange = (value: Record<string, unknown>): unknown => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            ...value,
          },
        },
      ],
    },
  ],
});

describe('finding message events', () => {
  it("Meta: a text received, with the contact's name given beside it", () => {
    const payload = metaChange({
      contacts: [{ profile: { name: 'Ana Souza' }, wa_id: '5511999990001' }],
      messages: [
        { from: '5511999990001', id: 'wamid.HBgLNTUx', timestamp: '1767225600', type: 'text', text: { body: 'Is my order on its way?' } },
      ],
    });
    expect(findMessageEvents(payload)).toEqual([
      {
        kind: 'received',
        messageId: 'wamid.HBgLNTUx',
        number: '5511999990001',
        text: 'Is my order on its way?',
        type: 'text',
        at: '2026-01-01T00:00:00.000Z',
        name: 'Ana Souza',
        media: null,
      },
    ]);
  });

  it('Meta: statuses, one failed with its error, several in one post, the conversation object inside not taken for a message', () => {
    const payload = metaChange({
      statuses: [
        {
          id: 'wamid.A',
          status: 'delivered',
          timestamp: '1767225601',
          recipient_id: '5511999990001',
          conversation: { id: 'conv-1', origin: { type: 'service' } },
          pricing: { billable: true, category: 'service' },
        },
        {
          id: 'wamid.B',
          status: 'failed',
          timestamp: '1767225602',
          recipient_id: '5511999990002',
          errors: [
            {
              code: 131047,
              title: 'Re-engagement message',
              error_data: {
                details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
              },
            },
          ],
        },
      ],
    });
    const events = findMessageEvents(payload);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ kind: 'status', messageId: 'wamid.A', state: 'delivered', number: '5511999990001', reason: null });
    expect(events[1]).toMatchObject({ kind: 'status', messageId: 'wamid.B', state: 'failed', number: '5511999990002' });
    expect((events[1] as { reason: string }).reason).toMatch(/24 hours.*\(131047\)$/);
  });

  it('Twilio: a status callback and an incoming message, as flat form fields', () => {
    expect(
      findMessageEvents({
        MessageSid: 'SM1f0e',
        MessageStatus: 'undelivered',
        To: 'whatsapp:+5511999990003',
        From: 'whatsapp:+14155238886',
        ErrorCode: '63016',
      }),
    ).toEqual([{ kind: 'status', messageId: 'SM1f0e', state: 'failed', number: '5511999990003', at: null, reason: 'error 63016' }]);
    expect(
      findMessageEvents({
        MessageSid: 'SM2a',
        SmsStatus: 'received',
        From: 'whatsapp:+5511999990003',
        To: 'whatsapp:+14155238886',
        Body: 'hello',
        ProfileName: 'Bia',
      }),
    ).toEqual([
      { kind: 'received', messageId: 'SM2a', number: '5511999990003', text: 'hello', type: 'text', at: null, name: 'Bia', media: null },
    ]);
  });

  it("a WhatsApp Web bridge: a message in a key object, the account's own echo left out, an ack update", () => {
    const incoming = {
      event: 'messages.upsert',
      data: {
        key: { remoteJid: '5511999990004@s.whatsapp.net', fromMe: false, id: '3EB0C7' },
        pushName: 'Caio',
        message: { conversation: 'oi' },
        messageTimestamp: 1767225600,
      },
    };
    expect(findMessageEvents(incoming)).toEqual([
      {
        kind: 'received',
        messageId: '3EB0C7',
        number: '5511999990004',
        text: 'oi',
        type: 'text',
        at: '2026-01-01T00:00:00.000Z',
        name: 'Caio',
        media: null,
      },
    ]);
    const echo = {
      event: 'messages.upsert',
      data: { key: { remoteJid: '5511999990004@s.whatsapp.net', fromMe: true, id: '3EB0C8' }, message: { conversation: 'sent by us' } },
    };
    expect(findMessageEvents(echo)).toEqual([]);
    expect(
      findMessageEvents({
        event: 'messages.update',
        data: { key: { id: '3EB0C8', remoteJid: '5511999990004@s.whatsapp.net' }, status: 'READ' },
      }),
    ).toMatchObject([{ kind: 'status', messageId: '3EB0C8', state: 'read', number: '5511999990004' }]);
  });

  it("this app's default shape: status and received events", () => {
    expect(
      findMessageEvents({
        event: 'message.status',
        data: { id: 'm_1', number: '5511999990005', status: 'read', at: '2026-01-01T10:00:00Z', error: null },
      }),
    ).toEqual([{ kind: 'status', messageId: 'm_1', state: 'read', number: '5511999990005', at: '2026-01-01T10:00:00.000Z', reason: null }]);
    expect(
      findMessageEvents({
        event: 'message.received',
        data: { id: 'in_1', number: '5511999990005', type: 'text', text: 'Thanks', at: '2026-01-01T10:01:00Z' },
      }),
    ).toMatchObject([{ kind: 'received', messageId: 'in_1', text: 'Thanks' }]);
  });

  it('shapes with nothing in them, and hostile ones, give no events and no crash', () => {
    expect(findMessageEvents({ hello: 'world' })).toEqual([]);
    expect(findMessageEvents('a string')).toEqual([]);
    expect(findMessageEvents(null)).toEqual([]);
    expect(findMessageEvents({ id: 'x', status: 'dancing' })).toEqual([]);
    let deep: unknown = { id: 'm_deep', status: 'read' };
    for (let i = 0; i < 10_000; i += 1) deep = { nested: deep };
    expect(findMessageEvents(deep)).toEqual([]);
  });

  it('a payload read twice (the conversations, then the inspector) gives the same events, and a list one caller changes is not the next', () => {
    const payload = { id: 'in_1', from: '5511999990001', text: 'hello', type: 'text', errors: [{ title: 'not read as a path' }] };
    const first = findMessageEvents(payload);
    expect(first).toEqual([expect.objectContaining({ kind: 'received', messageId: 'in_1', number: '5511999990001', text: 'hello' })]);
    first.pop();
    expect(findMessageEvents(payload)).toHaveLength(1);
    // another payload with the same fields is read on its own
    expect(findMessageEvents({ ...payload, id: 'in_2' })).toEqual([expect.objectContaining({ messageId: 'in_2' })]);
    // a text at a dotted path ('text.body'), and one whose fields are not objects, read the same however often asked
    const meta = { id: 'in_3', from: '5511999990001', text: { body: 'nested' } };
    expect(findMessageEvents(meta)[0]).toMatchObject({ text: 'nested' });
    expect(findMessageEvents({ ...meta, text: 'flat' })[0]).toMatchObject({ text: 'flat' });
  });

  it('numbers as services write them', () => {
    expect(['+55 (11) 99999-0000', 'whatsapp:+5511999990000', '5511999990000@c.us', '5511999990000@s.whatsapp.net'].map(digitsOf)).toEqual(
      Array(4).fill('5511999990000'),
    );
    expect(digitsOf('status@broadcast')).toBeNull();
  });
});

describe('delivery states', () => {
  it('vendor words and acks in one vocabulary', () => {
    expect(
      ['queued', 'sending', 'SERVER_ACK', 'DELIVERY_ACK', 'read', 'PLAYED', 'undelivered', 'failed', 3, -1, 'received', 'dancing'].map(
        deliveryStateOf,
      ),
    ).toEqual(['accepted', 'accepted', 'sent', 'delivered', 'read', 'read', 'failed', 'failed', 'read', 'failed', null, null]);
  });

  it('never moves back: a late delivered after read, a repeated sent; failed ends an unread message', () => {
    expect(laterState('read', 'delivered')).toBe('read');
    expect(laterState('sent', 'sent')).toBe('sent');
    expect(laterState('delivered', 'failed')).toBe('failed');
    expect(laterState('read', 'failed')).toBe('read');
    expect(laterState(null, 'delivered')).toBe('delivered');
  });
});
