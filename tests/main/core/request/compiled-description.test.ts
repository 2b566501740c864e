// A description is compiled once into what every send reuses (compiled-spec.ts,
// json-template-writer.ts). What it builds must be byte for byte what rendering the description
// afresh builds, for every sandbox dialect's learned descriptions, and a changed description
// must be compiled again, never served from the old one.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { compileJsonTemplate } from '../../../../src-main/core/api/json/json-template-writer';
import { stringifyJson } from '../../../../src-main/core/api/json/json-text';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { renderTemplate, type RoleValues } from '../../../../src-main/core/api/template';
import type { ApiDescription, DescribedOperation, OperationSpec, Template } from '../../../../src-main/core/api/types';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import type { Operation } from '../../../../src-main/core/operations';
import { prepareRequest } from '../../../../src-main/core/request/request-builder';
import { playgroundTabs, SANDBOX_DIALECTS } from '../../../../src-main/sandbox/index';

const BASE = 'https://crm.example.com/base';

const TAB_OPERATION: Record<string, DescribedOperation> = {
  contacts: 'contacts.list',
  text: 'messages.text',
  image: 'messages.media',
  media: 'messages.media',
  audio: 'messages.audio',
  template: 'messages.template',
  upload: 'media.upload',
  check: 'keys.check',
};

/** every operation the dialect's playground teaches, learned as a person pasting its cURLs would */
function learned(dialect: (typeof SANDBOX_DIALECTS)[number]): ApiDescription {
  const operations: Partial<Record<DescribedOperation, OperationSpec>> = {};
  for (const tab of playgroundTabs(dialect, BASE)) {
    const operation = TAB_OPERATION[tab.id];
    if (operation === undefined || operations[operation] !== undefined) continue;
    operations[operation] = proposeOperation(parseCurl(tab.curl), operation, { profileBaseUrl: BASE }).spec;
  }
  return { version: 1, operations };
}

const SAMPLES: Operation[] = [
  { op: 'messages.text', input: { number: '+55 11 99999-0000', text: 'Olá "quoted" \\ and a line\nbreak 🎉' }, idempotencyKey: 'key-1' },
  { op: 'messages.text', input: { number: 'not a number', text: '' }, idempotencyKey: 'bad key' },
  {
    op: 'messages.media',
    input: {
      number: '5511999990000',
      mediatype: 'image',
      source: { kind: 'url', url: 'https://files.example.com/a.png' },
      caption: 'A caption',
    },
    idempotencyKey: 'key-2',
  },
  {
    op: 'messages.media',
    input: {
      number: '5511999990000',
      mediatype: 'document',
      source: { kind: 'url', url: 'https://files.example.com/a.pdf' },
      fileName: 'a.pdf',
      mimetype: 'application/pdf',
    },
    idempotencyKey: 'key-3',
  },
  {
    op: 'messages.audio',
    input: { number: '5511999990000', source: { kind: 'url', url: 'https://files.example.com/a.ogg' } },
    idempotencyKey: 'key-4',
  },
  {
    op: 'messages.template',
    input: { number: '5511999990000', name: 'order_update', language: 'en_US', params: ['Ana', '#1042', 'três'] },
    idempotencyKey: 'key-5',
  },
  {
    op: 'messages.template',
    input: { number: '5511999990000', name: 'hello_world', language: 'en_US', params: [] },
    idempotencyKey: 'key-6',
  },
  { op: 'contacts.list', input: { page: 3, perPage: 50, search: '+55 11 9' } },
  { op: 'contacts.list', input: {} },
  { op: 'messages.list', input: { number: '5511999990000', page: 2, perPage: 20 } },
  { op: 'keys.check', input: {} },
];

/** a multipart body's boundary is random per build: the same for both sides of a comparison */
function sameBoundary(request: PreparedRequest): PreparedRequest {
  if (request.body?.kind !== 'multipart') return request;
  return {
    ...request,
    body: { ...request.body, boundary: 'B' },
    headers: { ...request.headers, 'Content-Type': 'multipart/form-data; boundary=B' },
  };
}

describe('a compiled description builds what the description rendered afresh builds', () => {
  it.each(SANDBOX_DIALECTS)('the %s dialect, for each operation it teaches', async (dialect) => {
    const target = { baseUrl: BASE, endpointOverrides: {}, api: learned(dialect) };
    let compared = 0;
    for (const op of SAMPLES) {
      const compiled = await prepareRequest(op, target);
      // twice: the second build is served from the compiled form kept for the description
      const again = await prepareRequest(op, target);
      const fresh = await prepareRequest(op, target, { compiled: false });
      expect(sameBoundary(compiled.request)).toEqual(sameBoundary(fresh.request));
      expect(sameBoundary(again.request)).toEqual(sameBoundary(fresh.request));
      expect(compiled.problems).toEqual(fresh.problems);
      expect(compiled.errorCode).toEqual(fresh.errorCode);
      compared += 1;
    }
    expect(compared).toBe(SAMPLES.length);
  });

  it('the default description (API.md) too', async () => {
    const target = { baseUrl: BASE, endpointOverrides: {} };
    for (const op of SAMPLES) {
      expect((await prepareRequest(op, target)).request).toEqual((await prepareRequest(op, target, { compiled: false })).request);
    }
  });
});

