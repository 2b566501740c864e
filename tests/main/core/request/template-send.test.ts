// A template send, the message WhatsApp lets a business start a conversation with: docs/API.md-style
// default request, the request learned from Meta's template cURL (whatever the number of
// parameters in the example), and the input rules' sentences. The cURL is what is sent.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import type { ApiDescription } from '../../../../src-main/core/api/types';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { CrmError } from '../../../../src-main/core/errors';
import type { Operation } from '../../../../src-main/core/operations';
import { buildRequest, prepareRequest } from '../../../../src-main/core/request/request-builder';

const target = { baseUrl: 'https://crm.example.com', endpointOverrides: {} };
const KEY = '11111111-2222-4333-8444-555555555555';

function template(params: string[], name = 'order_update', language = 'pt_BR'): Operation {
  return { op: 'messages.template', input: { number: '+55 (11) 99999-0000', name, language, params }, idempotencyKey: KEY };
}

function bodyOf(request: { body: unknown }): unknown {
  return JSON.parse((request.body as { text: string }).text);
}

const META_CURL =
  `curl -X POST 'https://graph.facebook.com/v23.0/106540352242922/messages' \\
  -H 'Authorization: Bearer EAAJBxyz' -H 'Content-Type: application/json' \\
  -d '{"messaging_product":"whatsapp","to":"+16505551234","type":"template",` +
  `"template":{"name":"order_update","language":{"code":"en_US"},` +
  `"components":[{"type":"body","parameters":[{"type":"text","text":"Ana"},{"type":"text","text":"#1042"}]}]}}'`;

function metaTarget(): typeof target & { api: ApiDescription } {
  const proposal = proposeOperation(parseCurl(META_CURL), 'messages.template');
  return { baseUrl: proposal.baseUrl, endpointOverrides: {}, api: { version: 1, operations: { 'messages.template': proposal.spec } } };
}

describe('template sends', () => {
  it('renders the default request: POST /api/v1/messages/template with the parameters in order and an Idempotency-Key', async () => {
    const request = await buildRequest(template(['Ana', '#1042']), target);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://crm.example.com/api/v1/messages/template');
    expect(request.headers['Idempotency-Key']).toBe(KEY);
    expect(request.retrySafe).toBe(true);
    expect(bodyOf(request)).toEqual({
      number: '5511999990000',
      template: { name: 'order_update', language: 'pt_BR', params: ['Ana', '#1042'] },
    });
    const curl = toCurl(request);
    expect(curl).toContain("'https://crm.example.com/api/v1/messages/template'");
    expect(curl).toContain(`-H 'Idempotency-Key: ${KEY}'`);
    expect(curl).toContain(`"params":["Ana","#1042"]`);
    expect(curl).toContain('$CRM_API_KEY');
  });

  it('sends a template without parameters as an empty list', async () => {
    expect(bodyOf(await buildRequest(template([], 'hello_world', 'en_US'), target))).toEqual({
      number: '5511999990000',
      template: { name: 'hello_world', language: 'en_US', params: [] },
    });
  });

  it("learns Meta's template cURL: number, name, language and one repeating body parameter", () => {
    const proposal = proposeOperation(parseCurl(META_CURL), 'messages.template');
    const roles = Object.fromEntries(proposal.rows.map((r) => [r.field, r.role]));
    expect(roles).toMatchObject({
      to: 'number',
      'template.name': 'template_name',
      'template.language.code': 'template_language',
      'template.components[0].parameters[0].text': 'template_param',
      'template.components[0].parameters[1].text': 'template_param',
      messaging_product: null,
      type: null,
    });
    expect(proposal.spec.path).toBe('/v23.0/106540352242922/messages');
    expect(proposal.warnings.join(' ')).toMatch(/template's parameters/);
    expect(JSON.stringify(proposal)).not.toContain('EAAJBxyz');
  });

  it('renders the Meta-learned request for any number of parameters, cURL included', async () => {
    const metaProfile = metaTarget();
    const three = await buildRequest(template(['Ana', '#1042', 'Friday']), metaProfile);
    expect(three.url).toBe('https://graph.facebook.com/v23.0/106540352242922/messages');
    expect(bodyOf(three)).toEqual({
      messaging_product: 'whatsapp',
      to: '+5511999990000',
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '#1042' },
              { type: 'text', text: 'Friday' },
            ],
          },
        ],
      },
    });
    expect(toCurl(three)).toContain(
      '"parameters":[{"type":"text","text":"Ana"},{"type":"text","text":"#1042"},{"type":"text","text":"Friday"}]',
    );
    const none = await buildRequest(template([], 'hello_world', 'en_US'), metaProfile);
    expect((bodyOf(none) as { template: unknown }).template).toEqual({
      name: 'hello_world',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [] }],
    });
  });

  it("keeps header and button parameters of an example as they are: only the body's repeat", () => {
    const curl = META_CURL.replace('"components":[', '"components":[{"type":"header","parameters":[{"type":"text","text":"Order"}]},');
    const proposal = proposeOperation(parseCurl(curl), 'messages.template');
    const rows = Object.fromEntries(proposal.rows.map((r) => [r.field, r.role]));
    expect(rows['template.components[0].parameters[0].text']).toBeNull();
    expect(rows['template.components[1].parameters[0].text']).toBe('template_param');
  });

  it.each([
    [template(['Ana'], 'Order-Update'), 'Template name may only have lower-case letters, digits and underscores'],
    [template(['Ana'], ''), 'Template name is empty'],
    [template(['Ana'], 'x'.repeat(513)), 'Template name is too long: 513 characters, at most 512'],
    [template(['Ana'], 'order_update', 'english'), 'Language must be a language code such as en_US or pt_BR, not "english"'],
    [template(['Ana'], 'order_update', ''), 'Language is empty'],
    [template(['Ana', ' ']), 'Parameter {{2}} is empty'],
    [template(['x'.repeat(1025)]), 'Parameter {{1}} is too long: 1025 characters, at most 1024'],
    [template(Array.from({ length: 21 }, (_, i) => `p${i}`)), 'Parameters are too many: 21, at most 20'],
  ])('refuses bad input with a clear sentence (%#)', async (op, sentence) => {
    const err = await buildRequest(op, target).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CrmError);
    expect((err as CrmError).code).toBe('validation');
    expect((err as CrmError).message).toContain(sentence);
  });

  it('says so when a learned description has nowhere to put parameters', async () => {
    const curl =
      `curl -X POST 'https://graph.facebook.com/v23.0/1065/messages' -H 'Content-Type: application/json' ` +
      `-d '{"messaging_product":"whatsapp","to":"+16505551234","type":"template",` +
      `"template":{"name":"hello_world","language":{"code":"en_US"}}}'`;
    const proposal = proposeOperation(parseCurl(curl), 'messages.template');
    const profile = { ...target, api: { version: 1 as const, operations: { 'messages.template': proposal.spec } } };
    expect((await prepareRequest(template([]), profile)).problems).toEqual([]);
    const { problems } = await prepareRequest(template(['Ana']), profile);
    expect(problems.map((p) => p.sentence).join(' ')).toMatch(/has no field for parameters/);
  });
});
