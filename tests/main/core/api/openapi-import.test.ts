// An OpenAPI 3 document -> candidates -> the example request a playground would show ->
// proposeOperation, for three small documents written for these tests (a cloud-style bearer API
// with a oneOf body, a Twilio-style form API with HTTP Basic, an Evolution-style apikey API in
// OpenAPI 3.1), and the documents this importer refuses.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCandidate, proposeFromSpec, readApiSpec, specExample } from '../../../../src-main/core/api/spec/spec-import';
import type { ApiSpec } from '../../../../src-main/core/api/spec/spec-import';
import { parseSpecText } from '../../../../src-main/core/api/spec/spec-read';
import { readSpecSource } from '../../../../src-main/core/api/spec/spec-source';
import type { DescribedOperation, Proposal } from '../../../../src-main/core/api/types';
import { tempDir } from '../../helpers/temp-dir';
import { EVOLUTION_MEDIA_ROLES } from './support/evolution-roles';

const SPECS = fileURLToPath(new URL('../../../fixtures/specs/', import.meta.url));
const fixture = (name: string): string => readFileSync(join(SPECS, name), 'utf8');
const PROFILE = 'http://127.0.0.1:8080';

function propose(spec: ApiSpec, id: string, operation: DescribedOperation, options: Parameters<typeof proposeFromSpec>[3] = {}): Proposal {
  const result = proposeFromSpec(spec, id, operation, { profileBaseUrl: PROFILE, ...options });
  if (result.proposal === null) throw new Error(result.unsupported);
  return result.proposal;
}

const roles = (p: Proposal): Record<string, string | null> => Object.fromEntries(p.rows.map((r) => [r.field, r.role]));

/** A minimal OpenAPI 3.0 document around `paths` and `components`. */
function doc(paths: object, components: object = {}, extra: object = {}): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
    paths,
    components,
    ...extra,
  });
}

describe('a cloud-style document (OpenAPI 3.0, YAML, bearer, a oneOf body)', () => {
  const spec = readApiSpec(fixture('cloud-style.yaml'));
  const MESSAGES = 'POST /{Phone-Number-ID}/messages';
  // the text body proposed from the example and from the schema alike: to and text.body get their roles
  const TEXT_BODY = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: { $role: 'number', prefix: '+' },
    type: 'text',
    text: { body: { $role: 'text' } },
  };

  it('lists every operation by method and path, with its server (variables filled with their defaults)', () => {
    expect(spec.kind).toBe('openapi');
    expect(spec.candidates.map((c) => c.id)).toEqual([MESSAGES, 'POST /{Phone-Number-ID}/media', 'GET /contacts']);
    expect(spec.candidates[0]).toMatchObject({
      method: 'POST',
      path: '/{Phone-Number-ID}/messages',
      summary: 'Send a message',
      servers: ['https://graph.chat.example/v19.0'],
    });
  });

  it('the example request: example path parameter, the named example for a text, the key as a bearer placeholder', () => {
    const example = specExample(spec, MESSAGES, { operation: 'messages.text' });
    expect(example.url).toBe('https://graph.chat.example/v19.0/1029384756/messages');
    expect(example.headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'Authorization', value: 'Bearer YOUR_API_KEY' },
    ]);
    expect(JSON.parse(example.body!)).toMatchObject({ type: 'text', text: { body: 'Hello there' } });
    expect(specExample(spec, MESSAGES, { operation: 'messages.text', vars: { version: 'v20.0', 'Phone-Number-ID': '42' } }).url).toBe(
      'https://graph.chat.example/v20.0/42/messages',
    );
  });

  it('text: to and text.body get their roles, the rest stays constant but the optional sample preview_url; bearer is the default placement', () => {
    const p = propose(spec, MESSAGES, 'messages.text');
    expect(p.spec.body).toEqual(TEXT_BODY);
    expect(p.warnings.join('\n')).toMatch(/sample values of optional fields \(text\.preview_url\)/);
    const kept = propose(spec, MESSAGES, 'messages.text', { fixes: { constant: ['text.preview_url'] } });
    expect(kept.spec.body).toMatchObject({ text: { preview_url: false, body: { $role: 'text' } } });
    expect(p.spec.credential).toBeUndefined();
    expect(p.spec.path).toBe('/v19.0/1029384756/messages');
    expect(p.baseUrl).toBe('https://graph.chat.example');
  });

  it('media from the same operation takes the image example: link -> media, caption -> caption, type -> the media kind', () => {
    expect(roles(propose(spec, MESSAGES, 'messages.media'))).toMatchObject({
      to: 'number',
      'image.link': 'media_url',
      'image.id': 'media_id',
      'image.caption': 'caption',
      type: 'mediatype',
    });
  });

  it('without examples the body is built from the schema: the oneOf branch that fits, $refs and allOf resolved', () => {
    const bare = parseSpecText(fixture('cloud-style.yaml')) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { examples?: unknown }> } } }>;
    };
    delete bare.paths['/{Phone-Number-ID}/messages']!.post.requestBody.content['application/json']!.examples;
    const plain = readApiSpec(JSON.stringify(bare));
    const text = propose(plain, MESSAGES, 'messages.text');
    // required and known fields only: no biz_opaque_callback_data, no preview_url; the default of recipient_type kept
    expect(text.spec.body).toEqual(TEXT_BODY);
    const media = propose(plain, MESSAGES, 'messages.media');
    expect(media.spec.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: { $role: 'number', prefix: '+' },
      type: { $role: 'mediatype' },
      $mediatype: {
        link: { $role: 'media_url' },
        caption: { $role: 'caption' },
        filename: { $role: 'file_name' },
        id: { $role: 'media_id' },
      },
    });
  });

  it('contacts: the query parameters worth showing become paging and search roles', () => {
    const p = propose(spec, 'GET /contacts', 'contacts.list');
    expect(p.spec.query).toEqual([
      { name: 'limit', value: { $role: 'per_page' } },
      { name: 'offset', value: { $role: 'offset' } },
      { name: 'q', value: { $role: 'search' } },
    ]);
  });

  it('a multipart/form-data body proposes nothing and says it is not supported yet', () => {
    const result = proposeFromSpec(spec, 'POST /{Phone-Number-ID}/media', 'messages.media', { profileBaseUrl: PROFILE });
    expect(result.proposal).toBeNull();
    expect(result.unsupported).toMatch(/multipart\/form-data .*not supported yet/);
  });

  it('a candidate is found in any letter case; an unknown one is refused with where to look', () => {
    expect(findCandidate(spec, 'post /{phone-number-id}/MESSAGES').id).toBe(MESSAGES);
    expect(() => findCandidate(spec, 'DELETE /nothing')).toThrow(/no operation "DELETE \/nothing"; list them with --list/);
  });
});

