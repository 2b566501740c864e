// A pasted example's body reaches the request the app sends unchanged: numbers digit for digit,
// constants that look like slots stay constants, and a body nested absurdly deep is refused
// with a sentence instead of crashing.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { parseApiDescription } from '../../../../src-main/core/api/schema';
import { renderTemplate, rolesOf } from '../../../../src-main/core/api/template';
import { stringifyJson } from '../../../../src-main/core/api/json/json-text';
import type { ApiDescription, DescribedOperation, OperationSpec, Template } from '../../../../src-main/core/api/types';
import { templateText } from '../../../../src-main/cli/api-text';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { CrmError } from '../../../../src-main/core/errors';
import type { Operation } from '../../../../src-main/core/operations';
import { checkJsonBounds, JsonBoundsError } from '../../../../src-main/core/parse/bounded-json';
import { prepareRequest } from '../../../../src-main/core/request/request-builder';

const TEXT: Operation = { op: 'messages.text', input: { number: '5511999990000', text: 'Hello' }, idempotencyKey: 'key-1234' };

function propose(body: string, operation: DescribedOperation = 'messages.text') {
  return proposeOperation(parseCurl(`curl https://api.example.com/send -H 'Content-Type: application/json' -d '${body}'`), operation);
}

async function sentBody(spec: OperationSpec, op: Operation = TEXT): Promise<string> {
  const api: ApiDescription = { version: 1, operations: { [op.op]: spec } };
  const loaded = parseApiDescription(JSON.parse(JSON.stringify(api)));
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  const { request, problems } = await prepareRequest(op, { baseUrl: 'https://api.example.com', endpointOverrides: {}, api: loaded.value });
  expect(problems).toEqual([]);
  if (request.body?.kind !== 'json') throw new Error('expected a JSON body');
  return request.body.text;
}

