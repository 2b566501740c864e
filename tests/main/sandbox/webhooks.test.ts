// Webhooks over real HTTP to a receiver on loopback: docs/API.md's JSON events signed with
// X-Crm-Signature-256, retried after a 500, never holding up a send; Meta's Cloud API shape
// signed with X-Hub-Signature-256 (meta dialect); Twilio's form callbacks with
// X-Twilio-Signature (twilio dialect). Signatures are checked here with node:crypto.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { seedContacts } from '../../../src-main/sandbox/seed';
import { call, start } from './helpers';
import type { ReceivedRequest, WebhookReceiver } from './event-helpers';
import { startReceiver, waitFor } from './event-helpers';

const SECRET = 'whsec_test_0123456789';
const NUMBER = '5511999990011';
const FAILING = '5511999990012';
const FAST = { statusDelaysMs: [10, 20, 30] as const, replyDelayMs: 40, webhookRetryDelaysMs: [20, 20, 20] };

const hex256 = (body: string, secret = SECRET): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const jsonOf = (request: ReceivedRequest): Record<string, unknown> => JSON.parse(request.body) as Record<string, unknown>;

describe('webhooks (default dialect)', () => {
  let sb: RunningSandbox;
  let receiver: WebhookReceiver;
  const sendText = async (number: string): Promise<string> => {
    const res = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number, text: 'Olá' } });
    expect(res.status).toBe(201);
    return (res.body as { id: string }).id;
  };
  const about = (id: string): ReceivedRequest[] => receiver.requests.filter((r) => (jsonOf(r).data as { id: string }).id === id);

  beforeAll(async () => {
    receiver = await startReceiver();
    sb = await start({ events: { ...FAST, webhookUrl: receiver.url, webhookSecret: SECRET } });
  });
  afterEach(() => {
    receiver.answers = [];
    receiver.hang = false;
    sb.configureEvents({ webhookSecret: SECRET, replyFrom: [], failNumbers: [] });
  });
  afterAll(async () => {
    await sb.close();
    await receiver.close();
  });

  it('POSTs each status, then the reply, signed with X-Crm-Signature-256 over the raw body', async () => {
    sb.configureEvents({ replyFrom: [NUMBER] });
    const id = await sendText(NUMBER);
    const statuses = await waitFor(() => (about(id).length === 3 ? about(id) : undefined), 'three status webhooks');
    const reply = await waitFor(
      () =>
        receiver.requests.find((r) => jsonOf(r).event === 'message.received' && (jsonOf(r).data as { number: string }).number === NUMBER),
      'the reply webhook',
    );
    for (const request of [...statuses, reply]) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/hooks/crm');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-crm-signature-256']).toBe(hex256(request.body));
    }
    expect(statuses.map((r) => jsonOf(r).event)).toEqual(['message.status', 'message.status', 'message.status']);
    expect(statuses.map((r) => (jsonOf(r).data as { status: string }).status)).toEqual(['sent', 'delivered', 'read']);
    const first = jsonOf(statuses[0]!).data as Record<string, unknown>;
    expect(first).toEqual({ id, number: NUMBER, status: 'sent', at: first.at, error: null });
    const data = jsonOf(reply).data as Record<string, unknown>;
    expect(data).toEqual({ id: data.id, number: NUMBER, type: 'text', text: 'Thanks, got it', at: data.at });
    // the reply comes after the message it answers was read
    expect(receiver.requests.indexOf(reply)).toBeGreaterThan(receiver.requests.indexOf(statuses[2]!));
  });

  it('a failure carries its reason; without a secret there is no signature', async () => {
    sb.configureEvents({ failNumbers: [FAILING], webhookSecret: null });
    const id = await sendText(FAILING);
    const [failed] = await waitFor(() => (about(id).length === 1 ? about(id) : undefined), 'the failure webhook');
    expect(failed!.headers['x-crm-signature-256']).toBeUndefined();
    expect((jsonOf(failed!).data as { error: unknown }).error).toEqual({
      code: 'outside_window',
      message: 'The recipient is outside the 24-hour window; send a template.',
    });
  });

  it('retries a receiver that answers 500, with the same body, then goes on in order', async () => {
    receiver.answers = [500, 500];
    const before = receiver.requests.length;
    const id = await sendText(NUMBER);
    const got = await waitFor(() => (about(id).length === 5 ? about(id) : undefined), 'two retries and the later statuses');
    expect(receiver.requests.length - before).toBe(5);
    expect(got[0]!.body).toBe(got[1]!.body);
    expect(got[1]!.body).toBe(got[2]!.body);
    expect(got.map((r) => (jsonOf(r).data as { status: string }).status)).toEqual(['sent', 'sent', 'sent', 'delivered', 'read']);
  });

  it('never holds up a send: a receiver that does not answer leaves the send route and the statuses alone', async () => {
    receiver.hang = true;
    const id = await sendText(NUMBER);
    await waitFor(
      async () =>
        ((await call(sb, 'GET', `/api/v1/messages/${id}`, { key: sb.adminKey })).body as { status: string }).status === 'read'
          ? true
          : undefined,
      'read',
    );
    expect(await sendText(NUMBER)).toMatch(/^m_/);
  });
});

