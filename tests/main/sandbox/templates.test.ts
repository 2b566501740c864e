// Template sends in the sandbox over real HTTP: docs/API.md-style POST /api/v1/messages/template and
// Meta's type "template", each taking only the templates the sandbox has approved (by name,
// language and number of body parameters) and answering the rest in the dialect's own error
// shape. A template is what may be sent outside the 24-hour window: the events that fail a
// free-form message to a failing number deliver a template to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, detailFields, errorOf, start } from './helpers';
import { waitFor } from './event-helpers';

const NUMBER = '5511999990000';
const FAILING = '5511999990012';

async function statusOf(sb: RunningSandbox, id: string): Promise<string> {
  const res = await call(sb, 'GET', `/api/v1/messages/${id}`, { key: sb.adminKey });
  return (res.body as { status: string }).status;
}

describe('POST /api/v1/messages/template (default dialect)', () => {
  let sb: RunningSandbox;
  const send = (body: unknown, key?: string) =>
    call(sb, 'POST', '/api/v1/messages/template', { key: key ?? sb.adminKey, body, headers: { 'Idempotency-Key': crypto.randomUUID() } });

  beforeAll(async () => {
    sb = await start({ events: { statusDelaysMs: [10, 20, 30], failNumbers: [FAILING] } });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('accepts an approved template in an approved language with its parameters: 201 Message', async () => {
    const res = await send({ number: NUMBER, template: { name: 'order_update', language: 'pt_BR', params: ['#1042'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'template',
      number: NUMBER,
      status: 'queued',
      template: { name: 'order_update', language: 'pt_BR', params: ['#1042'] },
    });
    expect((await send({ number: NUMBER, template: { name: 'hello_world', language: 'en_US', params: [] } })).status).toBe(201);
    expect((await send({ number: NUMBER, template: { name: 'hello_world', language: 'en_US' } })).status).toBe(201);
  });

  it('answers 404 for a template it never approved, or not in that language', async () => {
    for (const template of [
      { name: 'winter_sale', language: 'en_US', params: [] },
      { name: 'hello_world', language: 'pt_BR', params: [] },
    ]) {
      const res = await send({ number: NUMBER, template });
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'not_found' });
      expect(errorOf(res).message).toMatch(/approved/);
    }
  });

  it('answers 400 for another number of parameters, and for a body of the wrong shape', async () => {
    const wrongCount = await send({ number: NUMBER, template: { name: 'order_update', language: 'en_US', params: [] } });
    expect(wrongCount.status).toBe(400);
    expect(errorOf(wrongCount).details).toEqual([
      { field: 'template.params', message: 'template order_update takes 1 body parameter, not 0' },
    ]);
    const bad = await send({ number: '12', template: { name: 'Order Update', language: 'english', params: [42] } });
    expect(bad.status).toBe(400);
    expect(detailFields(bad)).toEqual(['number', 'template.language', 'template.name', 'template.params[0]']);
  });

  it('delivers a template to a number whose free-form messages fail (outside the 24-hour window)', async () => {
    const text = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number: FAILING, text: 'hi' } });
    const template = await send({ number: FAILING, template: { name: 'order_update', language: 'en_US', params: ['#7'] } });
    const textId = (text.body as { id: string }).id;
    const templateId = (template.body as { id: string }).id;
    await waitFor(async () => ((await statusOf(sb, templateId)) === 'read' ? true : undefined), 'the template to be read');
    expect(await statusOf(sb, textId)).toBe('failed');
  });
});

describe('type "template" (meta dialect)', () => {
  let sb: RunningSandbox;
  const path = '/v23.0/106540352242922/messages';
  const template = (name: string, code: string, params: string[]) => ({
    messaging_product: 'whatsapp',
    to: NUMBER,
    type: 'template',
    template: { name, language: { code }, components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] },
  });
  const graphError = (res: { body: unknown }) => (res.body as { error: { code: number; message: string } }).error;

  beforeAll(async () => {
    sb = await start({ dialect: 'meta' });
  });
  afterAll(async () => {
    await sb.close();
  });

  it("takes the body component's text parameters in order", async () => {
    const res = await call(sb, 'POST', path, { key: sb.adminKey, body: template('order_update', 'en_US', ['#1042']) });
    expect(res.status).toBe(200);
    const list = await call(sb, 'GET', '/api/v1/messages?per_page=1', { key: sb.adminKey });
    expect((list.body as { data: unknown[] }).data[0]).toMatchObject({
      type: 'template',
      number: NUMBER,
      template: { name: 'order_update', language: 'en_US', params: ['#1042'] },
    });
  });

  it('answers 132001 for a template it never approved and 132000 for another number of parameters', async () => {
    const unknown = await call(sb, 'POST', path, { key: sb.adminKey, body: template('winter_sale', 'en_US', []) });
    expect(unknown.status).toBe(400);
    expect(graphError(unknown)).toMatchObject({ code: 132001 });
    const count = await call(sb, 'POST', path, { key: sb.adminKey, body: template('order_update', 'en_US', ['a', 'b']) });
    expect(count.status).toBe(400);
    expect(graphError(count)).toMatchObject({
      code: 132000,
      message: '(#132000) Number of parameters does not match the expected number of params',
    });
  });

  it('refuses a body parameter that is not text, naming it', async () => {
    const body = template('order_update', 'en_US', []);
    body.template.components = [{ type: 'body', parameters: [{ type: 'currency' } as never] }];
    const res = await call(sb, 'POST', path, { key: sb.adminKey, body });
    expect(res.status).toBe(400);
    expect(graphError(res).message).toContain('template.components[0].parameters[0]');
  });
});