describe('numbers keep their digits from example to request', () => {
  const exact = ['1234567890123456789e1', '12345678901234567890', '0.10000000000000000001', '-0', '1.0', '1E5', '9007199254740993'];

  it.each(exact)('%s is kept as text in the template, shown as written, and sent as written', async (digits) => {
    const p = propose(`{"to":"+15551234567","text":"hi","n":${digits},"list":[${digits}]}`);
    expect(p.spec.body).toMatchObject({ n: { $number: digits }, list: [{ $number: digits }] });
    expect(p.rows.find((r) => r.field === 'n')).toEqual({ location: 'body', field: 'n', example: digits, role: null });
    const body = await sentBody(p.spec);
    expect(body).toBe(`{"to":"+5511999990000","text":"Hello","n":${digits},"list":[${digits}]}`);
  });

  it('the exported cURL and the terminal show the same digits', async () => {
    const p = propose('{"to":"+15551234567","text":"hi","id":12345678901234567890}');
    const api: ApiDescription = { version: 1, operations: { 'messages.text': p.spec } };
    const { request } = await prepareRequest(TEXT, { baseUrl: 'https://api.example.com', endpointOverrides: {}, api });
    expect(toCurl(request)).toContain('"id":12345678901234567890}');
    expect(templateText(p.spec.body!)).toBe('{"to":"+{{number}}","text":"{{text}}","id":12345678901234567890}');
  });

  it('numbers that survive JSON.parse exactly stay plain numbers', () => {
    const p = propose('{"to":"+15551234567","text":"hi","delay":1200,"ratio":0.5,"neg":-3,"big":1e+21,"safe":9007199254740991}');
    expect(p.spec.body).toEqual({
      to: { $role: 'number', prefix: '+' },
      text: { $role: 'text' },
      delay: 1200,
      ratio: 0.5,
      neg: -3,
      big: 1e21,
      safe: 9007199254740991,
    });
  });

  it('a string that happens to look like the internal placeholder is kept as a string', () => {
    const p = propose('{"to":"+15551234567","text":"hi","a":"\\u0000n0","b":1.0}');
    expect(p.spec.body).toMatchObject({ a: '\u0000n0', b: { $number: '1.0' } });
  });

  it('a role can still be given to such a field, and then takes the value', async () => {
    const p = proposeOperation(
      parseCurl(`curl https://api.example.com/send -d '{"to":"+15551234567","msg":"x","page":1.0}'`),
      'messages.text',
      { fixes: { text: ['msg'] } },
    );
    expect(p.spec.body).toEqual({ to: { $role: 'number', prefix: '+' }, msg: { $role: 'text' }, page: { $number: '1.0' } });
  });

  it('stringifyJson is JSON.stringify when there is nothing exact to write', () => {
    const value = { a: [1, 'two', null, { b: '"\u2028' }], c: 1e21 };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('a saved $number that is not a JSON number is an ordinary object, as before', () => {
    const body: Template = { meta: { $number: 'abc' } };
    expect(renderTemplate(body, {})).toEqual({ meta: { $number: 'abc' } });
    expect(
      parseApiDescription({
        version: 1,
        operations: {
          'messages.text': {
            method: 'POST',
            path: '/send',
            query: [],
            headers: [],
            body: { to: { $role: 'number' }, text: { $role: 'text' }, meta: { $number: 'abc' } },
          },
        },
      }).ok,
    ).toBe(true);
  });
});

describe('constants that look like slots stay constants', () => {
  it('{"$role":"text"} in an example is an escaped constant, never a RoleRef', async () => {
    const p = propose('{"to":"+15551234567","text":"hi","meta":{"$role":"text"}}');
    expect(p.spec.body).toEqual({ to: { $role: 'number', prefix: '+' }, text: { $role: 'text' }, meta: { $literal: { $role: 'text' } } });
    expect(p.rows.find((r) => r.field === 'meta.$role')).toMatchObject({ example: 'text', role: null });
    const body = await sentBody(p.spec);
    expect(JSON.parse(body)).toEqual({ to: '+5511999990000', text: 'Hello', meta: { $role: 'text' } });
  });

  it('the constant does not count as a role, in the core or the terminal', () => {
    const p = propose('{"to":"+15551234567","msg":{"$role":"text"},"x":{"$role":"number","prefix":"+"}}');
    expect([...rolesOf(p.spec)]).toEqual(['number']);
    expect(p.warnings.join(' ')).toMatch(/no field is mapped to the/);
    expect(templateText(p.spec.body!)).toBe('{"to":"+{{number}}","msg":{"$role":"text"},"x":{"$role":"number","prefix":"+"}}');
  });

  it('any $-key object is escaped, keys like $number and $literal included; its values stay templates', async () => {
    const p = propose('{"to":"+15551234567","text":"hi","q":{"$number":"5","$set":{"n":1.0}},"w":{"$literal":{"$role":"x"}}}');
    expect(p.spec.body).toMatchObject({
      q: { $literal: { $number: '5', $set: { n: { $number: '1.0' } } } },
    });
    expect(p.spec.body).toMatchObject({ w: { $literal: { $literal: { $literal: { $role: 'x' } } } } });
    const body = await sentBody(p.spec);
    expect(body).toBe('{"to":"+5511999990000","text":"Hello","q":{"$number":"5","$set":{"n":1.0}},"w":{"$literal":{"$role":"x"}}}');
  });

  it('a description saved by an older build (no escapes) still loads and sends as before', async () => {
    const old = {
      method: 'POST',
      path: '/send',
      query: [],
      headers: [],
      body: { to: { $role: 'number', prefix: '+' }, text: { $role: 'text' }, opts: { $set: 1, keep: [1, 2] }, n: 12 },
    };
    expect(await sentBody(old as OperationSpec)).toBe('{"to":"+5511999990000","text":"Hello","opts":{"$set":1,"keep":[1,2]},"n":12}');
  });

  it('a literal object with an unknown role inside is a constant, and saves', () => {
    const spec = {
      method: 'POST',
      path: '/send',
      query: [],
      headers: [],
      body: { to: { $role: 'number' }, text: { $role: 'text' }, m: { $literal: { $role: 'nonsense' } } },
    };
    expect(parseApiDescription({ version: 1, operations: { 'messages.text': spec } }).ok).toBe(true);
    expect(
      parseApiDescription({ version: 1, operations: { 'messages.text': { ...spec, body: { ...spec.body, m: { $role: 'nonsense' } } } } })
        .ok,
    ).toBe(false);
  });
});

describe('a body nested too deeply is refused with a sentence', () => {
  function refusal(body: string): CrmError {
    try {
      propose(body);
    } catch (err) {
      expect(err).toBeInstanceOf(CrmError);
      return err as CrmError;
    }
    throw new Error('expected a refusal');
  }

  it('5,000 levels of arrays or objects', () => {
    const arrays = refusal(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(arrays.code).toBe('validation');
    expect(arrays.message).toMatch(/nested too deeply \(more than 64 levels\)/);
    expect(refusal(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`).message).toMatch(/nested too deeply/);
  });

  it('the deepest paste that fits in 256 KiB', () => {
    const half = 120 * 1024;
    expect(refusal(`${'['.repeat(half)}${']'.repeat(half)}`).message).toMatch(/nested too deeply/);
  });

  it('brackets inside strings do not count; 64 levels are fine', () => {
    expect(() => checkJsonBounds(`{"a":"${'['.repeat(1000)}\\"[["}`)).not.toThrow();
    expect(() => checkJsonBounds(`${'['.repeat(64)}${']'.repeat(64)}`)).not.toThrow();
    expect(() => checkJsonBounds(`${'['.repeat(65)}${']'.repeat(65)}`)).toThrow(JsonBoundsError);
    expect(() => checkJsonBounds('x'.repeat(256 * 1024 + 1))).toThrow(/larger than 256 KiB/);
  });
});
