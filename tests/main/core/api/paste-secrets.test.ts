// A pasted cURL never leaves a secret in the profile or in a message: credentials in headers,
// HTTP Basic and the query become the key's placement (the value dropped), a credential in a
// JSON or form body refuses the example naming the field only, and errors about malformed
// headers or options quote no value.
import { describe, expect, it } from 'vitest';
import { CurlParseError, parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';

const SECRET = 'Sup3rS3cretValue9xQ';
const URL_ = 'https://api.example.com/v1/send';

function proposeText(curl: string) {
  return proposeOperation(parseCurl(curl), 'messages.text', {});
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error('expected a refusal');
}

describe('secrets in a pasted cURL', () => {
  it.each([
    ['?api_key=', `curl '${URL_}?api_key=${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`],
    ['?token=', `curl '${URL_}?token=${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`],
    [
      '--url-query',
      `curl '${URL_}' --url-query 'access_token=${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
    ],
    ['X-Apitoken', `curl '${URL_}' -H 'X-Apitoken: ${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`],
    [
      'X-Authtoken',
      `curl '${URL_}' -H 'X-Authtoken: ${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
    ],
    [
      'Authentication',
      `curl '${URL_}' -H 'Authentication: Bearer ${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
    ],
    [
      'X-Clientsecret',
      `curl '${URL_}' -H 'X-Clientsecret: ${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
    ],
    [
      'Authorization without a scheme',
      `curl '${URL_}' -H 'Authorization: ${SECRET}' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
    ],
  ])('%s: the placement is learned, the value is nowhere in the proposal', (_name, curl) => {
    const proposal = proposeText(curl);
    expect(proposal.spec.credential).toBeDefined();
    expect(JSON.stringify(proposal)).not.toContain(SECRET);
  });

  it.each([
    ['api_key', `{"to":"+5511999990000","text":"x","api_key":"${SECRET}"}`, 'api_key'],
    ['auth.password', `{"to":"+5511999990000","text":"x","auth":{"user":"ana","password":"${SECRET}"}}`, 'auth.password'],
    ['client_secret', `{"to":"+5511999990000","text":"x","client_secret":"${SECRET}"}`, 'client_secret'],
  ])('a credential in the JSON body (%s) refuses the example, naming the field and not the value', (_name, body, field) => {
    const message = messageOf(() => proposeText(`curl '${URL_}' -H 'Content-Type: application/json' -d '${body}'`));
    expect(message).toContain(field);
    expect(message).not.toContain(SECRET);
  });

  it('a credential in a form body is refused the same way', () => {
    const message = messageOf(() =>
      proposeText(
        `curl '${URL_}' --data-urlencode 'To=whatsapp:+5511999990000' --data-urlencode 'Body=x' --data-urlencode 'token=${SECRET}'`,
      ),
    );
    expect(message).toContain('token');
    expect(message).not.toContain(SECRET);
  });

  it('errors quote no credential: a header without a colon, --expand-header, --ftp-account', () => {
    const noColon = messageOf(() => parseCurl(`curl '${URL_}' -H 'Authorization Bearer ${SECRET}'`));
    expect(noColon).toMatch(/has no colon/);
    expect(noColon).not.toContain(SECRET);
    for (const option of ['--expand-header', '--expand-user', '--ftp-account']) {
      const parsed = parseCurl(`curl '${URL_}' ${option} '${SECRET}'`);
      expect(JSON.stringify(parsed), option).not.toContain(SECRET);
    }
    expect(() => parseCurl(`curl '${URL_}' -H 'Authorization Bearer ${SECRET}'`)).toThrow(CurlParseError);
  });
});

describe('a token in the path', () => {
  it('a bot token in the path refuses the example without quoting it; ids in paths are kept', () => {
    const token = '123456789:AAHn4k2Lp9QxZr7Tb1VcWd3Ye5Uf8Gh0IjK';
    const message = messageOf(() =>
      proposeText(
        `curl 'https://api.example.org/bot${token}/sendMessage' -H 'Content-Type: application/json' -d '{"chat_id":"5511999990000","text":"x"}'`,
      ),
    );
    expect(message).toMatch(/Path segment 1 .* looks like a secret token/);
    expect(message).not.toContain(token.slice(10, 20));
    for (const id of [
      '106540352242922',
      '3b6f0c5e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
      'F8D4B3C2A1E5F6A7B8C9D0E1F2A3B4C5',
      'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    ]) {
      expect(
        () =>
          proposeText(
            `curl 'https://api.example.org/v1/${id}/messages' -H 'Content-Type: application/json' -d '{"to":"+5511999990000","text":"x"}'`,
          ),
        id,
      ).not.toThrow();
    }
  });
});
