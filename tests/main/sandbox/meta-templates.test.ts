// Template management in the sandbox's meta dialect over real HTTP: the listing with status,
// quality and category; a submission PENDING, then approved or rejected with a reason by its
// name; an edit reviewed again; a delete by name; the bad inputs refused with what is wrong; the
// review's changes posted as Meta's template webhooks, signed with X-Hub-Signature-256; a
// paused template refused by the send route.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, start } from './helpers';
import { startReceiver, waitFor } from './event-helpers';
import type { WebhookReceiver } from './event-helpers';

const WABA = '102290129340398';
const PHONE_ID = '106540352242922';
const LIST = `/v23.0/${WABA}/message_templates`;
const SECRET = 'sandbox-app-secret-for-tests';

let sb: RunningSandbox;
let receiver: WebhookReceiver;

interface Listed {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  quality_score: { score: string };
  rejected_reason: string;
}

async function listed(name: string): Promise<Listed | undefined> {
  const res = await call(sb, 'GET', LIST, { key: sb.adminKey });
  expect(res.status).toBe(200);
  return (res.body as { data: Listed[] }).data.find((t) => t.name === name);
}

function submit(name: string, extra: Record<string, unknown> = {}) {
  const body = {
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Order {{1}} is on its way.', example: { body_text: [['A-1']] } }],
    ...extra,
  };
  return call(sb, 'POST', LIST, { key: sb.adminKey, body });
}

function changesFor(name: string): { field: string; value: Record<string, unknown> }[] {
  return receiver.requests.flatMap((r) => {
    const body = JSON.parse(r.body) as { entry: { changes: { field: string; value: Record<string, unknown> }[] }[] };
    return body.entry.flatMap((e) => e.changes).filter((c) => c.value.message_template_name === name);
  });
}

beforeAll(async () => {
  receiver = await startReceiver('/meta');
  sb = await start({
    dialect: 'meta',
    events: { statusDelaysMs: [3_600_000, 3_600_000, 3_600_000], webhookUrl: receiver.url, webhookSecret: SECRET },
  });
});
afterAll(async () => {
  await sb.close();
  await receiver.close();
});

describe('meta dialect: template management', () => {
  it('lists every template with its status, quality, category and rejection reason', async () => {
    expect(await listed('hello_world')).toMatchObject({
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      quality_score: { score: 'GREEN' },
      rejected_reason: 'NONE',
    });
  });

  it('a submission is PENDING, then APPROVED, and the webhook says so, signed as Meta signs', async () => {
    const res = await submit('shipping_note');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
    expect((await listed('shipping_note'))?.status).toBe('PENDING');
    await waitFor(async () => ((await listed('shipping_note'))?.status === 'APPROVED' ? true : undefined), 'approval');
    const change = await waitFor(
      () => changesFor('shipping_note').find((c) => c.field === 'message_template_status_update'),
      'status webhook',
    );
    expect(change.value).toMatchObject({ event: 'APPROVED', message_template_language: 'en_US', reason: 'NONE' });
    const request = receiver.requests.find((r) => r.body.includes('shipping_note'))!;
    expect(request.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', SECRET).update(request.body).digest('hex')}`);
  });

  it('a reject_ name is REJECTED with its reason', async () => {
    expect((await submit('reject_this')).status).toBe(200);
    const entry = await waitFor(async () => {
      const t = await listed('reject_this');
      return t?.status === 'REJECTED' ? t : undefined;
    }, 'rejection');
    expect(entry.rejected_reason).toBe('INVALID_FORMAT');
    await waitFor(
      () => changesFor('reject_this').find((c) => c.value.event === 'REJECTED' && c.value.reason === 'INVALID_FORMAT'),
      'rejection webhook',
    );
  });

  it('a pause_ name is approved, turns RED and is PAUSED, and then the send route refuses it', async () => {
    expect((await submit('pause_me', { components: [{ type: 'BODY', text: 'Hi' }] })).status).toBe(200);
    await waitFor(async () => ((await listed('pause_me'))?.status === 'PAUSED' ? true : undefined), 'pause', 15_000);
    expect((await listed('pause_me'))?.quality_score.score).toBe('RED');
    expect(changesFor('pause_me').map((c) => c.field)).toEqual([
      'message_template_quality_update',
      'message_template_status_update',
      'message_template_quality_update',
      'message_template_status_update',
    ]);
    const send = await call(sb, 'POST', `/v23.0/${PHONE_ID}/messages`, {
      key: sb.adminKey,
      body: {
        messaging_product: 'whatsapp',
        to: '5511999990000',
        type: 'template',
        template: { name: 'pause_me', language: { code: 'en_US' } },
      },
    });
    expect(send.status).toBe(400);
    expect(send.text).toContain('PAUSED');
  });

  it('an edit goes back to PENDING; a delete by name removes it', async () => {
    const created = await submit('edit_me');
    const id = (created.body as { id: string }).id;
    await waitFor(async () => ((await listed('edit_me'))?.status === 'APPROVED' ? true : undefined), 'approval');
    const edited = await call(sb, 'POST', `/v23.0/${id}`, { key: sb.adminKey, body: { category: 'MARKETING' } });
    expect(edited.status).toBe(200);
    expect(await listed('edit_me')).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
    const deleted = await call(sb, 'DELETE', `${LIST}?name=edit_me`, { key: sb.adminKey });
    expect(deleted.status).toBe(200);
    expect(await listed('edit_me')).toBeUndefined();
  });

  it('refuses bad submissions with what is wrong, and keeps nothing', async () => {
    const bad = await submit('Bad Name', { category: 'PROMO', components: [] });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/lowercase letters/);
    expect(bad.text).toMatch(/MARKETING, UTILITY, AUTHENTICATION/);
    expect(await listed('Bad Name')).toBeUndefined();
    const twice = await submit('hello_world');
    expect(twice.status).toBe(400);
    expect(twice.text).toMatch(/already exists in en_US/);
    const unknown = await call(sb, 'DELETE', `${LIST}?name=never_made`, { key: sb.adminKey });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/no message template is named never_made/i);
    const noName = await call(sb, 'DELETE', LIST, { key: sb.adminKey });
    expect(noName.text).toMatch(/\?name=/);
  });
});