describe('a Twilio-style document (OpenAPI 3.0, JSON, HTTP Basic, a form body)', () => {
  const spec = readApiSpec(fixture('twilio-style.json'));
  const ID = 'POST /2010-04-01/Accounts/{AccountSid}/Messages.json';

  it('learns the form encoding, HTTP Basic with the account id of the path, and whatsapp:+ numbers', () => {
    const p = propose(spec, ID, 'messages.text');
    expect(p.spec.encoding).toBe('form');
    expect(p.spec.credential).toEqual({ in: 'basic', username: 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9' });
    expect(p.spec.body).toEqual({ To: { $role: 'number', prefix: 'whatsapp:+' }, From: 'whatsapp:+14155238886', Body: { $role: 'text' } });
    expect(p.warnings.join(' ')).toMatch(/HTTP Basic user name is the example's AccountSid/);
  });

  it('the example is form text with a Basic header holding only the placeholder', () => {
    const example = specExample(spec, ID, { operation: 'messages.text' });
    expect(example.body).toBe('To=whatsapp%3A%2B15551234567&From=whatsapp%3A%2B14155238886&Body=Hello+from+the+fixture');
    const basic = example.headers.find((h) => h.name === 'Authorization')!.value;
    expect(Buffer.from(basic.replace('Basic ', ''), 'base64').toString()).toBe('AC0a1b2c3d4e5f60718293a4b5c6d7e8f9:YOUR_API_KEY');
  });

  it('media: MediaUrl is the file, Body beside it the caption; --user names the account', () => {
    const p = propose(spec, ID, 'messages.media', { user: 'AC00000000000000000000000000000001' });
    expect(roles(p)).toMatchObject({ To: 'number', MediaUrl: 'media', Body: 'caption', From: null });
    expect(p.spec.credential).toEqual({ in: 'basic', username: 'AC00000000000000000000000000000001' });
  });
});

describe('an Evolution-style document (OpenAPI 3.1, apikey header)', () => {
  const spec = readApiSpec(fixture('evolution-style.json'));

  it('the apikey header is the placement; the key the document shows as an example is never kept', () => {
    const p = propose(spec, 'POST /message/sendText/{instance}', 'messages.text');
    expect(p.spec.credential).toEqual({ in: 'header', name: 'apikey', scheme: '' });
    expect(p.spec.headers).toEqual([]);
    expect(p.spec.body).toEqual({ number: { $role: 'number' }, text: { $role: 'text' } });
    expect(JSON.stringify(p)).not.toContain('EVO-DOC-KEY');
    expect(JSON.stringify(specExample(spec, 'POST /message/sendText/{instance}', { profileBaseUrl: PROFILE }))).not.toContain(
      'EVO-DOC-KEY',
    );
  });

  it('a relative server is read under the profile; 3.1 `examples` give the path parameter and number', () => {
    const p = propose(spec, 'POST /message/sendText/{instance}', 'messages.text');
    expect(p.baseUrl).toBe(PROFILE);
    expect(p.spec.path).toBe('/message/sendText/sandbox');
    expect(p.rows.find((r) => r.field === 'number')!.example).toBe('5511999990000');
    expect(propose(spec, 'POST /message/sendText/{instance}', 'messages.text', { vars: { instance: 'shop 1' } }).spec.path).toBe(
      '/message/sendText/shop%201',
    );
  });

  it('media: every field gets its role; the list is a POST with a filter body', () => {
    expect(roles(propose(spec, 'POST /message/sendMedia/{instance}', 'messages.media'))).toEqual(EVOLUTION_MEDIA_ROLES);
    expect(propose(spec, 'POST /chat/findContacts/{instance}', 'contacts.list').spec).toMatchObject({
      method: 'POST',
      body: { where: {} },
    });
  });
});

describe('security schemes', () => {
  const op = {
    post: {
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', required: ['to', 'text'], properties: { to: { type: 'string' }, text: { type: 'string' } } },
          },
        },
      },
    },
  };
  const withScheme = (scheme: object) => readApiSpec(doc({ '/send': op }, { securitySchemes: { s: scheme } }, { security: [{ s: [] }] }));

  it('apiKey in the query: the placement, the parameter left out of the learned query', () => {
    const spec = withScheme({ type: 'apiKey', in: 'query', name: 'api_key' });
    expect(specExample(spec, 'POST /send').url).toBe('https://api.example.test/send?api_key=YOUR_API_KEY');
    const p = propose(spec, 'POST /send', 'messages.text');
    expect(p.spec.credential).toEqual({ in: 'query', name: 'api_key' });
    expect(p.spec.query).toEqual([]);
  });

  it('a header the cURL importer would not take for a key is still the placement, because the document says so', () => {
    expect(
      propose(withScheme({ type: 'apiKey', in: 'header', name: 'X-Shop-Auth' }), 'POST /send', 'messages.text').spec.credential,
    ).toEqual({ in: 'header', name: 'X-Shop-Auth', scheme: '' });
  });

  it.each([
    [{ type: 'http', scheme: 'digest' }, /"s" \(http digest\) is not one this app can send/],
    [{ type: 'mutualTLS' }, /"s" \(mutualTLS\) is not one this app can send/],
    [{ type: 'apiKey', in: 'cookie', name: 'sid' }, /puts the key in a cookie/],
  ])('an unknown or unsendable scheme %j is a warning, and the default placement stays', (scheme, warning) => {
    const p = propose(withScheme(scheme), 'POST /send', 'messages.text');
    expect(p.warnings.join('\n')).toMatch(warning);
    expect(p.spec.credential).toBeUndefined();
  });

  it('a scheme missing from components is named', () => {
    const spec = readApiSpec(doc({ '/send': op }, {}, { security: [{ ghost: [] }] }));
    expect(propose(spec, 'POST /send', 'messages.text').warnings.join('\n')).toMatch(
      /"ghost" is not defined in components.securitySchemes/,
    );
  });

  it('server variables without a default are named with how to give them', () => {
    const spec = readApiSpec(
      JSON.stringify({
        ...JSON.parse(doc({ '/send': op })),
        servers: [{ url: 'https://{tenant}.example.test', variables: { tenant: { enum: ['a'] } } }],
      }),
    );
    expect(() => propose(spec, 'POST /send', 'messages.text')).toThrow(
      /variable \{tenant\} has no default; give it with --var tenant=VALUE/,
    );
    expect(propose(spec, 'POST /send', 'messages.text', { vars: { tenant: 'acme' } }).baseUrl).toBe('https://acme.example.test');
  });
});

