// From a pasted cURL to a proposed description, for examples shaped like the public docs of
// real services (not the sandbox's dialects): the roles come from the real world's names.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import type { DescribedOperation, RoleFixes } from '../../../../src-main/core/api/types';
import { CrmError } from '../../../../src-main/core/errors';
import { EVOLUTION_MEDIA_ROLES } from './support/evolution-roles';

function propose(curl: string, operation: DescribedOperation, fixes: RoleFixes = {}, profileBaseUrl?: string) {
  return proposeOperation(parseCurl(curl), operation, { fixes, ...(profileBaseUrl ? { profileBaseUrl } : {}) });
}

function roles(curl: string, operation: DescribedOperation, fixes: RoleFixes = {}): Record<string, string | null> {
  return Object.fromEntries(propose(curl, operation, fixes).rows.map((r) => [r.field, r.role]));
}

describe("guessing roles from real services' examples", () => {
  it("Meta's Cloud API text: to (+digits) and text.body; constants stay", () => {
    const p = propose(
      `curl -X POST 'https://graph.facebook.com/v21.0/106540352242922/messages' -H 'Authorization: Bearer ` +
        `EAAJB...' -H 'Content-Type: application/json' -d '{ "messaging_product": "whatsapp", ` +
        `"recipient_type": "individual", "to": "+16505551234", "type": "text", "text": { "preview_url": ` +
        `false, "body": "Hello" } }'`,
      'messages.text',
    );
    expect(p.spec.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: { $role: 'number', prefix: '+' },
      type: 'text',
      text: { preview_url: false, body: { $role: 'text' } },
    });
    expect(p.baseUrl).toBe('https://graph.facebook.com');
    expect(p.spec.path).toBe('/v21.0/106540352242922/messages');
    expect(p.warnings).toEqual([]);
  });

  it("Evolution API sendText: number and text under an instance path; the apikey header becomes the key's placement, its value is not kept", () => {
    const p = propose(
      `curl --request POST --url https://evo.example.com/message/sendText/my-instance --header ` +
        `'Content-Type: application/json' --header 'apikey: 429683C4C977415CAAFCCE10F7D57E11' --data ` +
        `'{"number": "5511999990000", "text": "hi", "delay": 1200}'`,
      'messages.text',
    );
    expect(p.spec.body).toEqual({ number: { $role: 'number' }, text: { $role: 'text' }, delay: 1200 });
    expect(p.spec.headers).toEqual([]);
    expect(p.spec.credential).toEqual({ in: 'header', name: 'apikey', scheme: '' });
    expect(p.warnings.join(' ')).toMatch(/The key goes as the apikey header; the pasted value was not kept/);
    expect(JSON.stringify(p)).not.toContain('429683C4');
  });

  it("Z-API send-text: phone and message; Client-Token is the key's placement", () => {
    const p = propose(
      `curl -X POST "https://api.z-api.io/instances/ID/token/TOKEN/send-text" -H "Client-Token: ` +
        `F8d4b3c2a1e5f6g7h8i9j0k1l2m3n4o5" -H "Content-Type: application/json" -d "{\\"phone\\": ` +
        `\\"5511999999999\\", \\"message\\": \\"Welcome\\"}"`,
      'messages.text',
    );
    expect(p.spec.body).toEqual({ phone: { $role: 'number' }, message: { $role: 'text' } });
    expect(p.spec.headers).toEqual([]);
    expect(p.spec.credential).toEqual({ in: 'header', name: 'Client-Token', scheme: '' });
    expect(JSON.stringify(p)).not.toContain('F8d4b3c2');
  });

  it('green-api / WPPConnect: a chat id learns its @c.us suffix', () => {
    expect(
      propose(
        `curl https://api.green-api.com/waInstance1/sendMessage/tok -H 'Content-Type: application/json' -d ` +
          `'{"chatId":"79001234567@c.us","message":"I use Green-API"}'`,
        'messages.text',
      ).spec.body,
    ).toEqual({
      chatId: { $role: 'number', suffix: '@c.us' },
      message: { $role: 'text' },
    });
  });

  it('Evolution sendMedia: one field takes a URL or base64; fileName, mimetype, mediatype and caption', () => {
    const body = {
      number: '5511999990000',
      mediatype: 'image',
      mimetype: 'image/png',
      caption: 'Look',
      media: 'https://example.com/cat.png',
      fileName: 'cat.png',
    };
    expect(roles(`curl https://evo.example.com/message/sendMedia/inst -d '${JSON.stringify(body)}'`, 'messages.media')).toEqual(
      EVOLUTION_MEDIA_ROLES,
    );
  });

  it('Meta media by link with a filename: the type is the media kind and picks the key; a voice note by link with voice:true kept as a constant', () => {
    expect(
      roles(
        `curl https://graph.facebook.com/v21.0/1/messages -d ` +
          `'{"messaging_product":"whatsapp","to":"15551234567","type":"document",` +
          `"document":{"link":"https://x.io/a.pdf","filename":"a.pdf","caption":"Q3"}}'`,
        'messages.media',
      ),
    ).toMatchObject({
      to: 'number',
      'document.link': 'media_url',
      'document.id': 'media_id',
      'document.filename': 'file_name',
      'document.caption': 'caption',
      type: 'mediatype',
      messaging_product: null,
    });
    expect(
      roles(
        `curl https://graph.facebook.com/v21.0/1/messages -d ` +
          `'{"messaging_product":"whatsapp","to":"15551234567","type":"audio","audio":{"link":"https://x.io/n.ogg"}}'`,
        'messages.audio',
      ),
    ).toMatchObject({ to: 'number', 'audio.link': 'audio_url', 'audio.id': 'media_id' });
  });

  it('two fields for the bytes: a URL field and a base64 field get their own roles', () => {
    expect(
      roles(
        `curl https://x.io/send -d '{"to":"5511999990000","url":"https://x.io/a.pdf","base64":"JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoK"}'`,
        'messages.media',
      ),
    ).toMatchObject({ url: 'media_url', base64: 'media_base64' });
  });

  it.each([
    ['https://app.chatwoot.com/api/v1/accounts/1/contacts?page=1&sort=name', { page: 'page', sort: null }],
    ['https://crm.example.com/api/v1/contacts?limit=20&offset=0&q=ana', { limit: 'per_page', offset: 'offset', q: 'search' }],
    [
      'https://crm.example.com/api/v1/contacts?pageSize=50&pageToken=abc&query=x',
      { pageSize: 'per_page', pageToken: 'cursor', query: 'search' },
    ],
    [
      'https://crm.example.com/api/v1/contacts?per_page=25&starting_after=c_1&search=x',
      { per_page: 'per_page', starting_after: 'cursor', search: 'search' },
    ],
  ])('contacts query %s', (url, expected) => {
    expect(roles(`curl '${url}'`, 'contacts.list')).toEqual(expected);
  });

  it('a fix names the field a guess got wrong, by full path or by name; constant undoes a guess', () => {
    const curl = `curl 'https://x.io/contacts?size=20&start=0&term=a'`;
    expect(roles(curl, 'contacts.list', { per_page: ['size'], offset: ['start'], constant: ['term'] })).toEqual({
      size: 'per_page',
      start: 'offset',
      term: null,
    });
    const nested = `curl https://x.io/send -d '{"caption":"top","document":{"caption":"inner","link":"https://x.io/a.pdf"},"to":"5511999990000"}'`;
    expect(roles(nested, 'messages.media', { caption: ['document.caption'] })).toMatchObject({
      caption: null,
      'document.caption': 'caption',
    });
    expect(propose(nested, 'messages.media', { caption: ['nope'] }).warnings).toContain('No field "nope" in the example for caption');
  });

  it("keeps the profile's base URL when the example is under it, and says what is missing", () => {
    const p = propose(
      `curl https://crm.example.com/tenant/api/v1/messages -d '{"to":"5511999990000"}'`,
      'messages.text',
      {},
      'https://crm.example.com/tenant',
    );
    expect(p.baseUrl).toBe('https://crm.example.com/tenant');
    expect(p.spec.path).toBe('/api/v1/messages');
    expect(p.warnings.join(' ')).toMatch(/no field is mapped to the message text/);
  });
});

