// Twilio's webhook signature in the app's listener. The unit half checks the scheme on the
// example from Twilio's own documentation and libraries, and each way a post can be wrong; the
// other half runs the real loop: the sandbox in its Twilio dialect posts signed status callbacks
// and a reply to the listener, which takes them with the right auth token and refuses (and logs,
// never shows) them with a wrong one. The loop runs inside the keyring harness (npm test).
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { checkTwilioSignature, signedUrlCandidates, twilioSignatureOf } from '../../../../src-main/core/events/webhooks/twilio-signature';
import { addSandboxProfile } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { teachPlayground } from '../../helpers/playground';
import { sendText } from '../../helpers/send-operations';
import { openAnsweringSandbox, webhookLoop } from './webhook-loop';
import { expectRepliedThread } from './replied-thread';

// Twilio's documented example: this URL, these fields, auth token 12345
const TOKEN = '12345';
const URL_SIGNED = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const FIELDS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const EXPECTED = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
const form = (fields: Record<string, string>): Buffer => Buffer.from(new URLSearchParams(fields).toString());
const behindTunnel = (signature: string | undefined, host = 'mycompany.com') => ({
  host: '127.0.0.1:47474',
  'x-forwarded-host': host,
  'x-forwarded-proto': 'https',
  ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
});

describe("Twilio's signature scheme", () => {
  it("gives the signature of Twilio's documented example", () => {
    expect(twilioSignatureOf(TOKEN, URL_SIGNED, Object.entries(FIELDS))).toBe(EXPECTED);
  });

  it('accepts the example as it arrives through a tunnel (X-Forwarded-Host and -Proto), and with the default port written', () => {
    const path = '/myapp.php?foo=1&bar=2';
    expect(checkTwilioSignature({ path, headers: behindTunnel(EXPECTED), body: form(FIELDS), form: true, authToken: TOKEN })).toBe('valid');
    expect(
      checkTwilioSignature({
        path,
        headers: behindTunnel(EXPECTED, 'mycompany.com:443'),
        body: form(FIELDS),
        form: true,
        authToken: TOKEN,
      }),
    ).toBe('valid');
  });

  it('refuses a changed field, a wrong auth token, another URL, a malformed header; a post without one is "missing"', () => {
    const path = '/myapp.php?foo=1&bar=2';
    expect(
      checkTwilioSignature({
        path,
        headers: behindTunnel(EXPECTED),
        body: form({ ...FIELDS, Digits: '9999' }),
        form: true,
        authToken: TOKEN,
      }),
    ).toBe('invalid');
    expect(checkTwilioSignature({ path, headers: behindTunnel(EXPECTED), body: form(FIELDS), form: true, authToken: '54321' })).toBe(
      'invalid',
    );
    expect(
      checkTwilioSignature({ path: '/myapp.php?foo=1', headers: behindTunnel(EXPECTED), body: form(FIELDS), form: true, authToken: TOKEN }),
    ).toBe('invalid');
    expect(checkTwilioSignature({ path, headers: behindTunnel('not-base64!'), body: form(FIELDS), form: true, authToken: TOKEN })).toBe(
      'invalid',
    );
    expect(checkTwilioSignature({ path, headers: behindTunnel(undefined), body: form(FIELDS), form: true, authToken: TOKEN })).toBe(
      'missing',
    );
  });

  it('a JSON body is signed through bodySHA256 in the URL; one without it, or with another hash, is refused', () => {
    const body = Buffer.from('{"MessageSid":"SM1","MessageStatus":"read"}');
    const hash = createHash('sha256').update(body).digest('hex');
    const path = `/webhooks/p1?bodySHA256=${hash}`;
    const signature = twilioSignatureOf(TOKEN, `https://mycompany.com${path}`, []);
    expect(checkTwilioSignature({ path, headers: behindTunnel(signature), body, form: false, authToken: TOKEN })).toBe('valid');
    expect(
      checkTwilioSignature({
        path,
        headers: behindTunnel(signature),
        body: Buffer.from('{"MessageStatus":"failed"}'),
        form: false,
        authToken: TOKEN,
      }),
    ).toBe('invalid');
    const bare = twilioSignatureOf(TOKEN, 'https://mycompany.com/webhooks/p1', []);
    expect(checkTwilioSignature({ path: '/webhooks/p1', headers: behindTunnel(bare), body, form: false, authToken: TOKEN })).toBe(
      'invalid',
    );
  });

  it('tries the addresses the post may have had, and none without a Host', () => {
    expect(signedUrlCandidates('/w?a=1', { host: '127.0.0.1:47474' })).toContain('http://127.0.0.1:47474/w?a=1');
    expect(signedUrlCandidates('/w', { host: 'example.com', 'x-forwarded-proto': 'https' })).toEqual(
      expect.arrayContaining(['https://example.com/w', 'https://example.com:443/w']),
    );
    expect(signedUrlCandidates('/w', {})).toEqual([]);
  });
});

const available = await keychainAvailable();
const AUTH_TOKEN = 'twilio-auth-token-for-the-loop';
const app = webhookLoop();

describe.skipIf(!available)("the sandbox's Twilio webhooks, signed with X-Twilio-Signature", () => {
  async function loop(appToken: string) {
    const sandbox = await openAnsweringSandbox('twilio', { replyFrom: ['5511999990001'], replyDelayMs: 200, replyText: 'Got it, thanks' });
    const core = await app.openCore(`twilio-signature-${appToken.length}`);
    const { profileId } = await addSandboxProfile(core, sandbox, 'Twilio', 'ops');
    await teachPlayground(core, profileId, 'twilio', sandbox.baseUrl);
    await core.webhookSecrets.set(profileId, { secret: appToken });
    const logged: string[] = [];
    const receiver = await app.listen(core, profileId, { log: (line) => logged.push(line) });
    sandbox.configureEvents({ webhookUrl: receiver.urlFor(profileId), webhookSecret: AUTH_TOKEN, webhookRetryDelaysMs: [] });
    await sendText(core.messages, { number: '5511999990001', text: 'Your order ships today' });
    return { core, logged };
  }

  it('with the right auth token: the statuses and the reply are taken', { timeout: 60_000 }, async () => {
    const { core, logged } = await loop(AUTH_TOKEN);
    await expectRepliedThread(core, '5511999990001');
    expect(logged.filter((l) => l.includes('refused'))).toEqual([]);
  });

  it(
    'with a wrong auth token (a bad signature): every post is refused and logged, and nothing shows as a message',
    { timeout: 60_000 },
    async () => {
      const { core, logged } = await loop('not-the-auth-token');
      // four posts: sent, delivered, read, the reply
      await vi.waitFor(() => expect(logged.filter((l) => l.includes('refused: X-Twilio-Signature invalid'))).toHaveLength(4), {
        timeout: 15_000,
        interval: 100,
      });
      const thread = await core.conversations.thread({ number: '5511999990001' });
      expect(thread.items.map((i) => [i.direction, i.state])).toEqual([['out', null]]);
      // the log says what was refused, never the token or the signature
      expect(logged.join('\n')).not.toContain(AUTH_TOKEN);
    },
  );
});
