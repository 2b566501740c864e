// The local webhook listener over real HTTP, refusing what a web page in the person's browser
// could send it (an Origin, text/plain or a form a JSON service never posts, another site's Host)
// while a service's own posts, direct or through a tunnel, still land. Nothing refused is read.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import { acceptedBodyType, webhookRefusal } from '../../../../src-main/core/events/webhooks/webhook-request-guard';
import { servicePostsForms } from '../../../../src-main/core/events/webhooks/webhook-dialect';
import { WebhookSecrets } from '../../../../src-main/core/events/webhooks/webhook-secrets';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { createWebhookHandlers } from '../../../../src-main/ipc/conversation-handlers';

const JSON_BODY = JSON.stringify({ event: 'message.received', data: { id: 'in_1', number: '5511999990001', type: 'text', text: 'hi' } });
const FORM_BODY = new URLSearchParams({ MessageSid: 'SM1', SmsStatus: 'received', From: 'whatsapp:+5511999990001', Body: 'hi' }).toString();

/** one raw POST (fetch cannot set Host), answered with its status */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the webhook listener refuses what a browser page could send', () => {
  let receiver: WebhookReceiver;
  let port: string;
  const received: { profileId: string; payload: unknown }[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver(
      {
        exists: async (id) => id === 'p_json' || id === 'p_form',
        secretOf: async () => null,
        verifyTokenOf: async () => null,
        postsForms: async (id) => id === 'p_form',
        receive: (profileId, payload) => {
          received.push({ profileId, payload });
          return { found: 1, changed: 1 };
        },
      },
      { port: 0, log: (m) => logged.push(m) },
    );
    port = new URL(receiver.baseUrl).port;
  });
  afterAll(() => receiver?.close());

  it('browser-like posts to an unsigned profile get 403 and nothing is received', async () => {
    const url = receiver.urlFor('p_json');
    const json = { 'content-type': 'application/json' };
    // a cross-origin page's fetch or form: it carries an Origin
    expect(await post(url, JSON_BODY, { ...json, origin: 'https://pages.example' })).toBe(403);
    expect(await post(url, JSON_BODY, { ...json, origin: 'null' })).toBe(403);
    // a "simple" request needs no preflight: text/plain, a form, multipart (even without an Origin)
    expect(await post(url, JSON_BODY, { 'content-type': 'text/plain;charset=UTF-8' })).toBe(403);
    expect(await post(url, FORM_BODY, { 'content-type': 'application/x-www-form-urlencoded' })).toBe(403);
    expect(await post(url, JSON_BODY, {})).toBe(403);
    // a page whose name was pointed at 127.0.0.1: its own Host
    expect(await post(url, JSON_BODY, { ...json, host: `pages.example:${port}` })).toBe(403);
    expect(received).toEqual([]);
    expect(logged.filter((l) => l.includes('refused'))).toHaveLength(6);
    expect(logged.join('\n')).not.toContain('hi');
  });

  it("a vendor's post lands: JSON direct (127.0.0.1 or localhost), a form for a form-posting service, and through a tunnel", async () => {
    expect(await post(receiver.urlFor('p_json'), JSON_BODY, { 'content-type': 'application/json; charset=utf-8' })).toBe(200);
    expect(await post(receiver.urlFor('p_json'), JSON_BODY, { 'content-type': 'application/json', host: `localhost:${port}` })).toBe(200);
    expect(await post(receiver.urlFor('p_form'), FORM_BODY, { 'content-type': 'application/x-www-form-urlencoded' })).toBe(200);
    expect(receiver.throughTunnel('p_json')).toBe(false);
    expect(
      await post(receiver.urlFor('p_json'), JSON_BODY, {
        'content-type': 'application/json',
        host: 'shop.tunnel.example',
        'x-forwarded-host': 'shop.tunnel.example',
        'x-forwarded-proto': 'https',
      }),
    ).toBe(200);
    expect(received.map((r) => r.profileId)).toEqual(['p_json', 'p_json', 'p_form', 'p_json']);
    expect(receiver.throughTunnel('p_json')).toBe(true);
    expect(receiver.throughTunnel('p_form')).toBe(false);
  });

  it('the webhooks status answer warns while a profile posting through a tunnel is unsigned', async () => {
    const secrets = new WebhookSecrets(new MemorySecretStore());
    const handlers = createWebhookHandlers(
      { active: async () => ({ id: 'p_json' }) } as never,
      secrets,
      { urlFor: (id) => receiver.urlFor(id), problem: () => null, throughTunnel: (id) => receiver.throughTunnel(id) },
      { eventsArrived: async () => false },
    );
    const before = await handlers['webhooks:info']({});
    expect(before).toMatchObject({
      signed: false,
      throughTunnel: true,
      warning: expect.stringContaining('through a tunnel and are not signed'),
    });
    const signed = await handlers['webhooks:set-secrets']({ secret: 'whsec_for_the_tunnel' });
    expect(signed).toMatchObject({ signed: true, throughTunnel: true, warning: null });
  });
});

describe('the rules, by themselves', () => {
  const own = ['127.0.0.1:47474', 'localhost:47474'];
  const refusal = (method: string, headers: Record<string, string>, acceptsForms = false) =>
    webhookRefusal({ method, headers, ownHosts: own, acceptsForms });
  it('Origin, Host, then the body type', () => {
    expect(refusal('POST', { host: '127.0.0.1:47474', 'content-type': 'application/json' })).toBeNull();
    expect(refusal('POST', { host: '127.0.0.1:47474', origin: 'https://a.example', 'content-type': 'application/json' })).toBe(
      'browser_origin',
    );
    expect(refusal('GET', { host: 'a.example' })).toBe('foreign_host');
    expect(refusal('GET', { host: 'a.example', forwarded: 'for=1.2.3.4;host=a.example;proto=https' })).toBeNull();
    expect(refusal('POST', { host: 'localhost:47474', 'content-type': 'multipart/form-data; boundary=x' }, true)).toBe(
      'unexpected_content_type',
    );
  });
  it('JSON of any +json flavour; a form only where the service posts forms', () => {
    expect(acceptedBodyType('application/vnd.api+json', false)).toBe(true);
    expect(acceptedBodyType('Application/JSON ; charset=utf-8', false)).toBe(true);
    expect(acceptedBodyType('application/x-www-form-urlencoded', false)).toBe(false);
    expect(acceptedBodyType('application/x-www-form-urlencoded; charset=utf-8', true)).toBe(true);
    expect(acceptedBodyType('text/plain', true)).toBe(false);
    expect(acceptedBodyType(undefined, true)).toBe(false);
  });
  it('a service posts forms when its operations take forms', () => {
    expect(servicePostsForms(null)).toBe(false);
    expect(
      servicePostsForms({
        version: 1,
        operations: { 'messages.text': { method: 'POST', path: '/Messages.json', query: [], headers: [], body: null, encoding: 'form' } },
      }),
    ).toBe(true);
    expect(
      servicePostsForms({
        version: 1,
        operations: { 'messages.text': { method: 'POST', path: '/messages', query: [], headers: [], body: null } },
      }),
    ).toBe(false);
  });
});
