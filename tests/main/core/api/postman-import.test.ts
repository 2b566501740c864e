// A Postman collection written for these tests -> its requests as candidates (folders walked,
// variables filled) -> the request Postman would send -> proposeOperation. The collection's
// auth gives the key's placement; its key values are never kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCandidate, proposeFromSpec, readApiSpec, specExample } from '../../../../src-main/core/api/spec/spec-import';
import type { SpecProposeOptions } from '../../../../src-main/core/api/spec/spec-import';
import type { DescribedOperation, Proposal } from '../../../../src-main/core/api/types';
import { EVOLUTION_MEDIA_ROLES } from './support/evolution-roles';

const text = readFileSync(
  join(fileURLToPath(new URL('../../../fixtures/specs/', import.meta.url)), 'gateway.postman_collection.json'),
  'utf8',
);
const spec = readApiSpec(text);
const SECRET = 'pm-collection-secret-0123456789abcdef';

function propose(id: string, operation: DescribedOperation, options: SpecProposeOptions = {}): Proposal {
  const result = proposeFromSpec(spec, id, operation, { profileBaseUrl: 'http://127.0.0.1:8080', ...options });
  if (result.proposal === null) throw new Error(result.unsupported);
  return result.proposal;
}

describe('a Postman collection', () => {
  it('lists every request, named by its folders, with the server its variables give', () => {
    expect(spec.kind).toBe('postman');
    expect(spec.title).toBe('Gateway (test fixture)');
    expect(spec.candidates.map((c) => c.id)).toEqual([
      'Messages / Send text',
      'Messages / Send media',
      'Messages / Upload a file',
      'Contacts / Find contacts',
      'Form service / Send WhatsApp',
    ]);
    expect(spec.candidates[0]).toMatchObject({
      method: 'POST',
      path: '/message/sendText/{{instance}}',
      servers: ['https://gateway.example.test'],
    });
  });

  it('a request is found by its name, or by METHOD and path when only one matches', () => {
    expect(findCandidate(spec, 'messages / send TEXT').id).toBe('Messages / Send text');
    expect(findCandidate(spec, 'POST /chat/findContacts/{{instance}}').id).toBe('Contacts / Find contacts');
  });

  it("send text: variables filled, the collection's apikey auth is the placement, its value never kept", () => {
    const example = specExample(spec, 'Messages / Send text');
    expect(example.url).toBe('https://gateway.example.test/message/sendText/sandbox');
    expect(example.headers).toContainEqual({ name: 'apikey', value: 'YOUR_API_KEY' });
    const p = propose('Messages / Send text', 'messages.text');
    expect(p.spec.credential).toEqual({ in: 'header', name: 'apikey', scheme: '' });
    expect(p.spec.body).toEqual({ number: { $role: 'number' }, text: { $role: 'text' } });
    expect(JSON.stringify([example, p])).not.toContain(SECRET);
  });

  it('send media: every field gets its role', () => {
    expect(Object.fromEntries(propose('Messages / Send media', 'messages.media').rows.map((r) => [r.field, r.role]))).toEqual(
      EVOLUTION_MEDIA_ROLES,
    );
  });

  it('a form-data body proposes nothing and says it is not supported yet', () => {
    const result = proposeFromSpec(spec, 'Messages / Upload a file', 'messages.media');
    expect(result.proposal).toBeNull();
    expect(result.unsupported).toMatch(/form-data .*not supported yet/);
  });

  it("a folder's basic auth and a urlencoded body: HTTP Basic with the account variable, the form encoding, :AccountSid filled", () => {
    const p = propose('Form service / Send WhatsApp', 'messages.text');
    expect(p.spec.credential).toEqual({ in: 'basic', username: 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9' });
    expect(p.spec.encoding).toBe('form');
    expect(p.spec.path).toBe('/2010-04-01/Accounts/AC0a1b2c3d4e5f60718293a4b5c6d7e8f9/Messages.json');
    // the disabled MediaUrl is not sent
    expect(p.spec.body).toEqual({ To: { $role: 'number', prefix: 'whatsapp:+' }, From: 'whatsapp:+14155238886', Body: { $role: 'text' } });
  });

  it("a variable without a value is named with --var; given, it is used; a missing base URL falls back to the profile's", () => {
    const bare = JSON.parse(text) as { variable: { key: string }[] };
    bare.variable = bare.variable.filter((v) => v.key !== 'instance' && v.key !== 'baseUrl');
    const open = readApiSpec(JSON.stringify(bare));
    const loose = proposeFromSpec(open, 'Messages / Send text', 'messages.text', { profileBaseUrl: 'http://127.0.0.1:8080' }).proposal!;
    expect(loose.baseUrl).toBe('http://127.0.0.1:8080');
    expect(loose.warnings.join('\n')).toMatch(/\{\{instance\}\} has no value in the collection; import again with --var instance=VALUE/);
    expect(
      proposeFromSpec(open, 'Messages / Send text', 'messages.text', {
        profileBaseUrl: 'http://127.0.0.1:8080',
        vars: { instance: 'shop' },
      }).proposal!.spec.path,
    ).toBe('/message/sendText/shop');
  });
});