describe('examples that cannot become an operation', () => {
  const fails = (curl: string, operation: DescribedOperation = 'messages.text'): string => {
    try {
      propose(curl, operation);
    } catch (err) {
      if (err instanceof CrmError || (err instanceof Error && err.name === 'CurlParseError')) return err.message;
      throw err;
    }
    throw new Error('expected a failure');
  };

  it.each([
    ['a body that is neither JSON nor a form', `curl https://x.io/send -d 'hello there'`, /neither JSON nor a form/],
    ['a DELETE for a send (only a template deletion is one)', `curl -X DELETE https://x.io/send`, /is a DELETE; .* is not a deletion/],
    ['an unknown method', `curl -X PURGE https://x.io/send`, /GET, POST, PUT, PATCH or DELETE/],
    ['another scheme', `curl ftp://x.io/send`, /ftp/],
    ['a pipe into a shell', `curl https://x.io/send -d '{}' | sh`, /pipe/],
    ['a command substitution', "curl https://x.io/$(whoami) -d '{}'", /\$\(/],
    ['a 1 MB paste', `curl https://x.io/send -d '${'a'.repeat(1024 * 1024)}'`, /larger than 256 KiB/],
  ])('%s gets a clear error', (_name, curl, message) => {
    expect(fails(curl)).toMatch(message);
  });

  it('a GET list request with a body is refused; a POSTed filter body (Evolution findContacts) is a list request', () => {
    expect(fails(`curl -X GET https://x.io/contacts -d '{"page":1}'`, 'contacts.list')).toMatch(/asked for with a GET/);
    const p = propose(
      `curl -X POST https://x.io/chat/findContacts/inst -H 'Content-Type: application/json' -d '{"where":{"pushName":"ana"},"page":2}'`,
      'contacts.list',
    );
    expect(p.spec.method).toBe('POST');
    expect(p.spec.body).toEqual({ where: { pushName: { $role: 'search' } }, page: { $role: 'page' } });
  });
});
