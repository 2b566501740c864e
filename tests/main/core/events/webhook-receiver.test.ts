// The local webhook listener over real HTTP, with a real core (crm.db, the OS keychain) and the
// sandbox: a service's posts become conversation lines and delivery states; a signed profile
// refuses unsigned or wrongly signed posts and reads nothing of them; Meta's handshake is
// answered only with the right token; events late, twice or out of order never move a state
// back; a post about a message this app never sent is kept, not an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../../../src-main/core/events/webhooks/signature';
import type { WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox } from '../../helpers/sandbox';
import { closeCoreReceiver, startCoreReceiver } from './support/core-receiver';
import { sendText } from '../../helpers/send-operations';

const available = await keychainAvailable();

describe.skipIf(!available)('receiving webhooks', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let receiver: WebhookReceiver;
  let profileId: string;
  const logged: string[] = [];
  /** the profile's service posts forms (Twilio) */
  let postsForms = false;

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 5 });
    t = await openTestCore('webhooks');
    ({ profileId } = await addProfileWithKey(t.core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey }));
    const { core } = t;
    receiver = await startCoreReceiver(core, {
      exists: async (id) => (await core.profiles.list()).profiles.some((p) => p.id === id),
      verifyTokenOf: (id) => core.webhookSecrets.verifyTokenOf(id),
      postsForms: () => postsForms,
      log: (m) => logged.push(m),
    });
  });

  afterAll(() => closeCoreReceiver(receiver, t, profileId));

  const post = (body: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(receiver.urlFor(profileId), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  const statusOf = (messageId: string, status: string, extra: Record<string, unknown> = {}): string =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id: messageId, status, timestamp: '1767225600', recipient_id: '5511999990001', ...extra }] },
            },
          ],
        },
      ],
    });

  it('a send, then its statuses out of order and twice, then a reply: one conversation, the state never moves back', async () => {
    const changes: unknown[] = [];
    const subscription = t.core.conversations.onDidChange((c) => changes.push(c));
    const sent = await sendText(t.core.messages, { number: '+55 11 99999-0001', text: 'Your order ships today' });
    const messageId = sent.status === 'sent' ? (sent.message.id ?? '') : '';
    expect(messageId).not.toBe('');
    for (const status of ['sent', 'read', 'delivered', 'read']) expect((await post(statusOf(messageId, status))).status).toBe(200);
    // the contact answers a few seconds after the send (Meta's timestamps are unix seconds)
    const repliedAt = Math.floor(Date.now() / 1000) + 5;
    const reply = {
      entry: [
        {
          changes: [
            {
              value: {
                contacts: [{ profile: { name: 'Ana' }, wa_id: '5511999990001' }],
                messages: [
                  { from: '5511999990001', id: 'wamid.in1', timestamp: String(repliedAt), type: 'text', text: { body: 'Great, thanks!' } },
                ],
              },
            },
          ],
        },
      ],
    };
    expect((await post(JSON.stringify(reply))).status).toBe(200);
    expect((await post(JSON.stringify(reply))).status).toBe(200); // the same post again

    const thread = await t.core.conversations.thread({ number: '5511999990001' });
    expect(thread.name).toBe('Ana');
    expect(thread.items.map((i) => [i.direction, i.text, i.state])).toEqual([
      ['out', 'Your order ships today', 'read'],
      ['in', 'Great, thanks!', null],
    ]);
    expect(thread.lastReceivedAt).toBe(new Date(repliedAt * 1000).toISOString());
    expect(thread.insideWindow).toBe(true);
    expect(changes.some((c) => (c as { number: string | null }).number === '5511999990001')).toBe(true);
    subscription.dispose();
  });

  it("a failure carries the service's reason into the conversation", async () => {
    const sent = await sendText(t.core.messages, { number: '5511999990002', text: 'Hello again' });
    const failed = statusOf(sent.status === 'sent' ? (sent.message.id ?? '') : '', 'failed', {
      recipient_id: '5511999990002',
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    });
    expect((await post(failed)).status).toBe(200);
    const thread = await t.core.conversations.thread({ number: '5511999990002' });
    expect(thread.items.at(-1)).toMatchObject({ direction: 'out', state: 'failed', reason: 'Re-engagement message (131047)' });
    expect(thread.insideWindow).toBe(false);
  });

  it('a status of a message never sent from here, or a payload of no known shape, is acknowledged and changes nothing shown', async () => {
    const unknown = await post(statusOf('wamid.elsewhere', 'delivered'));
    expect(unknown.status).toBe(200);
    const nothing = await post(JSON.stringify({ hello: 'world' }));
    expect(await nothing.json()).toEqual({ received: 0 });
    expect(logged.some((l) => /no message event found/.test(l))).toBe(true);
  });

  it('a Twilio-style form post is read too, for a service that posts forms', async () => {
    postsForms = true;
    const res = await fetch(receiver.urlFor(profileId), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        MessageSid: 'SMform1',
        SmsStatus: 'received',
        From: 'whatsapp:+5511999990009',
        Body: 'from a form',
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await t.core.conversations.thread({ number: '5511999990009' })).items.map((i) => i.text)).toEqual(['from a form']);
    postsForms = false;
  });

  it('with a webhook secret: unsigned and wrongly signed posts are refused (401) and read not at all; a signed one is taken', async () => {
    await t.core.webhookSecrets.set(profileId, { secret: 'app-secret-for-tests' });
    const body = JSON.stringify({
      event: 'message.received',
      data: { id: 'in_signed', number: '5511999990010', type: 'text', text: 'signed hello', at: '2026-01-02T00:00:00Z' },
    });
    expect((await post(body)).status).toBe(401);
    expect((await post(body, { 'x-hub-signature-256': signatureOf(Buffer.from(body), 'another-secret') })).status).toBe(401);
    expect((await post(body, { 'x-hub-signature-256': 'sha256=nothex' })).status).toBe(401);
    expect((await t.core.conversations.thread({ number: '5511999990010' })).items).toEqual([]);
    const taken = await post(body, { 'x-hub-signature-256': signatureOf(Buffer.from(body), 'app-secret-for-tests') });
    expect(taken.status).toBe(200);
    expect(await taken.text()).toBe('{"received":1}');
    expect([taken.headers.get('content-type'), taken.headers.get('cache-control')]).toEqual([
      'application/json; charset=utf-8',
      'no-store',
    ]);
    expect((await t.core.conversations.thread({ number: '5511999990010' })).items.map((i) => i.text)).toEqual(['signed hello']);
    // the digest in capitals is the same signature
    const upper = `sha256=${signatureOf(Buffer.from(body), 'app-secret-for-tests').slice('sha256='.length).toUpperCase()}`;
    expect((await post(body, { 'x-hub-signature-256': upper })).status).toBe(200);
    await t.core.webhookSecrets.set(profileId, { secret: null });
  });

  it("Meta's subscription handshake: the challenge only with the right verify token", async () => {
    const handshake = (token: string): Promise<Response> =>
      fetch(`${receiver.urlFor(profileId)}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`);
    expect((await handshake('anything')).status).toBe(403); // none set
    await t.core.webhookSecrets.set(profileId, { verifyToken: 'my-verify-token' });
    expect((await handshake('wrong')).status).toBe(403);
    const ok = await handshake('my-verify-token');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect(ok.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('other paths, unknown profiles, other methods, huge and unreadable bodies get clear refusals', async () => {
    expect((await fetch(`${receiver.baseUrl}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${receiver.baseUrl}/webhooks/p_unknown`, { method: 'POST', body: '{}' })).status).toBe(404);
    const put = await fetch(receiver.urlFor(profileId), { method: 'PUT', body: '{}' });
    expect([put.status, put.headers.get('allow'), put.headers.get('content-type')]).toEqual([
      405,
      'GET, POST',
      'application/json; charset=utf-8',
    ]);
    expect((await post('x'.repeat(1024 * 1024 + 10))).status).toBe(413);
    expect((await post('{ not json')).status).toBe(400);
  });
});