describe('references', () => {
  const body = (schema: object) => ({ '/send': { post: { requestBody: { content: { 'application/json': { schema } } } } } });

  it('a $ref chain that comes back to itself is refused, naming the chain', () => {
    const spec = readApiSpec(
      doc(body({ $ref: '#/components/schemas/A' }), {
        schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } },
      }),
    );
    expect(() => propose(spec, 'POST /send', 'messages.text')).toThrow(
      /\$ref #\/components\/schemas\/A leads back to itself \(#\/components\/schemas\/A -> #\/components\/schemas\/B -> #\/components\/schemas\/A\)/,
    );
  });

  it('a schema that contains itself through a property is cut at the second level, with a note', () => {
    const node = {
      type: 'object',
      required: ['to', 'text', 'reply'],
      properties: { to: { type: 'string' }, text: { type: 'string' }, reply: { $ref: '#/components/schemas/Msg' } },
    };
    const p = propose(
      readApiSpec(doc(body({ $ref: '#/components/schemas/Msg' }), { schemas: { Msg: node } })),
      'POST /send',
      'messages.text',
    );
    expect(p.spec.body).toEqual({ to: { $role: 'number', prefix: '+' }, text: { $role: 'text' } });
    expect(p.warnings.join('\n')).toMatch(/Msg contains itself; the example leaves the field "reply" out/);
  });

  it('a $ref to another file or to nothing is refused cleanly', () => {
    expect(() => propose(readApiSpec(doc(body({ $ref: 'other.yaml#/Msg' }))), 'POST /send', 'messages.text')).toThrow(
      /refers to other.yaml#\/Msg outside itself/,
    );
    expect(() => propose(readApiSpec(doc(body({ $ref: '#/components/schemas/Nope' }))), 'POST /send', 'messages.text')).toThrow(
      /points at nothing/,
    );
  });
});

