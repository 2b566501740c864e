// The leak response against the real sandbox and keychain: a send whose text holds a saved key
// is refused before anything leaves; a contact's reply holding the key is stored scrubbed and
// raises `keys:leak` for that key; a service echoing the key it was sent raises one too.
import { describe, expect, it, vi } from 'vitest';
import type { KeyLeak } from '../../../../src-main/shared/key-leak';
import { wireCoreEvents } from '../../../../src-main/ipc/core-events';
import type { EventChannel, EventMap } from '../../../../src-main/ipc/contract';
import { addProfileWithKey, addSandboxProfile } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox, requestCount } from '../../helpers/sandbox';
import { sendText } from '../../helpers/send-operations';
import { testDispatch } from '../../helpers/ipc';
import { startHttpServer } from '../http/support/local-server';
import { openAnsweringSandbox, webhookLoop } from '../events/webhook-loop';

const available = await keychainAvailable();
const app = webhookLoop();

function emitted(): { leaks: KeyLeak[]; emit: <E extends EventChannel>(event: E, data: EventMap[E]) => void } {
  const leaks: KeyLeak[] = [];
  return { leaks, emit: (event, data) => void (event === 'keys:leak' && leaks.push(data as KeyLeak)) };
}

describe.skipIf(!available)('leak response', () => {
  it(
    'refuses a send whose text holds a saved key, naming the key by its last 4; nothing reaches the service',
    { timeout: 30_000 },
    async () => {
      const sandbox = await openSandbox({ contacts: 2 });
      const core = await app.openCore('leak-send');
      await addProfileWithKey(core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey });
      const last4 = sandbox.adminKey.slice(-4);
      await expect(sendText(core.messages, { number: '+5511999990001', text: `here it is: ${sandbox.adminKey}` })).rejects.toMatchObject({
        code: 'validation',
        message: `This text contains the key "ops" …${last4}; it was not sent. Remove it, and roll the key if it was shared elsewhere.`,
      });
      expect(requestCount(sandbox, '/v1/messages')).toBe(0);
      // a text with only the prefix every sandbox key shares is sent
      await expect(sendText(core.messages, { number: '+5511999990001', text: 'keys start with crm_sk_' })).resolves.toMatchObject({
        status: 'sent',
      });
    },
  );

  it(
    'stores a reply holding the key scrubbed and raises keys:leak for that key, listed again by keys:leaks',
    { timeout: 60_000 },
    async () => {
      const sandbox = await openAnsweringSandbox('default', { replyFrom: ['5511999990001'], replyDelayMs: 200 });
      const core = await app.openCore('leak-reply');
      const { profileId, keyId } = await addSandboxProfile(core, sandbox, 'Shop', 'ops');
      const receiver = await app.listen(core, profileId);
      sandbox.configureEvents({
        webhookUrl: receiver.urlFor(profileId),
        replyText: `my key is ${sandbox.adminKey}`,
        webhookRetryDelaysMs: [50],
      });
      const { leaks, emit } = emitted();
      const events = wireCoreEvents(core, emit);
      try {
        await sendText(core.messages, { number: '+55 11 99999-0001', text: 'Your order ships today' });
        await vi.waitFor(
          () =>
            expect(leaks).toMatchObject([
              { keyId, keyName: 'ops', last4: sandbox.adminKey.slice(-4), profileId, where: { kind: 'reply', number: '5511999990001' } },
            ]),
          { timeout: 15_000, interval: 100 },
        );
        const thread = await core.conversations.thread({ number: '5511999990001' });
        const reply = thread.items.find((i) => i.direction === 'in');
        expect(reply?.text).toBe('my key is ***');
        const listed = await testDispatch(core)('keys:leaks', {});
        expect(listed).toMatchObject({ ok: true, value: [{ keyId, where: { kind: 'reply' } }] });
        expect(JSON.stringify(listed)).not.toContain(sandbox.adminKey.slice(7, 15));
      } finally {
        events.dispose();
      }
    },
  );

  it('notes a "Copy cURL with key" as the key sitting in the clipboard', { timeout: 30_000 }, async () => {
    const sandbox = await openSandbox({ contacts: 1 });
    const core = await app.openCore('leak-clipboard');
    const { keyId } = await addProfileWithKey(core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey });
    const { leaks, emit } = emitted();
    const events = wireCoreEvents(core, emit);
    try {
      const clipboard = { text: '' };
      const answer = await testDispatch(core, { clipboard })('send:copy-curl', {
        draft: { kind: 'text', number: '5511999990000', text: 'hi' },
        withKey: true,
      });
      expect(answer).toMatchObject({ ok: true });
      expect(clipboard.text).toContain(sandbox.adminKey);
      expect(leaks).toMatchObject([{ keyId, where: { kind: 'clipboard' } }]);
    } finally {
      events.dispose();
    }
  });

  it('raises keys:leak when a service echoes the key it was sent', { timeout: 30_000 }, async () => {
    const server = await startHttpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], echo: req.headers.authorization }));
    });
    try {
      const core = await app.openCore('leak-echo');
      const value = 'crm_sk_EchoEcho12345678901234567890abcd';
      const { keyId } = await addProfileWithKey(core, { name: 'Echo', baseUrl: server.url }, { name: 'echoed', value });
      const { leaks, emit } = emitted();
      const events = wireCoreEvents(core, emit);
      try {
        await core.contacts.list({ page: 1, perPage: 10 }).catch(() => undefined);
        await vi.waitFor(
          () => expect(leaks).toMatchObject([{ keyId, last4: 'abcd', where: { kind: 'echo', host: new URL(server.url).host } }]),
          { timeout: 5_000, interval: 50 },
        );
      } finally {
        events.dispose();
      }
    } finally {
      await server.close();
    }
  });
});
