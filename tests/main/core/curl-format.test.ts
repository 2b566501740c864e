// The exported command's text: quoting, headers, key reference, file bodies.
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from '../../../src-main/core/request/to-curl';
import type { PreparedRequest } from '../../../src-main/core/http/prepared-request';
import { availableShells, runInShell, shellEnv } from './shells';
import { trickyStrings } from './tricky-inputs';

const get: PreparedRequest = {
  endpoint: 'contacts.list',
  method: 'GET',
  url: "https://crm.example.com/api/v1/contacts?search=it's%20me",
  headers: { Accept: 'application/json' },
  body: null,
  idempotencyKey: null,
  retrySafe: true,
};

/** A send as the builder prepares it: POST, JSON, with its Idempotency-Key. */
function sendRequest(endpoint: 'messages.text' | 'messages.media', idempotencyKey: string, body: PreparedRequest['body']): PreparedRequest {
  return {
    endpoint,
    method: 'POST',
    url: `https://crm.example.com/api/v1/${endpoint.replace('.', '/')}`,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body,
    idempotencyKey,
    retrySafe: true,
  };
}

describe('toCurl', () => {
  it('prints a GET with the key as "$CRM_API_KEY"', () => {
    expect(toCurl(get)).toBe(
      [
        `curl 'https://crm.example.com/api/v1/contacts?search=it'\\''s%20me' \\`,
        `  -H 'Accept: application/json' \\`,
        `  -H "Authorization: Bearer $CRM_API_KEY"`,
      ].join('\n'),
    );
  });

  it('prints a JSON POST with --data-binary and the Idempotency-Key', () => {
    const post = sendRequest('messages.text', 'idem-1', { kind: 'json', text: '{"number":"5511999990000","text":"it\'s $(x)"}' });
    expect(toCurl(post)).toBe(
      [
        `curl 'https://crm.example.com/api/v1/messages/text' \\`,
        `  -H 'Accept: application/json' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H 'Idempotency-Key: idem-1' \\`,
        `  -H "Authorization: Bearer $CRM_API_KEY" \\`,
        `  --data-binary '{"number":"5511999990000","text":"it'\\''s $(x)"}'`,
      ].join('\n'),
    );
    expect(toCurl(post)).not.toMatch(/ -d /);
  });

  it('says -X DELETE and puts a literal key in single quotes only when asked', () => {
    const del: PreparedRequest = {
      ...get,
      endpoint: 'keys.delete',
      method: 'DELETE',
      url: 'https://crm.example.com/api/v1/api-keys/k_1',
      retrySafe: false,
    };
    expect(toCurl(del)).toContain(`\\\n  -X DELETE \\\n`);
    expect(toCurl(del)).not.toContain('crm_sk_');
    expect(toCurl(del, { key: { literal: "crm_sk_a'b$c" } })).toContain(`-H 'Authorization: Bearer crm_sk_a'\\''b$c'`);
    expect(toCurl(del, { key: { literal: 'crm_sk_abc' } })).not.toContain('CRM_API_KEY');
  });

  it('never prints an Authorization header that slipped into a request', () => {
    const leaked = { ...get, headers: { ...get.headers, authorization: 'Bearer crm_sk_leak' } };
    expect(toCurl(leaked)).not.toContain('crm_sk_leak');
  });

  it('streams a file body from stdin and never inlines the file', () => {
    const media = sendRequest('messages.media', 'm-1', {
      kind: 'json-with-file',
      prefix: '{"media":"',
      filePath: "/tmp/it's here/a b.png",
      fileSize: 10,
      suffix: '","caption":"%s \'x\'"}',
    });
    expect(toCurl(media)).toBe(
      [
        `{ printf '%s' '{"media":"'; base64 < '/tmp/it'\\''s here/a b.png' | tr -d '\\n'; printf '%s' '","caption":"%s '\\''x'\\''"}'; } | \\`,
        `  curl 'https://crm.example.com/api/v1/messages/media' \\`,
        `  -H 'Accept: application/json' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H 'Idempotency-Key: m-1' \\`,
        `  -H "Authorization: Bearer $CRM_API_KEY" \\`,
        `  --data-binary @-`,
      ].join('\n'),
    );
  });

  it('prints the URL the sender sends: brackets and braces in a path percent-encoded (no curl globbing left)', () => {
    // issue 10 item 10: the cURL's URL is the sender's normalised URL (wire-url.ts), not the raw one
    expect(toCurl({ ...get, url: 'https://crm.example.com/v[1]/{x}' })).toMatch(/^curl 'https:\/\/crm\.example\.com\/v%5B1%5D\/%7Bx%7D'/);
  });

  it('turns off curl URL globbing when the URL still has brackets (an IPv6 host)', () => {
    expect(toCurl({ ...get, url: 'http://[::1]:4010/api/v1/contacts' })).toMatch(
      /^curl --globoff 'http:\/\/\[::1\]:4010\/api\/v1\/contacts'/,
    );
  });

  it('refuses a NUL, which no shell argument can carry', () => {
    expect(() => shellQuote('a\u0000b')).toThrow(RangeError);
  });

  const { shells } = availableShells();
  it.each(shells.map((s) => [s.name, s] as const))('shellQuote survives %s for 200 tricky strings', async (_name, shell) => {
    const strings = trickyStrings(200, 42).map((s) => s.replaceAll('\u0000', ''));
    const command = strings.map((s) => `printf '%s\\0' ${shellQuote(s)}`).join('; ');
    const result = await runInShell(shell, command, shellEnv());
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\u0000').slice(0, -1)).toEqual(strings);
  });
});