describe('documents that are refused', () => {
  it('larger than 8 MiB, as text and as a file', async () => {
    const big = `${doc({})}\n#${'x'.repeat(10 * 1024 * 1024)}`;
    expect(() => readApiSpec(big)).toThrow(/larger than 8 MiB/);
    const path = join(await tempDir('crm-spec-big-'), 'big.yaml');
    await writeFile(path, big);
    await expect(readSpecSource(path)).rejects.toThrow(/larger than 8 MiB/);
  });

  it('a YAML alias bomb (billion laughs) is stopped by the visit budget', () => {
    const lines = ['openapi: 3.0.0', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i += 1)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const started = Date.now();
    expect(() => readApiSpec(lines.join('\n'))).toThrow(
      /refers to its parts too many times: reading it means visiting more than 1,000,000 values/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('nesting deeper than 64 levels, in JSON and in YAML', () => {
    expect(() => readApiSpec(`{"openapi":"3.0.0","x":${'['.repeat(100)}${']'.repeat(100)}}`)).toThrow(/nested too deeply/);
    expect(() => readApiSpec(`openapi: 3.0.0\nx: ${'['.repeat(100)}${']'.repeat(100)}`)).toThrow(/nested too deeply/);
  });

  it('YAML with code tags, Swagger 2, and things that are no API document', () => {
    expect(() => readApiSpec('openapi: 3.0.0\nx: !!js/function "function () {}"')).toThrow(/neither JSON nor YAML this app reads/);
    expect(() => readApiSpec(JSON.stringify({ swagger: '2.0', paths: {} }))).toThrow(/Swagger 2.0 document; this app reads OpenAPI 3/);
    expect(() => readApiSpec('just: a map')).toThrow(/neither an OpenAPI 3 description .* nor a Postman collection/);
    expect(() => readApiSpec('')).toThrow(/empty/);
  });
});

describe('reading from a URL', () => {
  it('fetches the document (a relative server is read against it); an error status is named', async () => {
    const yaml = fixture('evolution-style.json');
    const server = createServer((req, res) => {
      if (req.url === '/openapi.json') res.writeHead(200, { 'content-type': 'application/json' }).end(yaml);
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { text, url } = await readSpecSource(`${base}/openapi.json`);
      const spec = readApiSpec(text);
      const p = proposeFromSpec(spec, 'POST /message/sendText/{instance}', 'messages.text', { sourceUrl: url! }).proposal!;
      expect(p.baseUrl).toBe(base);
      await expect(readSpecSource(`${base}/missing.yaml`)).rejects.toThrow(/answered HTTP 404/);
    } finally {
      server.close();
    }
  });
});