describe('webhooks (meta dialect): the WhatsApp Cloud API shape', () => {
  let sb: RunningSandbox;
  let receiver: WebhookReceiver;
  // a seeded contact Meta's sandbox rules let through (not ending in 47 or 26), so its reply has a profile name
  const contact = seedContacts(200, 42).find((c) => !/(47|26)$/.test(c.number))!;
  const send = async (to: string): Promise<string> => {
    const res = await call(sb, 'POST', '/v23.0/106540352242922/messages', {
      key: sb.adminKey,
      body: { messaging_product: 'whatsapp', to, type: 'text', text: { body: 'Olá' } },
    });
    expect(res.status).toBe(200);
    return (res.body as { messages: { id: string }[] }).messages[0]!.id;
  };
  const values = (): Record<string, unknown>[] =>
    receiver.requests.map((r) => (jsonOf(r).entry as { changes: { value: Record<string, unknown> }[] }[])[0]!.changes[0]!.value);

  beforeAll(async () => {
    receiver = await startReceiver('/meta');
    sb = await start({
      dialect: 'meta',
      events: { ...FAST, webhookUrl: receiver.url, webhookSecret: SECRET, failNumbers: [FAILING], replyFrom: [contact.number] },
    });
  });
  afterAll(async () => {
    await sb.close();
    await receiver.close();
  });

  it('statuses: object, entry, changes[field "messages"], statuses[{id,status,timestamp,recipient_id}], X-Hub-Signature-256', async () => {
    const wamid = await send(NUMBER);
    await waitFor(
      () => (values().filter((v) => (v.statuses as { id: string }[] | undefined)?.[0]?.id === wamid).length === 3 ? true : undefined),
      'three statuses',
    );
    const request = receiver.requests.find((r) => r.body.includes(wamid))!;
    expect(request.headers['x-hub-signature-256']).toBe(hex256(request.body));
    const body = jsonOf(request);
    expect(body.object).toBe('whatsapp_business_account');
    const entry = (body.entry as Record<string, unknown>[])[0]!;
    expect(entry.id).toMatch(/^[0-9]+$/);
    const change = (entry.changes as Record<string, unknown>[])[0]!;
    expect(change.field).toBe('messages');
    const value = change.value as Record<string, unknown>;
    expect(value.messaging_product).toBe('whatsapp');
    expect(value.metadata).toEqual({ display_phone_number: '15550104242', phone_number_id: '106540352242922' });
    const status = (value.statuses as Record<string, unknown>[])[0]!;
    expect(status).toEqual({ id: wamid, status: 'sent', timestamp: status.timestamp, recipient_id: NUMBER });
    expect(String(status.timestamp)).toMatch(/^[0-9]{10}$/);
  });

  it('a failing number: status "failed" with errors [131047 Re-engagement message]; the stored message says the same', async () => {
    const wamid = await send(FAILING);
    const value = await waitFor(() => values().find((v) => (v.statuses as { id: string }[] | undefined)?.[0]?.id === wamid), 'the failure');
    const status = (value.statuses as Record<string, unknown>[])[0]!;
    expect(status.status).toBe('failed');
    expect(status.errors).toEqual([
      {
        code: 131047,
        title: 'Re-engagement message',
        message: 'Re-engagement message',
        error_data: { details: expect.any(String) as string },
      },
    ]);
    const stored = (await call(sb, 'GET', `/api/v1/messages/${wamid}`, { key: sb.adminKey })).body as { status: string; error: unknown };
    expect(stored).toMatchObject({ status: 'failed', error: { code: '131047', message: 'Re-engagement message' } });
  });

  it('a reply: contacts[{profile:{name},wa_id}] and messages[{from,id:"wamid…",timestamp,type:"text",text:{body}}]', async () => {
    await send(contact.number);
    const value = await waitFor(() => values().find((v) => v.messages !== undefined), 'the reply');
    expect(value.contacts).toEqual([{ profile: { name: contact.name }, wa_id: contact.number }]);
    const message = (value.messages as Record<string, unknown>[])[0]!;
    expect(message).toEqual({
      from: contact.number,
      id: message.id,
      timestamp: message.timestamp,
      type: 'text',
      text: { body: 'Thanks, got it' },
    });
    expect(String(message.id)).toMatch(/^wamid\./);
  });
});