describe('a changed description is compiled again', () => {
  const text: Operation = { op: 'messages.text', input: { number: '5511999990000', text: 'hi' }, idempotencyKey: 'k' };
  const spec = (body: Template, path = '/send'): OperationSpec => ({ method: 'POST', path, query: [], headers: [], body });

  it('a new body or path is what the next send carries', async () => {
    const first = {
      baseUrl: BASE,
      endpointOverrides: {},
      api: { version: 1 as const, operations: { 'messages.text': spec({ to: { $role: 'number' }, message: { $role: 'text' } }) } },
    };
    const a = (await prepareRequest(text, first)).request;
    expect(a.body).toEqual({ kind: 'json', text: '{"to":"5511999990000","message":"hi"}' });
    expect(a.url).toBe(`${BASE}/send`);

    // what saving a description does: new objects for the profile's description
    const second = {
      ...first,
      api: {
        version: 1 as const,
        operations: { 'messages.text': spec({ chatId: { $role: 'number', suffix: '@c.us' }, body: { $role: 'text' } }, '/v2/send') },
      },
    };
    const b = (await prepareRequest(text, second)).request;
    expect(b.body).toEqual({ kind: 'json', text: '{"chatId":"5511999990000@c.us","body":"hi"}' });
    expect(b.url).toBe(`${BASE}/v2/send`);

    // and the old description, still in use elsewhere, still builds its own request
    expect((await prepareRequest(text, first)).request).toEqual(a);
  });

  it('a description that loses a role it needs is reported as incomplete at once', async () => {
    const complete = {
      baseUrl: BASE,
      endpointOverrides: {},
      api: { version: 1 as const, operations: { 'messages.text': spec({ to: { $role: 'number' }, message: { $role: 'text' } }) } },
    };
    expect((await prepareRequest(text, complete)).problems).toEqual([]);
    const incomplete = { ...complete, api: { version: 1 as const, operations: { 'messages.text': spec({ to: { $role: 'number' } }) } } };
    expect((await prepareRequest(text, incomplete)).problems.map((p) => p.sentence)).toEqual([expect.stringContaining('is incomplete')]);
  });
});

describe('the JSON body writer', () => {
  const rendered = (template: Template, values: RoleValues) => stringifyJson(renderTemplate(template, values));
  const cases: [string, Template][] = [
    [
      'roles, constants and omitted roles',
      {
        a: { $role: 'number' },
        b: 'const',
        c: 1.5,
        d: true,
        e: null,
        f: { $role: 'caption' },
        g: { h: { $role: 'text', prefix: '<', suffix: '>' } },
      },
    ],
    ['exact numbers kept digit for digit', { big: { $number: '12345678901234567890' }, one: { $number: '1.0' }, n: { $role: 'page' } }],
    ['a literal object', { $literal: { $role: 'not a slot', x: { $role: 'text' } } }],
    ['integer-like keys, which objects put first', { b: { $role: 'text' }, 2: 'two', 1: { $role: 'number' } }],
    ['lists with omitted items', { list: [{ $role: 'caption' }, 'x', { $role: 'text' }, [{ $role: 'caption' }]] }],
    ['a template parameter list', { components: [{ type: 'body', parameters: [{ type: 'text', text: { $role: 'template_param' } }] }] }],
    ['a bare parameter list among constants', { params: ['first', { $role: 'template_param' }, 'last'] }],
    ['a role at the top', { $role: 'text' }],
    ['a role without a value at the top', { $role: 'caption' }],
    ['a constant body', { fixed: [1, 2, { three: 3 }], s: 'é "q"' }],
  ];
  const valueSets: RoleValues[] = [
    { number: '5511999990000', text: 'Olá "quoted"\n\u2028 🎉', page: 2, template_param: ['Ana', '#1042'] },
    { number: '1', text: '', page: 0, caption: 'c', template_param: [] },
    { text: 'x', template_param: ['only'], number: 42 },
  ];

  it.each(cases)('%s: the same text as rendering and stringifying', (_name, template) => {
    const write = compileJsonTemplate(template);
    expect(write).not.toBeNull();
    for (const values of valueSets) expect(write!(values)).toBe(rendered(template, values));
  });

  it('leaves the kind key and __proto__ to the general renderer', () => {
    expect(compileJsonTemplate({ $mediatype: { link: { $role: 'media_url' } } })).toBeNull();
    expect(compileJsonTemplate(JSON.parse('{"__proto__": {"a": 1}, "b": {"$role": "text"}}') as Template)).toBeNull();
  });
});