describe('webhooks (twilio dialect): form callbacks with X-Twilio-Signature', () => {
  const SID = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9';
  let sb: RunningSandbox;
  let receiver: WebhookReceiver;
  const twilioSignature = (url: string, params: URLSearchParams): string => {
    const names = [...new Set(params.keys())].sort();
    return createHmac('sha1', SECRET)
      .update(url + names.map((n) => `${n}${params.get(n)}`).join(''))
      .digest('base64');
  };

  beforeAll(async () => {
    receiver = await startReceiver('/twilio/status?x=1');
    sb = await start({ dialect: 'twilio', events: { ...FAST, webhookUrl: receiver.url, webhookSecret: SECRET, replyFrom: [NUMBER] } });
  });
  afterAll(async () => {
    await sb.close();
    await receiver.close();
  });

  it('status callbacks and the incoming message, each signed over the URL and sorted fields', async () => {
    const res = await call(sb, 'POST', `/2010-04-01/Accounts/${SID}/Messages.json`, {
      rawBody: new URLSearchParams({ To: `whatsapp:+${NUMBER}`, From: 'whatsapp:+14155238886', Body: 'Olá' }).toString(),
      headers: {
        Authorization: `Basic ${Buffer.from(`${SID}:${sb.adminKey}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    });
    expect(res.status).toBe(201);
    const sid = (res.body as { sid: string }).sid;
    await waitFor(() => (receiver.requests.length === 4 ? true : undefined), 'three callbacks and the incoming message');
    const forms = receiver.requests.map((r) => new URLSearchParams(r.body));
    receiver.requests.forEach((r, i) => {
      expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(r.headers['x-twilio-signature']).toBe(twilioSignature(receiver.url, forms[i]!));
    });
    expect(forms.slice(0, 3).map((f) => [f.get('MessageSid'), f.get('MessageStatus'), f.get('To')])).toEqual(
      ['sent', 'delivered', 'read'].map((status) => [sid, status, `whatsapp:+${NUMBER}`]),
    );
    const incoming = forms[3]!;
    expect(incoming.get('From')).toBe(`whatsapp:+${NUMBER}`);
    expect(incoming.get('Body')).toBe('Thanks, got it');
    expect(incoming.get('MessageSid')).toMatch(/^SM[0-9a-f]{32}$/);
  });
});
